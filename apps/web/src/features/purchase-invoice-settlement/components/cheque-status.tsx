import { CHEQUE_STATUSES, type ChequeStatus } from '@backoffice/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TONE_COLOURS } from '../../../shared/ui/documents/status-tag.tsx';

const TONES: Readonly<Record<ChequeStatus, keyof typeof TONE_COLOURS>> = {
  issued: 'info',
  collected: 'progress',
  send_to_bank: 'progress',
  realized: 'success',
  returned: 'warning',
};

export const isChequeStatus = (value: string | null | undefined): value is ChequeStatus =>
  !!value && (CHEQUE_STATUSES as readonly string[]).includes(value);

/** A cheque status's words (the specification's cheque statuses), the code itself for one a newer server knows. */
export function useChequeStatusLabel() {
  const { t } = useTranslation('settlements');
  return (status: string) => (isChequeStatus(status) ? t(`chequeStatus.${status}`) : status);
}

/** A cheque's status as a tag, in words; its colour is never the only cue. */
export function ChequeStatusTag({ status, testId }: { status: string; testId?: string }) {
  const label = useChequeStatusLabel();
  const tone = isChequeStatus(status) ? TONES[status] : 'neutral';
  return (
    <Tag color={TONE_COLOURS[tone]} data-testid={testId} data-status={status}>
      {label(status)}
    </Tag>
  );
}
