import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/lib/numbers.ts';

/** An amount in pounds, digits that do not jump; the text is the server's exact decimal string. */
export function Gbp({ value, testId }: { value: string | null; testId?: string }) {
  const { i18n } = useTranslation();
  if (value === null) return <span>—</span>;
  return (
    <bdi style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={testId}>
      {formatMoney(value, i18n.language, 'GBP')}
    </bdi>
  );
}

/** GBP to the penny, above zero: what the amount fields accept before the server checks the limits. */
export const CLAIM_AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
export const isClaimAmount = (text: string) => CLAIM_AMOUNT.test(text.trim()) && /[1-9]/.test(text);
