import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseCircleOutlined,
  EditOutlined,
  InboxOutlined,
  SendOutlined,
} from '@ant-design/icons';
import {
  StockErrorCode,
  type StockMovement,
  TRANSFER_REASON_MAX,
  type Transfer,
  type TransferLine,
  transferDocument,
} from '@backoffice/contracts';
import { Alert, Descriptions, Input, Modal, Table, Tag, Tooltip, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatDate, formatDateTime } from '../../../shared/lib/dates.ts';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { useListState } from '../../../shared/lib/list-state.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { formatMoney as formatMoneyWithSign } from '../../../shared/lib/numbers.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { DataTable, TableToolbar } from '../../../shared/ui/data-table.tsx';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { useColumnChooser } from '../../../shared/ui/kit/column-chooser.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure, formatQuantity, type StockFigure, StockFigures, useMovementColumns } from '../../inventory/index.ts';
import { transferPdfPath, useCancelTransfer, useDispatchTransfer, useTransfer, useTransferMovements } from '../api.ts';
import { ReceiveDrawer } from '../components/receive-drawer.tsx';
import { TransferProgress } from '../components/transfer-progress.tsx';
import { type BackState, TRANSFER_LIST_PATH, transferEditUrl } from '../urls.ts';

/** The lines: planned, dispatched, received, written off and still in transit, with their values. */
function LinesTable({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('transfers');
  const { token } = theme.useToken();
  const moved = transfer.dispatchedAt !== null;
  const quantity = (key: 'quantity' | 'dispatchedQuantity' | 'receivedQuantity' | 'inTransitQuantity') => ({
    key,
    dataIndex: key,
    title: t(`fields.${key}`),
    align: 'end' as const,
    render: (value: string) => <Figure value={value} />,
  });
  const money = (key: 'dispatchedValue' | 'receivedValue' | 'discrepancyValue') => ({
    key,
    dataIndex: key,
    title: t(`fields.${key}`),
    align: 'end' as const,
    render: (value: string) => <Figure value={value} kind="money" />,
  });
  const columns: ColumnsType<TransferLine> = [
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
      key: 'fromBin',
      title: t('fields.fromBin'),
      render: (_, line) => (line.fromLocation ? <bdi>{line.fromLocation.code}</bdi> : t('detail.anyBin')),
    },
    {
      key: 'toBin',
      title: t('fields.toBin'),
      render: (_, line) => (line.toLocation ? <bdi>{line.toLocation.code}</bdi> : t('detail.receivingBin')),
    },
    quantity('quantity'),
  ];
  if (moved)
    columns.push(
      quantity('dispatchedQuantity'),
      quantity('receivedQuantity'),
      {
        key: 'discrepancyQuantity',
        title: t('fields.discrepancyQuantity'),
        align: 'end',
        render: (_, line) =>
          /[1-9]/.test(line.discrepancyQuantity) ? (
            <Tooltip title={line.discrepancyReason}>
              <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
                <Figure value={line.discrepancyQuantity} />
                <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, maxWidth: 200 }}>
                  {line.discrepancyReason}
                </span>
              </span>
            </Tooltip>
          ) : (
            <Figure value={line.discrepancyQuantity} />
          ),
      },
      quantity('inTransitQuantity'),
      money('dispatchedValue'),
      money('receivedValue'),
      money('discrepancyValue'),
      {
        key: 'state',
        title: t('fields.lineState'),
        render: (_, line) =>
          line.closed ? <Tag color="green">{t('detail.closed')}</Tag> : <Tag color="blue">{t('detail.open')}</Tag>,
      },
    );
  const choice = useColumnChooser(columns, {
    id: 'transfers.lines',
    defaultHidden: ['fromBin', 'dispatchedValue', 'discrepancyValue'],
  });
  // A line received from more than one layer opens on them: its blended unit cost hides what they were.
  const [expanded, setExpanded] = useState<readonly Key[]>(() =>
    transfer.lines.filter((line) => line.receivedLayers.length > 1).map((line) => line.id),
  );
  return (
    <>
      {choice.chooser ? <TableToolbar>{choice.chooser}</TableToolbar> : null}
      <Table<TransferLine>
        data-testid="transfer-lines"
        rowKey="id"
        size="small"
        columns={choice.columns}
        dataSource={transfer.lines}
        scroll={{ x: true }}
        tableLayout="auto"
        expandable={{
          rowExpandable: (line) => line.receivedLayers.length > 0,
          expandedRowKeys: expanded,
          onExpandedRowsChange: setExpanded,
          expandedRowRender: (line) => <ReceivedLayers line={line} />,
        }}
        pagination={transfer.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      />
    </>
  );
}

