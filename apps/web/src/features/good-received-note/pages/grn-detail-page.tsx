import { ArrowLeftOutlined, ArrowRightOutlined, CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import {
  type GoodReceivedNote,
  type GoodReceivedNoteLine,
  goodReceivedNoteDocument,
  type StockMovement,
} from '@backoffice/contracts';
import { Alert, Descriptions, Input, Modal, Table, Tag, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { useListState } from '../../../shared/lib/list-state.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { formatQuantity } from '../../../shared/lib/numbers.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure, type StockFigure, StockFigures, useMovementColumns } from '../../inventory/index.ts';
import {
  grnPdfPath,
  useCancelGoodsReceivedNote,
  useGoodsReceivedNote,
  useGrnMovements,
  usePostGoodsReceivedNote,
} from '../api.ts';
import { LandedCostsPanel } from '../components/landed-costs.tsx';
import { type BackState, GRN_LIST_PATH } from '../urls.ts';

/** The lines: what was received, accepted and rejected of each order line, where it went and what it is worth. */
function LinesTable({ note }: { note: GoodReceivedNote }) {
  const { t } = useTranslation('receiving');
  const { token } = theme.useToken();
  const posted = note.status === 'POSTED';
  const quantity = (
    key: 'orderedQuantity' | 'receivedQuantity' | 'acceptedQuantity' | 'rejectedQuantity',
    title: string,
  ) => ({
    key,
    dataIndex: key,
    title,
    align: 'end' as const,
    render: (value: string) => <Figure value={value} />,
  });
  const columns: ColumnsType<GoodReceivedNoteLine> = [
    { key: 'lineNo', dataIndex: 'lineNo', title: '#', align: 'end', width: 48 },
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, line) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi>{line.product.sku}</bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{line.product.name}</span>
        </span>
      ),
    },
    {
      key: 'bin',
      title: t('fields.bin'),
      render: (_, line) => (line.location ? <bdi>{line.location.code}</bdi> : t('detail.receivingBin')),
    },
    quantity('orderedQuantity', t('fields.ordered')),
    quantity('receivedQuantity', t('fields.received')),
    quantity('acceptedQuantity', t('fields.accepted')),
    quantity('rejectedQuantity', t('fields.rejected')),
    {
      key: 'unitCost',
      title: `${t('fields.unitCost')} (${note.currency})`,
      align: 'end',
      render: (_, line) => <Figure value={line.unitCost} kind="money" />,
    },
  ];
  if (posted)
    columns.push(
      {
        key: 'unitCostGbp',
        title: t('fields.unitCostGbp'),
        align: 'end',
        render: (_, line) => <Figure value={line.unitCostGbp ?? '0'} kind="money" />,
      },
      {
        key: 'value',
        title: t('fields.value'),
        align: 'end',
        render: (_, line) => <Figure value={line.value ?? '0'} kind="money" />,
      },
    );
  columns.push({ key: 'note', dataIndex: 'note', title: t('fields.note'), render: (v: string) => v || '—' });
  return (
    <Table<GoodReceivedNoteLine>
      data-testid="grn-lines"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={note.lines}
      scroll={{ x: true }}
      tableLayout="auto"
      pagination={note.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
    />
  );
}

/** The ledger rows the note posted, newest first, paged in the URL. */
function LedgerPanel({ note }: { note: GoodReceivedNote }) {
  const { t } = useTranslation('receiving');
  const [state, update] = useListState();
  const posted = note.status === 'POSTED';
  const movements = useGrnMovements(note.id, { page: state.page, pageSize: state.pageSize }, posted);
  const columns = useMovementColumns({ product: true, kind: true });
  return (
    <Panel title={t('detail.ledger')}>
      {posted ? (
        <DataTable<StockMovement>
          testId="grn-movements"
          columnChooser={{ id: 'grn.movements', defaultHidden: ['reason', 'user'] }}
          rowKey="id"
          columns={columns}
          state={state}
          onChange={update}
          page={movements.data}
          isLoading={movements.isFetching}
          error={movements.error}
          onRetry={() => void movements.refetch()}
          filtered={false}
        />
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('detail.ledgerEmpty')}
        </Typography.Paragraph>
      )}
    </Panel>
  );
}

/**
 * One goods received note: its order, supplier, warehouse and dates, its lines with what was accepted and rejected
 * and, once posted, their value in GBP, and the ledger rows it posted. Its steps (post, cancel) are those the
 * definition allows in its status to the user's permissions; Print fetches its printout.
 */
