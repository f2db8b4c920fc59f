import {
  ArrowLeftOutlined,
  CheckOutlined,
  PlayCircleOutlined,
  StopOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import {
  BUNDLE_TASK_REASON_MAX,
  type BundleTask,
  type BundleTaskCompletion,
  bundleTaskDocument,
  type StockMovement,
} from '@backoffice/contracts';
import { Alert, Descriptions, Form, Input, Modal, Table, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { formatDate, formatDateTime } from '../../../shared/lib/dates.ts';
import { useMe } from '../../../shared/lib/me.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure, UnitLabel, useMovementColumns } from '../../inventory/index.ts';
import { bundleTaskPdfPath, useAssignTask, useCancelTask, useStartTask, useTask } from './api.ts';
import { AssigneeSelect } from './assignee-select.tsx';
import { AvailabilityTable } from './availability-table.tsx';
import { CompleteTaskModal } from './complete-task-modal.tsx';
import { DueDate } from './status-tag.tsx';
import { type BackState, MY_TASKS_PATH, TASK_LIST_PATH } from './urls.ts';

type Component = BundleTask['components'][number];

function Facts({ task }: { task: BundleTask }) {
  const { t } = useTranslation('bundles');
  const who = (user: string | null, at: string | null) =>
    at ? `${formatDateTime(at)}${user ? ` · ${user}` : ''}` : '—';
  const items = [
    {
      key: 'bundle',
      label: t('fields.bundle'),
      children: (
        <span>
          <bdi style={{ fontWeight: 600 }}>{task.bundle.sku}</bdi> · {task.bundle.name}
        </span>
      ),
    },
    {
      key: 'warehouse',
      label: t('fields.warehouse'),
      children: (
        <span>
          <bdi>{task.warehouse.code}</bdi> · {task.warehouse.name}
        </span>
      ),
    },
    {
      key: 'quantity',
      label: t('fields.quantity'),
      children: (
        <span data-testid="task-quantity-figures">
          <Figure value={task.quantity} /> <UnitLabel unit={task.bundle.unit} /> · {t('fields.completed')}{' '}
          <Figure value={task.completedQuantity} /> · {t('fields.remaining')} <Figure value={task.remainingQuantity} />
        </span>
      ),
    },
    {
      key: 'source',
      label: t('fields.sourceBin'),
      children: task.sourceLocation ? <bdi>{task.sourceLocation.code}</bdi> : t('form.sourceBinPlaceholder'),
    },
    {
      key: 'target',
      label: t('fields.targetBin'),
      children: task.targetLocation ? <bdi>{task.targetLocation.code}</bdi> : t('form.targetBinPlaceholder'),
    },
    {
      key: 'assignee',
      label: t('fields.assignee'),
      children: task.assignee ? (
        <bdi data-testid="task-assignee-name">
          {task.assignee.name} ({task.assignee.username})
        </bdi>
      ) : (
        t('form.assigneePlaceholder')
      ),
    },
    { key: 'due', label: t('fields.dueDate'), children: <DueDate task={task} /> },
    {
      key: 'created',
      label: t('fields.createdAt'),
      children: `${formatDate(task.createdAt)}${task.createdBy ? ` · ${task.createdBy}` : ''}`,
    },
    { key: 'started', label: t('fields.startedAt'), children: who(task.startedBy, task.startedAt) },
    ...(task.completedAt
      ? [{ key: 'completed', label: t('fields.completedAt'), children: who(task.completedBy, task.completedAt) }]
      : []),
    ...(task.canceledAt
      ? [
          { key: 'canceled', label: t('fields.canceledAt'), children: who(task.canceledBy, task.canceledAt) },
          { key: 'reason', label: t('fields.cancelReason'), children: task.cancelReason || '—' },
        ]
      : []),
    ...(task.notes
      ? [
          {
            key: 'notes',
            label: t('fields.notes'),
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{task.notes}</span>,
          },
        ]
      : []),
  ];
  return <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} />;
}

function AssignModal({ task, open, onClose }: { task: BundleTask; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('bundles');
  const errorText = useErrorText();
  const assign = useAssignTask();
  const [assignee, setAssignee] = useState<string | null>(task.assignee?.id ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    setFailure(null);
    try {
      await assign.mutateAsync({ id: task.id, body: { assigneeUserId: assignee } });
      notifySuccess(t('assign.done'));
      onClose();
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('assign.title', { number: task.number })}
      okText={t('assign.submit')}
      onOk={() => void submit()}
      confirmLoading={assign.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'assign-submit' }}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('assign.label')} htmlFor="assign-user">
          <AssigneeSelect
            id="assign-user"
            testId="assign-user"
            value={assignee}
            current={task.assignee}
            onChange={setAssignee}
            placeholder={t('assign.nobody')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CancelModal({ task, open, onClose }: { task: BundleTask; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('bundles');
  const errorText = useErrorText();
  const cancel = useCancelTask();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    setFailure(null);
    try {
      await cancel.mutateAsync({ id: task.id, body: { reason: reason.trim() } });
      notifySuccess(t('cancel.done'));
      onClose();
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('cancel.title', { number: task.number })}
      okText={t('cancel.submit')}
      cancelText={t('cancel.keep')}
      okButtonProps={{ danger: true, 'data-testid': 'cancel-submit' }}
      onOk={() => void submit()}
      confirmLoading={cancel.isPending}
      destroyOnHidden
    >
      <p>{t('cancel.description')}</p>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form layout="vertical">
        <Form.Item label={t('cancel.reason')} htmlFor="cancel-reason">
          <Input.TextArea
            id="cancel-reason"
            rows={3}
            maxLength={BUNDLE_TASK_REASON_MAX}
            showCount
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="cancel-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ComponentsPanel({ task }: { task: BundleTask }) {
  const { t } = useTranslation('bundles');
  const { token } = theme.useToken();
  const columns: ColumnsType<Component> = [
    {
      key: 'component',
      title: t('fields.component'),
      render: (_, c) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi style={{ fontWeight: 600 }}>{c.product.sku}</bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{c.product.name}</span>
        </span>
      ),
    },
    {
      key: 'perBundle',
      title: t('fields.perBundle'),
      align: 'end',
      render: (_, c) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Figure value={c.perBundle} /> <UnitLabel unit={c.product.unit} />
        </span>
      ),
    },
    { key: 'consumed', title: t('fields.consumed'), align: 'end', render: (_, c) => <Figure value={c.consumed} /> },
    {
      key: 'neededForRemaining',
      title: t('fields.neededForRemaining'),
      align: 'end',
      render: (_, c) => <Figure value={c.neededForRemaining} />,
    },
  ];
  return (
    <Panel title={t('detail.components')} style={{ marginBottom: token.margin }}>
      <Table<Component>
        data-testid="task-components"
        size="small"
        rowKey={(c) => c.product.id}
        columns={columns}
        dataSource={task.components}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Panel>
  );
}

function CompletionsPanel({ task }: { task: BundleTask }) {
  const { t } = useTranslation('bundles');
  const { token } = theme.useToken();
  const columns: ColumnsType<BundleTaskCompletion> = [
    { key: 'seq', dataIndex: 'seq', title: t('fields.completion'), render: (seq: number) => `#${seq}` },
    {
      key: 'postedAt',
      dataIndex: 'postedAt',
      title: t('fields.postedAt'),
      render: (value: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</bdi>,
    },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: t('fields.quantity'),
      align: 'end',
      render: (value: string) => <Figure value={value} />,
    },
    {
      key: 'value',
      dataIndex: 'value',
      title: t('fields.value'),
      align: 'end',
      render: (value: string) => <Figure value={value} kind="money" />,
    },
    {
      key: 'unitCost',
      dataIndex: 'unitCost',
      title: t('fields.unitCost'),
      align: 'end',
      render: (value: string) => <Figure value={value} kind="cost" />,
    },
    {
      key: 'user',
      dataIndex: 'username',
      title: t('fields.user'),
      render: (value: string | null) => (value ? <bdi>{value}</bdi> : '—'),
    },
  ];
  return (
    <Panel title={t('detail.completions')} style={{ marginBottom: token.margin }}>
      {task.completions.length ? (
        <Table<BundleTaskCompletion>
          data-testid="task-completions"
          size="small"
          rowKey="seq"
          columns={columns}
          dataSource={task.completions}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      ) : (
        <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('detail.noCompletions')}</p>
      )}
    </Panel>
  );
}

function MovementsPanel({ task }: { task: BundleTask }) {
  const { t } = useTranslation('bundles');
  const columns = useMovementColumns({ product: true, kind: true });
  if (!task.movements.length) return null;
  return (
    <Panel title={t('detail.movements')}>
      <Table<StockMovement>
        data-testid="task-movements"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={task.movements}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Panel>
  );
}

/**
 * One task: its facts, the availability of what is left, its recipe, completions and the ledger rows they
 * posted; and the steps the definition allows in its status to the user's permissions (start, complete,
 * assign, cancel), starting and completing only for the assignee unless the user plans tasks; Print.
 */
export function TaskDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('bundles');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const me = useMe();
  const location = useLocation();
  const task = useTask(id);
  const start = useStartTask();
  const [completing, setCompleting] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const backTo = (location.state as BackState | null)?.backTo;
  const fromMine = backTo?.startsWith(MY_TASKS_PATH) || (!backTo && !has('view_warehouse'));
  const back = (
    <Link
      to={backTo ?? (fromMine ? MY_TASKS_PATH : TASK_LIST_PATH)}
      style={{ display: 'inline-flex', gap: token.marginXXS }}
      data-testid="task-back"
    >
      <ArrowLeftOutlined aria-hidden />
      {fromMine ? t('actions.backMine') : t('actions.back')}
    </Link>
  );
  // Starting and completing are the assignee's, unless the user plans tasks (the API holds the same rule).
  const mayWork = (x: BundleTask) => (!!me.data && x.assignee?.id === me.data.id) || has('add_bundle_task');

  return (
    <DetailFrame
      query={task}
      number={(x) => x.number}
      headingTestId="task-heading"
      back={back}
      tags={(x) => <StatusTag doc={bundleTaskDocument} status={x.status} testId="task-status" />}
      actions={(x) => (
        <ActionBar
          doc={bundleTaskDocument}
          status={x.status}
          number={x.number}
          print={{ path: bundleTaskPdfPath(x.id), fileName: `${x.number}.pdf` }}
          handlers={{
            start: {
              run: () => start.mutateAsync(x.id),
              hidden: !mayWork(x),
              icon: <PlayCircleOutlined />,
              testId: 'task-start',
            },
            complete: {
              open: () => setCompleting(true),
              hidden: !mayWork(x),
              primary: true,
              icon: <CheckOutlined />,
              testId: 'task-complete',
            },
            assign: { open: () => setAssigning(true), icon: <UserSwitchOutlined />, testId: 'task-assign' },
            cancel: { open: () => setCanceling(true), icon: <StopOutlined />, testId: 'task-cancel' },
          }}
        />
      )}
    >
      {(x) => {
        const canManage = (x.status === 'OPEN' || x.status === 'IN_PROGRESS') && has('add_bundle_task');
        return (
          <>
            <Panel style={{ marginBottom: token.margin }}>
              <Facts task={x} />
            </Panel>
            {x.availability ? (
              <Panel title={t('availability.title')} style={{ marginBottom: token.margin }}>
                <AvailabilityTable availability={x.availability} testId="task-availability" />
              </Panel>
            ) : null}
            <ComponentsPanel task={x} />
            <CompletionsPanel task={x} />
            <MovementsPanel task={x} />
            <CompleteTaskModal task={completing ? x : null} onClose={() => setCompleting(false)} />
            {canManage ? (
              <>
                <AssignModal
                  key={`assign-${assigning}`}
                  task={x}
                  open={assigning}
                  onClose={() => setAssigning(false)}
                />
                <CancelModal
                  key={`cancel-${canceling}`}
                  task={x}
                  open={canceling}
                  onClose={() => setCanceling(false)}
                />
              </>
            ) : null}
          </>
        );
      }}
    </DetailFrame>
  );
}
