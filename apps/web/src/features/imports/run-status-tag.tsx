import type { ImportRunStatus } from '@backoffice/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ImportRunStatus, string> = {
  QUEUED: 'default',
  VALIDATING: 'processing',
  APPLYING: 'processing',
  APPLIED: 'success',
  FAILED: 'error',
};

export function RunStatusTag({ status }: { status: ImportRunStatus }) {
  const { t } = useTranslation('imports');
  return (
    <Tag color={COLORS[status]} data-testid="run-status">
      {t(`bulk.status.${status}`)}
    </Tag>
  );
}
