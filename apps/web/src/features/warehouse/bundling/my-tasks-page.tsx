import { CheckOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { type BundleTaskListItem, bundleTaskDocument } from '@backoffice/contracts';
import { Checkbox, Empty, Pagination, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isSilentError } from '../../../shared/lib/errors.ts';
import { PAGE_SIZES, useListState } from '../../../shared/lib/list-state.ts';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../../shared/ui/states.tsx';
import { FilterBar, formatQuantity, TestId, UnitLabel } from '../../inventory/index.ts';
import { useMyTasks, useStartTask } from './api.ts';
import { CompleteTaskModal } from './complete-task-modal.tsx';
import { DueDate } from './status-tag.tsx';
import { type BackState, taskUrl } from './urls.ts';

const FILTERS = ['finished'] as const;

/** One task as a card big enough to read and tap on the warehouse floor. */
function TaskCard({
  task,
  onComplete,
  back,
}: {
  task: BundleTaskListItem;
  onComplete: (task: BundleTaskListItem) => void;
  back: BackState;
}) {
  const { t, i18n } = useTranslation('bundles');
  const { token } = theme.useToken();
  const start = useStartTask();
  const q = (text: string) => formatQuantity(text, i18n.language);

  return (
    <section
      data-testid="my-task"
      data-task-number={task.number}
      aria-label={task.number}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: token.marginSM,
        padding: token.paddingLG,
        background: token.colorBgContainer,
        border: `1px solid ${task.isOverdue ? token.colorErrorBorder : token.colorBorderSecondary}`,
        borderInlineStart: `6px solid ${task.isOverdue ? token.colorError : task.status === 'IN_PROGRESS' ? token.colorWarning : token.colorPrimary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: token.marginXS,
        }}
      >
        <Link to={taskUrl(task.id)} state={back} style={{ fontWeight: 600 }}>
          <bdi>{task.number}</bdi>
        </Link>
        <StatusTag doc={bundleTaskDocument} status={task.status} testId="task-status" />
      </div>
      <div>
        <div style={{ fontSize: token.fontSizeHeading4, fontWeight: 700, lineHeight: 1.3 }}>
          <bdi>{task.bundle.sku}</bdi>
        </div>
        <div style={{ color: token.colorTextSecondary }}>{task.bundle.name}</div>
      </div>
      <div
        data-testid="my-task-remaining"
        style={{ fontSize: token.fontSizeHeading3, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
      >
        <bdi>{t('mine.left', { remaining: q(task.remainingQuantity), quantity: q(task.quantity) })}</bdi>{' '}
        <span style={{ fontSize: token.fontSize, fontWeight: 400 }}>
          <UnitLabel unit={task.bundle.unit} />
        </span>
      </div>
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          gap: `${token.marginXXS}px ${token.marginSM}px`,
          margin: 0,
        }}
      >
        <dt style={{ color: token.colorTextSecondary }}>{t('fields.warehouse')}</dt>
        <dd style={{ margin: 0 }}>
          <bdi>{task.warehouse.code}</bdi> · {task.warehouse.name}
        </dd>
        <dt style={{ color: token.colorTextSecondary }}>{t('mine.from')}</dt>
        <dd style={{ margin: 0 }}>{task.sourceLocation ? <bdi>{task.sourceLocation.code}</bdi> : t('mine.anyBin')}</dd>
        <dt style={{ color: token.colorTextSecondary }}>{t('mine.to')}</dt>
        <dd style={{ margin: 0 }}>
          {task.targetLocation ? <bdi>{task.targetLocation.code}</bdi> : t('mine.defaultBin')}
        </dd>
        <dt style={{ color: token.colorTextSecondary }}>{t('fields.dueDate')}</dt>
        <dd style={{ margin: 0 }}>{task.dueDate ? <DueDate task={task} /> : t('mine.noDue')}</dd>
      </dl>
      {task.notes ? <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{task.notes}</p> : null}
      <div style={{ marginBlockStart: 'auto' }}>
        {/* The assignee's own steps: the definition decides which the task's status allows. */}
        <ActionBar
          doc={bundleTaskDocument}
          status={task.status}
          number={task.number}
          size="large"
          handlers={{
            complete: {
              open: () => onComplete(task),
              primary: true,
              icon: <CheckOutlined />,
              testId: 'my-task-complete',
            },
            start: {
              run: () => start.mutateAsync(task.id),
              icon: <PlayCircleOutlined />,
              testId: 'my-task-start',
            },
          }}
        />
      </div>
    </section>
  );
}

/**
 * Bundling › My Tasks: the tasks assigned to the signed-in user as large cards, due first, with Start and
 * Complete (how many were assembled, after the availability check). Finished tasks on request.
 */
export function MyTasksPage() {
  const { t } = useTranslation('bundles');
  const { token } = theme.useToken();
  const location = useLocation();
  const [state, update] = useListState(FILTERS);
  const showFinished = state.filters.finished === 'true';
  const list = useMyTasks({
    page: state.page,
    pageSize: state.pageSize,
    ...(state.q ? { q: state.q } : {}),
    openOnly: showFinished ? 'false' : 'true',
  });
  const [completing, setCompleting] = useState<BundleTaskListItem | null>(null);
  const back: BackState = { backTo: `${location.pathname}${location.search}` };
  const items = list.data?.items ?? [];

  let body: ReactNode;
  if (list.isPending) body = <Spinner minHeight={200} />;
  else if (list.isError && !list.data)
    body = isSilentError(list.error) ? null : <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!items.length)
    body =
      state.q || showFinished ? (
        <EmptyState filtered />
      ) : (
        <Empty description={t('mine.empty')} data-testid="my-tasks-empty" />
      );
  else
    body = (
      <div
        data-testid="my-tasks"
        aria-busy={list.isFetching}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
          gap: token.margin,
        }}
      >
        {items.map((task) => (
          <TaskCard key={task.id} task={task} onComplete={setCompleting} back={back} />
        ))}
      </div>
    );

  return (
    <>
      <PageHeader />
      <FilterBar>
        <TestId id="my-tasks-search">
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('list.search')} />
        </TestId>
        <Checkbox
          checked={showFinished}
          onChange={(e) => update({ finished: e.target.checked ? 'true' : undefined })}
          data-testid="my-tasks-finished"
        >
          {t('mine.showFinished')}
        </Checkbox>
      </FilterBar>
      {list.isError && list.data && !isSilentError(list.error) ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      {body}
      {list.data && list.data.total > 0 ? (
        <Pagination
          style={{ marginBlockStart: token.margin, justifyContent: 'flex-end' }}
          current={state.page}
          pageSize={state.pageSize}
          total={list.data.total}
          showSizeChanger
          pageSizeOptions={PAGE_SIZES}
          onChange={(page, pageSize) => update(pageSize !== state.pageSize ? { pageSize } : { page })}
        />
      ) : null}
      <CompleteTaskModal task={completing} onClose={() => setCompleting(null)} />
    </>
  );
}
