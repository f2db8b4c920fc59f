import type { BundleTaskListItem } from '@backoffice/contracts';
import { Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** Due date, in red when the task is late. */
export function DueDate({ task }: { task: Pick<BundleTaskListItem, 'dueDate' | 'isOverdue'> }) {
  const { t } = useTranslation('bundles');
  const { token } = theme.useToken();
  if (!task.dueDate) return <span aria-hidden>—</span>;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXXS, whiteSpace: 'nowrap' }}>
      <bdi style={task.isOverdue ? { color: token.colorError, fontWeight: 600 } : undefined}>{task.dueDate}</bdi>
      {task.isOverdue ? <Tag color="red">{t('list.overdue')}</Tag> : null}
    </span>
  );
}
