import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatQuantity, isNegative, isPositive } from './numbers.ts';

/**
 * A quantity or an amount of a table cell or card, in the reader's language and with aligned digits;
 * below zero in red. `signed`: a change of stock, written with its sign (+ in, − out) so the colour
 * (green in, red out) is never the only cue.
 */
export function Figure({
  value,
  kind = 'quantity',
  signed = false,
  testId,
}: {
  value: string | null | undefined;
  kind?: 'quantity' | 'money' | 'cost';
  signed?: boolean;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const { token } = theme.useToken();
  if (value === null || value === undefined || value === '') return <span aria-hidden>—</span>;
  const text =
    kind === 'quantity'
      ? formatQuantity(value, i18n.language, signed)
      : formatMoney(value, i18n.language, kind === 'cost' ? 4 : 2);
  const color = isNegative(value) ? token.colorError : signed && isPositive(value) ? token.colorSuccess : undefined;
  return (
    <bdi data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color }}>
      {text}
    </bdi>
  );
}
