import { ArrowLeftOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import {
  type StockCount,
  type StockCountPostResult,
  type StockMovement,
  stockCountDocument,
} from '@backoffice/contracts';
import { Alert, Descriptions, Table, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { ReasonModal } from '../../../shared/ui/documents/reason-modal.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { useMovementColumns } from '../../inventory/index.ts';
import {
  stockCountPdfPath,
  useCancelCount,
  useCountMovements,
  useReopenCount,
  useReverseCount,
  useStockCount,
  useStockCountLines,
  useSubmitCount,
} from './api.ts';
import { CountLinesTable } from './count-lines-table.tsx';
import { PostCountModal, PostResult } from './post-count-modal.tsx';
import { ScanPanel } from './scan-panel.tsx';
import { STOCK_PROCESS_PATH } from './urls.ts';
import { VarianceChart } from './variance-chart.tsx';

const COUNT = 'handle_inventory_stock_process';

/** A reversed session's ledger rows: those it posted and those of its reversal, each linked to its original. */
function CountMovements({ countId }: { countId: string }) {
  const { t } = useTranslation('stockCounts');
  const { token } = theme.useToken();
  const query = useCountMovements(countId, true);
  const columns = useMovementColumns({ product: true, kind: true });
  const table = (testId: string, caption: string, rows: StockMovement[] | undefined) => (
    <Table<StockMovement>
      data-testid={testId}
      caption={caption}
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={rows ?? []}
      loading={query.isFetching}
      pagination={false}
      scroll={{ x: 'max-content' }}
      style={{ marginTop: token.margin }}
    />
  );
  return (
    <>
      {table('count-reversal-rows', t('actions.reversalRows'), query.data?.reversal)}
      {table('count-posted-rows', t('actions.postedRows'), query.data?.posted)}
    </>
  );
}
const APPROVE = 'approve_inventory_stock_process';

/** Who started, submitted, posted or cancelled the session and when; the zone and the notes. */
function Facts({ count }: { count: StockCount }) {
  const { t } = useTranslation('stockCounts');
  const { token } = theme.useToken();
  const stamp = (at: string, who: { username: string } | null) => `${formatDateTime(at)} · ${who?.username ?? ''}`;
  return (
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
        { key: 'started', label: t('fields.started'), children: stamp(count.createdAt, count.createdBy) },
        ...(count.submittedAt
          ? [{ key: 'submitted', label: t('fields.submitted'), children: stamp(count.submittedAt, count.submittedBy) }]
          : []),
        ...(count.postedAt
          ? [
              {
                key: 'posted',
                label: t('fields.posted'),
                children: `${stamp(count.postedAt, count.postedBy)}${
                  count.zeroUncounted ? ` · ${t('post.zeroUncountedShort')}` : ''
                }`,
              },
            ]
          : []),
        ...(count.canceledAt
          ? [{ key: 'canceled', label: t('fields.canceled'), children: stamp(count.canceledAt, count.canceledBy) }]
          : []),
        ...(count.reversedAt
          ? [
              {
                key: 'reversed',
                label: t('fields.reversed'),
                children: (
                  <span data-testid="count-reversed">
                    {stamp(count.reversedAt, count.reversedBy)}
                    {count.reversalReason ? (
                      <>
                        {' · '}
                        <span dir="auto">{count.reversalReason}</span>
                      </>
                    ) : null}
                  </span>
                ),
              },
            ]
          : []),
        ...(count.notes ? [{ key: 'notes', label: t('fields.notes'), children: count.notes }] : []),
      ]}
    />
  );
}

/**
 * One counting session: while open, the scan panel for counters; always, the lines with the totals; for
 * those who see book figures, the variance chart; and the steps the definition allows in its status to
 * the reader's permissions (submit, send back, post, cancel), with Print.
 */
export function StockCountPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('stockCounts');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const query = useStockCount(id);
  // The whole session's totals, for the posting dialog (the table asks for its own page of them).
  const totals = useStockCountLines(id, { page: 1, pageSize: 1 });
  const submit = useSubmitCount(id);
  const reopen = useReopenCount(id);
  const cancel = useCancelCount(id);
  const reverse = useReverseCount(id);
  const submission = useSubmissionKey();
  const [reversing, setReversing] = useState(false);
  const [posting, setPosting] = useState(false);
  const [result, setResult] = useState<StockCountPostResult | null>(null);

  const back = (
    <Link to={STOCK_PROCESS_PATH} style={{ display: 'inline-flex', gap: token.marginXXS }} data-testid="count-back">
      <ArrowLeftOutlined aria-hidden />
      {t('backToList')}
    </Link>
  );

  return (
    <DetailFrame
      query={query}
      number={(count) => count.number}
      numberTestId="count-number"
      back={back}
      tags={(count) => (
        <>
          <StatusTag doc={stockCountDocument} status={count.status} testId="count-status" />
          {count.blind ? (
            <span style={{ color: token.colorTextSecondary, fontSize: token.fontSize, fontWeight: 400 }}>
              <EyeInvisibleOutlined /> {t('fields.blind')}
            </span>
          ) : null}
        </>
      )}
      actions={(count) => (
        <ActionBar
          doc={stockCountDocument}
          status={count.status}
          number={count.number}
          print={{ path: stockCountPdfPath(count.id), fileName: `${count.number}.pdf` }}
          handlers={{
            submit: { run: () => submit.mutateAsync(), primary: true, testId: 'submit-count' },
            reopen: { run: () => reopen.mutateAsync(), testId: 'reopen-count' },
            post: { open: () => setPosting(true), primary: true, testId: 'post-count' },
            cancel: { run: () => cancel.mutateAsync(), testId: 'cancel-count' },
            reverse: { open: () => setReversing(true), testId: 'reverse-count' },
          }}
        />
      )}
    >
      {(count) => {
        const isOpen = count.status === 'OPEN';
        const canCount = has(COUNT);
        return (
          <>
            <Facts count={count} />
            {!count.showsBook ? (
              <Alert type="info" showIcon title={t('blindNotice')} style={{ marginBottom: token.margin }} />
            ) : null}
            {count.status === 'SUBMITTED' && canCount && !has(APPROVE) ? (
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
            {count.status === 'REVERSED' ? <CountMovements countId={count.id} /> : null}
            <ReasonModal
              open={reversing}
              testId="count-reverse-dialog"
              title={t('actions.reverseTitle', { number: count.number })}
              intro={t('actions.reverseIntro')}
              reasonLabel={t('actions.reverseReason')}
              okText={t('actions.reverseOk')}
              onClose={() => setReversing(false)}
              onSubmit={async (reason) => {
                await reverse.mutateAsync({ reason, idempotencyKey: submission.keyFor({ id, reason }) });
                submission.reset();
                setReversing(false);
                notifySuccess(t('actions.reversedDone', { number: count.number }));
              }}
            />
          </>
        );
      }}
    </DetailFrame>
  );
}
