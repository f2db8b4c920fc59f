import { ArrowLeftOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import type { StockCountPostResult } from '@backoffice/contracts';
import { Alert, Button, Descriptions, Popconfirm, Skeleton, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { useCancelCount, useReopenCount, useStockCount, useStockCountLines, useSubmitCount } from './api.ts';
import { CountLinesTable } from './count-lines-table.tsx';
import { CountStatusTag } from './count-status-tag.tsx';
import { PostCountModal, PostResult } from './post-count-modal.tsx';
import { ScanPanel } from './scan-panel.tsx';
import { STOCK_PROCESS_PATH } from './urls.ts';
import { VarianceChart } from './variance-chart.tsx';

const COUNT = 'handle_inventory_stock_process';
const APPROVE = 'approve_inventory_stock_process';

/**
 * One counting session: while open, the scan panel for counters; always, the lines with the totals; for
 * those who see book figures, the variance chart; and the actions the reader's permissions and the
 * session's status allow (submit, send back, post, cancel).
 */
export function StockCountPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('stockCounts');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const query = useStockCount(id);
  // The whole session's totals, for the posting dialog (the table asks for its own page of them).
  const totals = useStockCountLines(id, { page: 1, pageSize: 1 });
  const submit = useSubmitCount(id);
  const reopen = useReopenCount(id);
  const cancel = useCancelCount(id);
  const [posting, setPosting] = useState(false);
  const [result, setResult] = useState<StockCountPostResult | null>(null);
  const count = query.data;

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notifySuccess(done);
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(t('actionFailed'), text);
    }
  };

  const back = (
    <Link to={STOCK_PROCESS_PATH}>
      <Button icon={<ArrowLeftOutlined />}>{t('backToList')}</Button>
    </Link>
  );

  if (!count)
    return (
      <>
        <PageHeader extra={back} />
        {query.error ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : <Skeleton active />}
      </>
    );

  const isOpen = count.status === 'OPEN';
  const isSubmitted = count.status === 'SUBMITTED';
  const canCount = has(COUNT);
  const canApprove = has(APPROVE);

  return (
    <>
      <PageHeader
        extra={
          <>
            {back}
            {isOpen && canCount ? (
              <Popconfirm
                title={t('actions.submitConfirm')}
                description={t('actions.submitHelp')}
                okText={t('actions.submit')}
                cancelText={t('post.cancel')}
                onConfirm={() => act(() => submit.mutateAsync(), t('actions.submitted'))}
              >
                <Button type="primary" loading={submit.isPending} data-testid="submit-count">
                  {t('actions.submit')}
                </Button>
              </Popconfirm>
            ) : null}
            {isSubmitted && canApprove ? (
              <>
                <Button
                  loading={reopen.isPending}
                  onClick={() => void act(() => reopen.mutateAsync(), t('actions.reopened'))}
                  data-testid="reopen-count"
                >
                  {t('actions.reopen')}
                </Button>
                <Button type="primary" onClick={() => setPosting(true)} data-testid="post-count">
                  {t('actions.post')}
                </Button>
              </>
            ) : null}
            {(isOpen || isSubmitted) && (canCount || canApprove) ? (
              <Popconfirm
                title={t('actions.cancelConfirm')}
                description={t('actions.cancelHelp')}
                okText={t('actions.cancel')}
                okButtonProps={{ danger: true }}
                cancelText={t('post.cancel')}
                onConfirm={() => act(() => cancel.mutateAsync(), t('actions.canceled'))}
              >
                <Button danger loading={cancel.isPending} data-testid="cancel-count">
                  {t('actions.cancel')}
                </Button>
              </Popconfirm>
            ) : null}
          </>
        }
      >
        <div
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: token.marginXS,
            marginTop: token.marginXXS,
          }}
        >
          <bdi data-testid="count-number" style={{ fontSize: token.fontSizeLG, fontWeight: 600 }}>
            {count.number}
          </bdi>
          <CountStatusTag status={count.status} />
          {count.blind ? (
            <span style={{ color: token.colorTextSecondary }}>
              <EyeInvisibleOutlined /> {t('fields.blind')}
            </span>
          ) : null}
        </div>
      </PageHeader>

      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        style={{ marginBottom: token.margin }}
        items={[
          {
            key: 'warehouse',
            label: t('fields.warehouse'),
            children: (
              <bdi>
                {count.warehouse.code} · {count.warehouse.name}
              </bdi>
            ),
          },
          { key: 'zone', label: t('fields.zone'), children: count.zone ?? t('wholeWarehouse') },
          {
            key: 'progress',
            label: t('fields.progress'),
            children: t('progressValue', { counted: count.countedLineCount, lines: count.lineCount }),
          },
          {
            key: 'started',
            label: t('fields.started'),
            children: `${formatDateTime(count.createdAt)} · ${count.createdBy.username}`,
          },
          ...(count.submittedAt
            ? [
                {
                  key: 'submitted',
                  label: t('fields.submitted'),
                  children: `${formatDateTime(count.submittedAt)} · ${count.submittedBy?.username ?? ''}`,
                },
              ]
            : []),
          ...(count.postedAt
            ? [
                {
                  key: 'posted',
                  label: t('fields.posted'),
                  children: `${formatDateTime(count.postedAt)} · ${count.postedBy?.username ?? ''}${
                    count.zeroUncounted ? ` · ${t('post.zeroUncountedShort')}` : ''
                  }`,
                },
              ]
            : []),
          ...(count.canceledAt
            ? [
                {
                  key: 'canceled',
                  label: t('fields.canceled'),
                  children: `${formatDateTime(count.canceledAt)} · ${count.canceledBy?.username ?? ''}`,
                },
              ]
            : []),
          ...(count.notes ? [{ key: 'notes', label: t('fields.notes'), children: count.notes }] : []),
        ]}
      />

      {!count.showsBook ? (
        <Alert type="info" showIcon title={t('blindNotice')} style={{ marginBottom: token.margin }} />
      ) : null}
      {isSubmitted && canCount && !canApprove ? (
        <Alert type="info" showIcon title={t('waitingForApproval')} style={{ marginBottom: token.margin }} />
      ) : null}

      {isOpen && canCount ? <ScanPanel countId={count.id} /> : null}
      {count.showsBook ? <VarianceChart countId={count.id} /> : null}
      <CountLinesTable count={count} canEdit={isOpen && canCount} />

      {posting ? (
        <PostCountModal
          count={count}
          totals={totals.data?.totals}
          open={posting}
          onClose={() => setPosting(false)}
          onPosted={(posted) => {
            setPosting(false);
            setResult(posted);
            notifySuccess(t('actions.posted'));
          }}
        />
      ) : null}
      <PostResult result={result} onClose={() => setResult(null)} />
    </>
  );
}