export function GrnDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('receiving');
  const { t: td } = useTranslation('documents');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const location = useLocation();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const query = useGoodsReceivedNote(id);
  const postNote = usePostGoodsReceivedNote();
  const cancel = useCancelGoodsReceivedNote();
  const [canceling, setCanceling] = useState(false);
  const [cancelReason, setCancelReason] = useState('');

  const backState = location.state as BackState | null;
  const back = (
    <Link
      to={backState?.backTo ?? GRN_LIST_PATH}
      style={{ display: 'inline-flex', gap: token.marginXXS }}
      data-testid="grn-back"
    >
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {t('detail.back')}
    </Link>
  );
  const refused = (title: string, error: unknown) => {
    const text = errorText(error);
    if (text) modal.error({ title, content: text });
  };
  const handleCancel = async (current: GoodReceivedNote) => {
    try {
      await cancel.mutateAsync({ id: current.id, body: { reason: cancelReason.trim() } });
      notifySuccess(t('detail.canceled', { number: current.number }));
      setCanceling(false);
      setCancelReason('');
    } catch (error) {
      setCanceling(false);
      refused(t('detail.cancelRefused', { number: current.number }), error);
    }
  };
  const q = (text: string) => formatQuantity(text, i18n.language);

  const actions = (note: GoodReceivedNote) => (
    <ActionBar
      doc={goodReceivedNoteDocument}
      status={note.status}
      number={note.number}
      print={{ path: grnPdfPath(note.id), fileName: `${note.number}.pdf` }}
      handlers={{
        post: {
          run: () => postNote.mutateAsync(note.id),
          description: t('detail.postHint', {
            accepted: q(note.totals.acceptedQuantity),
            rejected: q(note.totals.rejectedQuantity),
            warehouse: note.warehouse.code,
          }),
          onError: (error) => refused(t('detail.postRefused', { number: note.number }), error),
          primary: true,
          icon: <CheckCircleOutlined />,
          testId: 'grn-post',
        },
        cancel: { open: () => setCanceling(true), icon: <CloseCircleOutlined />, testId: 'grn-cancel' },
      }}
    />
  );

  return (
    <>
      {modalHolder}
      <DetailFrame
        query={query}
        number={(note) => note.number}
        numberTestId="grn-number"
        back={back}
        tags={(note) => (
          <>
            <StatusTag doc={goodReceivedNoteDocument} status={note.status} testId="grn-status" />
            {note.consigned ? <Tag color="purple">{t('fields.consigned')}</Tag> : null}
          </>
        )}
        actions={actions}
      >
        {(note) => (
          <>
            <GrnBody note={note} />
            <Modal
              open={canceling}
              title={td('good_received_note.confirm.cancel', { number: note.number })}
              okText={td('good_received_note.action.cancel')}
              okButtonProps={{ danger: true, loading: cancel.isPending, ...{ 'data-testid': 'grn-cancel-confirm' } }}
              cancelText={t('detail.keep')}
              onOk={() => handleCancel(note)}
              onCancel={() => setCanceling(false)}
              destroyOnHidden
            >
              <Typography.Paragraph>{t('detail.cancelHint')}</Typography.Paragraph>
              <label htmlFor="grn-cancel-reason" style={{ display: 'block', marginBottom: token.marginXXS }}>
                {t('detail.cancelReasonLabel')}
              </label>
              <Input.TextArea
                id="grn-cancel-reason"
                rows={3}
                maxLength={500}
                showCount
                value={cancelReason}
                onChange={(event) => setCancelReason(event.target.value)}
              />
            </Modal>
          </>
        )}
      </DetailFrame>
    </>
  );
}

function GrnBody({ note }: { note: GoodReceivedNote }) {
  const { t } = useTranslation('receiving');
  const { token } = theme.useToken();
  const ref = (r: { code: string; name: string }) => (
    <bdi>
      {r.code} · {r.name}
    </bdi>
  );
  const user = (u: GoodReceivedNote['createdBy']) => (u ? <bdi>{u.username}</bdi> : '—');
  const when = (at: string | null) => (at ? <bdi>{formatDateTime(at)}</bdi> : '—');
  const figures: StockFigure[] = [
    { key: 'received', label: t('fields.received'), value: note.totals.receivedQuantity },
    { key: 'accepted', label: t('fields.accepted'), value: note.totals.acceptedQuantity },
    { key: 'rejected', label: t('fields.rejected'), value: note.totals.rejectedQuantity },
    ...(note.totals.value === null
      ? []
      : [{ key: 'value', label: t('detail.totalValue'), value: note.totals.value, kind: 'money' as const }]),
  ];
  return (
    <>
      {note.status === 'CANCELED' && note.cancelReason ? (
        <Alert
          type="info"
          showIcon
          title={t('detail.cancelReason', { reason: note.cancelReason })}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      {note.consigned ? (
        <Alert type="info" showIcon title={t('detail.consignedHint')} style={{ marginBottom: token.margin }} />
      ) : null}
      <Panel title={t('detail.facts')} style={{ marginBottom: token.margin }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'order', label: t('fields.order'), children: <bdi>{note.purchaseOrder.number}</bdi> },
            {
              key: 'supplier',
              label: t('fields.supplier'),
              children: note.supplier ? ref(note.supplier) : t('detail.ownStock'),
            },
            { key: 'warehouse', label: t('fields.warehouse'), children: ref(note.warehouse) },
            { key: 'receivedDate', label: t('fields.receivedDate'), children: <bdi>{note.receivedDate}</bdi> },
            {
              key: 'deliveryReference',
              label: t('fields.deliveryReference'),
              children: note.deliveryReference ? <bdi>{note.deliveryReference}</bdi> : '—',
            },
            {
              key: 'rate',
              label: t('fields.exchangeRate'),
              children:
                note.exchangeRate && note.currency !== 'GBP' ? (
                  <bdi>
                    {t('detail.rate', {
                      currency: note.currency,
                      rate: note.exchangeRate,
                      date: note.rateDate ?? note.receivedDate,
                    })}
                  </bdi>
                ) : (
                  <bdi>{note.currency}</bdi>
                ),
            },
            { key: 'createdAt', label: t('fields.createdAt'), children: when(note.createdAt) },
            { key: 'createdBy', label: t('fields.createdBy'), children: user(note.createdBy) },
            { key: 'postedAt', label: t('fields.postedAt'), children: when(note.postedAt) },
            {
              key: 'note',
              label: t('fields.note'),
              span: 'filled',
              children: note.note ? <span style={{ whiteSpace: 'pre-wrap' }}>{note.note}</span> : '—',
            },
          ]}
        />
        <StockFigures style={{ marginTop: token.margin }} figures={figures} />
      </Panel>
      <Panel title={t('detail.lines', { count: note.lines.length })} style={{ marginBottom: token.margin }}>
        <LinesTable note={note} />
      </Panel>
      <LandedCostsPanel note={note} />
      <LedgerPanel note={note} />
    </>
  );
}