/** The FIFO layers a line's receipts took: quantity × unit cost each, which its received value adds up. */
function ReceivedLayers({ line }: { line: TransferLine }) {
  const { t, i18n } = useTranslation('transfers');
  const { token } = theme.useToken();
  const id = `transfer-line-layers-${line.id}`;
  return (
    <div style={{ paddingInlineStart: token.paddingLG }}>
      <div id={id} style={{ fontWeight: 600, marginBottom: token.marginXXS }}>
        {t('detail.layersTitle', { lineNo: line.lineNo, sku: line.product.sku })}
      </div>
      <ul
        aria-labelledby={id}
        data-testid="transfer-line-layers"
        style={{ margin: 0, paddingInlineStart: token.paddingLG }}
      >
        {line.receivedLayers.map((layer) => (
          <li key={`${layer.receivedAt}|${layer.unitCost}`} data-testid="transfer-line-layer">
            <bdi style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('detail.layer', {
                quantity: formatQuantity(layer.quantity, i18n.language),
                unitCost: formatMoneyWithSign(layer.unitCost, i18n.language, 'GBP', 4),
                value: formatMoneyWithSign(layer.value, i18n.language),
              })}
            </bdi>{' '}
            <span style={{ color: token.colorTextSecondary }}>
              {t('detail.layerReceived', { date: formatDate(layer.receivedAt) })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The ledger rows the transfer posted, newest first, paged in the URL. */
function LedgerPanel({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('transfers');
  const [state, update] = useListState();
  const movements = useTransferMovements(transfer.id, { page: state.page, pageSize: state.pageSize });
  const columns = useMovementColumns({ product: true, kind: true });
  return (
    <Panel title={t('detail.ledger')}>
      {transfer.dispatchedAt ? (
        <DataTable<StockMovement>
          testId="transfer-movements"
          columnChooser={{ id: 'transfers.movements', defaultHidden: ['reason', 'user'] }}
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
 * One transfer: where it stands (a progress of its steps), its warehouses and dates, its lines with
 * what was dispatched, received and written off and their values, and its ledger rows. Its steps (edit,
 * dispatch, receive, cancel) are those the definition allows in its status to the user's permissions;
 * Print fetches its printout.
 */
export function TransferDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('transfers');
  const { t: td } = useTranslation('documents');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const navigate = useNavigate();
  const location = useLocation();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const query = useTransfer(id);
  const dispatch = useDispatchTransfer();
  const cancel = useCancelTransfer();
  const [receiving, setReceiving] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const [cancelReason, setCancelReason] = useState('');

  const backState = location.state as BackState | null;
  const back = (
    <Link
      to={backState?.backTo ?? TRANSFER_LIST_PATH}
      style={{ display: 'inline-flex', gap: token.marginXXS }}
      data-testid="transfer-back"
    >
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {t('detail.back')}
    </Link>
  );

  /** A refused step: shortages say which product and how much, other refusals the translated reason. */
  const refused = (title: string, error: unknown) => {
    const text = errorText(error);
    if (!text) return;
    let content = text;
    if (error instanceof ApiError && error.code === StockErrorCode.INSUFFICIENT_STOCK) {
      const details = errorDetails(error);
      if (typeof details.sku === 'string')
        content =
          typeof details.available === 'string' && typeof details.requested === 'string'
            ? t('detail.insufficient', {
                sku: details.sku,
                available: formatQuantity(details.available, i18n.language),
                requested: formatQuantity(details.requested, i18n.language),
              })
            : t('detail.insufficientOf', { sku: details.sku });
    }
    modal.error({ title, content });
  };

  const handleCancel = async (current: Transfer) => {
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
  const actions = (transfer: Transfer) => (
    <ActionBar
      doc={transferDocument}
      status={transfer.status}
      number={transfer.number}
      print={{
        path: transferPdfPath(transfer.id),
        fileName: `${transfer.number}.pdf`,
      }}
      handlers={{
        edit: {
          open: () => navigate(transferEditUrl(transfer.id), { state: backState }),
          icon: <EditOutlined />,
          testId: 'transfer-edit',
        },
        dispatch: {
          run: () => dispatch.mutateAsync(transfer.id),
          description: t('detail.dispatchHint', {
            quantity: q(transfer.totals.quantity),
            lines: transfer.lines.length,
            from: transfer.fromWarehouse.code,
            to: transfer.toWarehouse.code,
          }),
          onError: (error) => refused(t('detail.dispatchRefused', { number: transfer.number }), error),
          primary: true,
          icon: <SendOutlined />,
          testId: 'transfer-dispatch',
        },
        receive: {
          open: () => setReceiving(true),
          primary: true,
          icon: <InboxOutlined />,
          testId: 'transfer-receive',
        },
        cancel: { open: () => setCanceling(true), icon: <CloseCircleOutlined />, testId: 'transfer-cancel' },
      }}
    />
  );

  return (
    <>
      {modalHolder}
      <DetailFrame
        query={query}
        number={(transfer) => transfer.number}
        numberTestId="transfer-number"
        back={back}
        tags={(transfer) => <StatusTag doc={transferDocument} status={transfer.status} testId="transfer-status" />}
        actions={actions}
      >
        {(transfer) => (
          <>
            <TransferBody transfer={transfer} />
            {transfer.status === 'DISPATCHED' || transfer.status === 'PARTIALLY_RECEIVED' ? (
              <ReceiveDrawer transfer={transfer} open={receiving} onClose={() => setReceiving(false)} />
            ) : null}
            <Modal
              open={canceling}
              title={td('inventory_transfer.confirm.cancel', { number: transfer.number })}
              okText={td('inventory_transfer.action.cancel')}
              okButtonProps={{
                danger: true,
                loading: cancel.isPending,
                ...{ 'data-testid': 'transfer-cancel-confirm' },
              }}
              cancelText={t('detail.keep')}
              onOk={() => handleCancel(transfer)}
              onCancel={() => setCanceling(false)}
              destroyOnHidden
            >
              <Typography.Paragraph>{t('detail.cancelHint')}</Typography.Paragraph>
              <label htmlFor="transfer-cancel-reason" style={{ display: 'block', marginBottom: token.marginXXS }}>
                {t('detail.cancelReasonLabel')}
              </label>
              <Input.TextArea
                id="transfer-cancel-reason"
                rows={3}
                maxLength={TRANSFER_REASON_MAX}
                showCount
                value={cancelReason}
                onChange={(event) => setCancelReason(event.target.value)}
                data-testid="transfer-cancel-reason"
              />
            </Modal>
          </>
        )}
      </DetailFrame>
    </>
  );
}

/** What the transfer is: its progress, facts and figures, lines and ledger rows. */
function TransferBody({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('transfers');
  const { token } = theme.useToken();
  const warehouseText = (w: Transfer['fromWarehouse']) => (
    <bdi>
      {w.code} · {w.name}
    </bdi>
  );
  const user = (u: Transfer['createdBy']) => (u ? <bdi>{u.username}</bdi> : '—');
  const when = (at: string | null) => (at ? <bdi>{formatDateTime(at)}</bdi> : '—');
  // A draft has moved nothing yet: only what it plans to move is shown.
  const figures: StockFigure[] = [
    { key: 'quantity', label: t('fields.quantity'), value: transfer.totals.quantity },
    { key: 'dispatched', label: t('fields.dispatchedQuantity'), value: transfer.totals.dispatchedQuantity },
    { key: 'received', label: t('fields.receivedQuantity'), value: transfer.totals.receivedQuantity },
    { key: 'discrepancy', label: t('fields.discrepancyQuantity'), value: transfer.totals.discrepancyQuantity },
    { key: 'inTransit', label: t('fields.inTransitQuantity'), value: transfer.totals.inTransitQuantity },
    {
      key: 'dispatchedValue',
      label: t('fields.dispatchedValue'),
      value: transfer.totals.dispatchedValue,
      kind: 'money',
    },
    {
      key: 'receivedValue',
      label: t('fields.receivedValue'),
      value: transfer.totals.receivedValue,
      kind: 'money',
    },
    {
      key: 'discrepancyValue',
      label: t('fields.discrepancyValue'),
      value: transfer.totals.discrepancyValue,
      kind: 'money',
    },
  ];

  return (
    <>
      {transfer.status === 'CANCELED' && transfer.cancelReason ? (
        <Alert
          type="info"
          showIcon
          title={t('detail.cancelReason', { reason: transfer.cancelReason })}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      <Panel style={{ marginBottom: token.margin }}>
        <TransferProgress transfer={transfer} />
      </Panel>
      <Panel title={t('detail.facts')} style={{ marginBottom: token.margin }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'from', label: t('fields.fromWarehouse'), children: warehouseText(transfer.fromWarehouse) },
            { key: 'to', label: t('fields.toWarehouse'), children: warehouseText(transfer.toWarehouse) },
            {
              key: 'expected',
              label: t('fields.expectedDate'),
              children: transfer.expectedDate ? <bdi>{transfer.expectedDate}</bdi> : '—',
            },
            { key: 'createdAt', label: t('fields.createdAt'), children: when(transfer.createdAt) },
            { key: 'createdBy', label: t('fields.createdBy'), children: user(transfer.createdBy) },
            { key: 'dispatchedAt', label: t('fields.dispatchedAt'), children: when(transfer.dispatchedAt) },
            { key: 'receivedAt', label: t('fields.receivedAt'), children: when(transfer.receivedAt) },
            {
              key: 'notes',
              label: t('fields.notes'),
              span: 'filled',
              children: transfer.notes ? <span style={{ whiteSpace: 'pre-wrap' }}>{transfer.notes}</span> : '—',
            },
          ]}
        />
        <StockFigures
          style={{ marginTop: token.margin }}
          figures={transfer.dispatchedAt ? figures : figures.slice(0, 1)}
        />
      </Panel>
      <Panel title={t('detail.lines', { count: transfer.lines.length })} style={{ marginBottom: token.margin }}>
        <LinesTable transfer={transfer} />
      </Panel>
      <LedgerPanel transfer={transfer} />
    </>
  );
}
