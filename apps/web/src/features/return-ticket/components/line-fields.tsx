import { RETURN_CONDITIONS, RETURN_REASONS, type ReturnCondition, type ReturnReason } from '@backoffice/contracts';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a return line says besides its product: how many, why, in what condition, a note. */
export interface LineDraft {
  quantity: string;
  reason: ReturnReason;
  condition: ReturnCondition;
  note: string;
}

export const emptyLine = (): LineDraft => ({ quantity: '', reason: 'CHANGED_MIND', condition: 'RESALEABLE', note: '' });

/** A quantity as typed: digits with up to four decimals (the server checks the rest). */
export const QUANTITY = /^\d{1,8}(\.\d{1,4})?$/;
export const isQuantity = (v: string) => QUANTITY.test(v.trim()) && /[1-9]/.test(v);

export function ReasonSelect({
  value,
  onChange,
  ariaLabel,
  testId,
}: {
  value: ReturnReason;
  onChange: (v: ReturnReason) => void;
  ariaLabel: string;
  testId?: string;
}) {
  const { t } = useTranslation('returnTickets');
  return (
    <Select<ReturnReason>
      aria-label={ariaLabel}
      data-testid={testId}
      value={value}
      onChange={onChange}
      options={RETURN_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) }))}
      style={{ minWidth: 170 }}
      popupMatchSelectWidth={false}
    />
  );
}

export function ConditionSelect({
  value,
  onChange,
  ariaLabel,
  testId,
}: {
  value: ReturnCondition;
  onChange: (v: ReturnCondition) => void;
  ariaLabel: string;
  testId?: string;
}) {
  const { t } = useTranslation('returnTickets');
  return (
    <Select<ReturnCondition>
      aria-label={ariaLabel}
      data-testid={testId}
      value={value}
      onChange={onChange}
      options={RETURN_CONDITIONS.map((c) => ({ value: c, label: t(`condition.${c}`) }))}
      style={{ minWidth: 160 }}
      popupMatchSelectWidth={false}
    />
  );
}

export function QuantityInput({
  value,
  onChange,
  ariaLabel,
  testId,
  invalid,
}: {
  value: string;
  onChange: (v: string) => void;
  ariaLabel: string;
  testId?: string;
  invalid?: boolean;
}) {
  return (
    <Input
      aria-label={ariaLabel}
      aria-invalid={invalid || undefined}
      status={invalid ? 'error' : undefined}
      data-testid={testId}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      onChange={(e) => onChange(e.target.value)}
      style={{ width: 100 }}
    />
  );
}

export function NoteInput({
  value,
  onChange,
  ariaLabel,
  placeholder,
}: {
  value: string;
  onChange: (v: string) => void;
  ariaLabel: string;
  placeholder: string;
}) {
  return (
    <Input
      aria-label={ariaLabel}
      value={value}
      maxLength={500}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value)}
      style={{ width: 220, maxWidth: '100%' }}
    />
  );
}
