import {
  type StockCount,
  type StockCountPostInput,
  type StockCountPostResult,
  type StockCountTotals,
  StockErrorCode,
} from '@backoffice/contracts';
import { Alert, Checkbox, Input, Modal, Table, Tag, Typography, theme } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { Figure, magnitude, StockFigures } from '../../inventory/index.ts';
import { usePostCount } from './api.ts';

/** The contract's UnitCost: up to 12 digits and 4 places, not negative. */
const COST_PATTERN = /^\d{1,12}(\.\d{1,4})?$/;

/**
 * "Post": what will happen (differences against the bins as they are now, uncounted lines left alone unless
 * the reader says they were looked for and not found), and the cost of units found of a product that has
 * none yet when the server asks for it. Answers the result for the page to show.
 */
export function PostCountModal({
  count,
  totals,
  open,
  onClose,
  onPosted,
}: {
  count: StockCount;
  totals: StockCountTotals | undefined;
  open: boolean;
  onClose: () => void;
  onPosted: (result: StockCountPostResult) => void;
}) {
  const { t } = useTranslation('stockCounts');
  const { token } = theme.useToken();
  const errorText = useErrorText();
  const ids = useId();
  const post = usePostCount(count.id);
  const submission = useSubmissionKey();
  const [zeroUncounted, setZeroUncounted] = useState(false);
  /** Products the server asked a cost for: id → SKU, and the costs typed. */
  const [needCost, setNeedCost] = useState<Record<string, string>>({});
  const [costs, setCosts] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const costsOk = Object.keys(needCost).every((id) => COST_PATTERN.test((costs[id] ?? '').trim()));

  const submit = async () => {
    if (!costsOk) return;
    setFailure(null);
    const body: StockCountPostInput = {
      zeroUncounted,
      unitCosts: Object.keys(needCost).map((productId) => ({ productId, unitCost: (costs[productId] ?? '').trim() })),
    };
    try {
      const result = await post.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      submission.reset();
      onPosted(result);
    } catch (error) {
      if (error instanceof ApiError && error.code === StockErrorCode.UNIT_COST_REQUIRED) {
        const details = errorDetails(error);
        const productId = typeof details.productId === 'string' ? details.productId : null;
        if (productId)
          setNeedCost((had) => ({ ...had, [productId]: typeof details.sku === 'string' ? details.sku : productId }));
      }
      setFailure(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('post.title', { number: count.number })}
      okText={t('post.confirm')}
      cancelText={t('post.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={post.isPending}
      okButtonProps={{ disabled: !costsOk, 'data-testid': 'post-confirm' }}
      destroyOnHidden
      data-testid="post-count-modal"
    >
      <Typography.Paragraph>{t('post.explain')}</Typography.Paragraph>
      {count.showsBook && totals ? (
        <StockFigures
          style={{ marginBottom: token.margin }}
          figures={[
            { key: 'withVariance', label: t('review.withVariance'), value: String(totals.withVariance ?? 0) },
            { key: 'uncounted', label: t('review.uncounted'), value: String(totals.uncounted) },
            { key: 'net', label: t('review.differenceValue'), value: totals.differenceValue ?? '0', kind: 'money' },
          ]}
        />
      ) : null}
      <Checkbox
        checked={zeroUncounted}
        onChange={(event) => setZeroUncounted(event.target.checked)}
        data-testid="zero-uncounted"
      >
        {t('post.zeroUncounted')}
      </Checkbox>
      <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXXS }}>
        {zeroUncounted ? t('post.zeroUncountedOn') : t('post.zeroUncountedOff')}
      </Typography.Paragraph>
      {Object.entries(needCost).map(([productId, sku]) => (
        <div key={productId} style={{ marginBottom: token.marginSM }}>
          <label htmlFor={`${ids}-${productId}`}>{t('post.unitCostFor', { sku })}</label>
          <Input
            id={`${ids}-${productId}`}
            prefix="£"
            inputMode="decimal"
            value={costs[productId] ?? ''}
            onChange={(event) => setCosts((had) => ({ ...had, [productId]: event.target.value }))}
            status={COST_PATTERN.test((costs[productId] ?? '').trim()) ? undefined : 'error'}
            data-testid="post-unit-cost"
          />
        </div>
      ))}
      {failure ? <Alert type="error" showIcon role="alert" title={failure} /> : null}
    </Modal>
  );
}

/** What posting did, line by line, lines whose bin had changed since the snapshot marked. */
export function PostResult({ result, onClose }: { result: StockCountPostResult | null; onClose: () => void }) {
  const { t } = useTranslation('stockCounts');
  const { token } = theme.useToken();
  return (
    <Modal
      open={!!result}
      title={t('post.resultTitle')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={880}
      data-testid="post-result"
    >
      {result ? (
        <>
          <StockFigures
            style={{ marginBottom: token.margin }}
            figures={[
              { key: 'posted', label: t('post.postedRows'), value: String(result.totals.posted) },
              { key: 'moved', label: t('post.movedLines'), value: String(result.totals.moved) },
              { key: 'gain', label: t('review.gainValue'), value: result.totals.gainValue, kind: 'money' },
              // The label says losses: the figure is their size.
              { key: 'loss', label: t('review.lossValue'), value: magnitude(result.totals.lossValue), kind: 'money' },
              { key: 'net', label: t('review.differenceValue'), value: result.totals.differenceValue, kind: 'money' },
            ]}
          />
          {result.totals.moved ? (
            <Alert type="info" showIcon title={t('post.movedExplain')} style={{ marginBottom: token.margin }} />
          ) : null}
          <Table
            size="small"
            rowKey="lineId"
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            dataSource={result.lines}
            columns={[
              { key: 'sku', title: t('lines.product'), render: (_, l) => <bdi>{l.product.sku}</bdi> },
              { key: 'bin', title: t('lines.bin'), render: (_, l) => <bdi>{l.location?.code ?? t('noBin')}</bdi> },
              {
                key: 'book',
                title: t('lines.book'),
                align: 'end',
                render: (_, l) => <Figure value={l.bookQuantity} />,
              },
              {
                key: 'current',
                title: t('post.atPosting'),
                align: 'end',
                render: (_, l) => (
                  <span>
                    <Figure value={l.currentQuantity} /> {l.moved ? <Tag color="warning">{t('post.moved')}</Tag> : null}
                  </span>
                ),
              },
              {
                key: 'counted',
                title: t('lines.counted'),
                align: 'end',
                render: (_, l) => <Figure value={l.countedQuantity} />,
              },
              {
                key: 'difference',
                title: t('post.postedDifference'),
                align: 'end',
                render: (_, l) => <Figure value={l.difference} signed />,
              },
              {
                key: 'value',
                title: t('lines.value'),
                align: 'end',
                render: (_, l) => <Figure value={l.value} kind="money" signed />,
              },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
