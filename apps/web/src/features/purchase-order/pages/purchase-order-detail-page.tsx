import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CheckOutlined,
  CloseCircleOutlined,
  EditOutlined,
  InboxOutlined,
  MailOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  PURCHASE_ORDER_REASON_MAX,
  type PurchaseOrder,
  type PurchaseOrderLine,
  type PurchaseOrderType,
  purchaseOrderDocument,
} from '@backoffice/contracts';
import { Alert, Descriptions, Input, Modal, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { FigureList } from '../../../shared/ui/documents/figure-list.tsx';
import { ReasonModal } from '../../../shared/ui/documents/reason-modal.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure } from '../../inventory/index.ts';
import {
  purchaseOrderPdfPath,
  useApprovePurchaseOrder,
  useCancelPurchaseOrder,
  useClosePurchaseOrder,
  useDispatchPurchaseOrder,
  usePurchaseOrder,
  useSendPurchaseOrder,
} from '../api.ts';
import { Money, Progress } from '../components/money.tsx';
import { type BackState, purchaseOrderEditUrl, purchaseOrderListPath } from '../urls.ts';

function LinesTable({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation('purchasing');
  const { token } = theme.useToken();
  const placed = order.status !== 'DRAFT' && order.status !== 'CANCELED';
  const quantity = (
    key:
      | 'quantity'
      | 'receivedQuantity'
      | 'rejectedQuantity'
      | 'invoicedQuantity'
      | 'canceledQuantity'
      | 'openQuantity',
  ) => ({
    key,
    dataIndex: key,
    title: t(`fields.${key}`),
    align: 'end' as const,
    render: (value: string) => <Figure value={value} />,
  });
  const money = (key: 'unitCost' | 'netAmount' | 'vatAmount' | 'grossAmount') => ({
    key,
    dataIndex: key,
    title: t(`fields.${key}`),
    align: 'end' as const,
    render: (value: string) => <Money value={value} currency={order.currency} places={key === 'unitCost' ? 4 : 2} />,
  });
  const columns: ColumnsType<PurchaseOrderLine> = [
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
    quantity('quantity'),
    // Own stock sent travels at its FIFO cost: a Send Inventory order has no prices.
    ...(order.type === 'SEND_INVENTORY'
      ? []
      : ([
          money('unitCost'),
          {
            key: 'discountPercent',
            dataIndex: 'discountPercent',
            title: t('fields.discountPercent'),
            align: 'end',
            render: (value: string) => (value === '0' ? '—' : <bdi>{value} %</bdi>),
          },
          {
            key: 'vat',
            title: t('fields.vatRate'),
            render: (_: unknown, line: PurchaseOrderLine) => t(`vatCodes.${line.vatCode}`),
          },
          money('netAmount'),
          money('vatAmount'),
          money('grossAmount'),
        ] as ColumnsType<PurchaseOrderLine>)),
    ...(placed
      ? [
          quantity('receivedQuantity'),
          quantity('invoicedQuantity'),
          quantity('canceledQuantity'),
          quantity('openQuantity'),
        ]
      : []),
    {
      key: 'bin',
      title: t('fields.bin'),
      render: (_, line) => (line.location ? <bdi>{line.location.code}</bdi> : t('form.receivingBin')),
    },
  ];
  return (
    <Table<PurchaseOrderLine>
      data-testid="po-lines"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={order.lines}
      scroll={{ x: true }}
      tableLayout="auto"
      pagination={order.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
    />
  );
}

function OrderBody({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation('purchasing');
  const { token } = theme.useToken();
  const ref = (r: { code: string; name: string } | null) =>
    r ? (
      <bdi>
        {r.code} · {r.name}
      </bdi>
    ) : (
      '—'
    );
  const user = (u: PurchaseOrder['createdBy']) => (u ? <bdi>{u.username}</bdi> : '—');
  const when = (at: string | null) => (at ? <bdi>{formatDateTime(at)}</bdi> : '—');
  const sending = order.type === 'SEND_INVENTORY';
  return (
    <>
      {order.status === 'CANCELED' && order.cancelReason ? (
        <Alert
          type="info"
          showIcon
          title={t('detail.canceledBecause', { reason: order.cancelReason })}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      {order.status === 'CLOSED' ? (
        <Alert
          type="info"
          showIcon
          title={order.closeReason ? t('detail.closedBecause', { reason: order.closeReason }) : t('detail.closed')}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      {order.sentAt ? (
        <Alert
          type="success"
          showIcon
          data-testid="po-sent-info"
          title={t('detail.sentInfo', { to: order.sentTo, at: formatDateTime(order.sentAt) })}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      <Panel title={t('detail.facts')} style={{ marginBottom: token.margin }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            ...(sending
              ? [
                  { key: 'from', label: t('fields.fromWarehouse'), children: ref(order.warehouse) },
                  { key: 'to', label: t('fields.destination'), children: ref(order.destinationWarehouse) },
                  { key: 'shipment', label: t('fields.shipmentReference'), children: order.shipmentReference || '—' },
                  { key: 'dispatchedAt', label: t('fields.dispatchedAt'), children: when(order.dispatchedAt) },
                ]
              : [
                  { key: 'supplier', label: t('fields.supplier'), children: ref(order.supplier) },
                  { key: 'warehouse', label: t('fields.deliverTo'), children: ref(order.warehouse) },
                  {
                    key: 'supplierReference',
                    label: t('fields.supplierReference'),
                    children: order.supplierReference ? <bdi>{order.supplierReference}</bdi> : '—',
                  },
                ]),
            { key: 'orderDate', label: t('fields.orderDate'), children: <bdi>{order.orderDate}</bdi> },
            {
              key: 'expectedDate',
              label: t('fields.expectedDate'),
              children: order.expectedDate ? <bdi>{order.expectedDate}</bdi> : '—',
            },
            {
              key: 'currency',
              label: t('fields.currency'),
              children: (
                <bdi>
                  {order.currency}
                  {order.currency === 'GBP' ? '' : ` · ${t('detail.rate', { rate: order.exchangeRate })}`}
                </bdi>
              ),
            },
            ...(sending
              ? []
              : [
                  {
                    key: 'terms',
                    label: t('fields.paymentTermsDays'),
                    children: t('detail.terms', { count: order.paymentTermsDays }),
                  },
                ]),
            { key: 'costCenter', label: t('fields.costCenter'), children: ref(order.costCenter) },
            { key: 'createdBy', label: t('fields.createdBy'), children: user(order.createdBy) },
            { key: 'createdAt', label: t('fields.createdAt'), children: when(order.createdAt) },
            { key: 'approvedBy', label: t('fields.approvedBy'), children: user(order.approvedBy) },
            { key: 'approvedAt', label: t('fields.approvedAt'), children: when(order.approvedAt) },
            {
              key: 'received',
              label: t('fields.received'),
              children: <Progress done={order.receivedQuantity} of={order.orderedQuantity} testId="po-received" />,
            },
            {
              key: 'invoiced',
              label: t('fields.invoiced'),
              children: <Progress done={order.invoicedQuantity} of={order.orderedQuantity} testId="po-invoiced" />,
            },
            {
              key: 'notes',
              label: t('fields.notes'),
              span: 'filled',
              children: order.notes ? <span style={{ whiteSpace: 'pre-wrap' }}>{order.notes}</span> : '—',
            },
          ]}
        />
      </Panel>
      <Panel title={t('detail.lines', { count: order.lines.length })} style={{ marginBottom: token.margin }}>
        <LinesTable order={order} />
      </Panel>
      {order.type === 'SEND_INVENTORY' ? null : (
        <Panel title={t('form.totals')}>
          <FigureList
            testId="po-totals"
            rows={[
              ...order.vatPerRate.map((r) => ({
                key: r.vatCode,
                label: t('form.netAt', { rate: t(`vatCodes.${r.vatCode}`) }),
                value: (
                  <>
                    <Money value={r.net} currency={order.currency} /> ·{' '}
                    <Money value={r.vat} currency={order.currency} />
                  </>
                ),
              })),
              {
                key: 'net',
                label: t('fields.netTotal'),
                value: <Money value={order.netTotal} currency={order.currency} testId="po-net-total" />,
              },
              {
                key: 'vat',
                label: t('fields.vatTotal'),
                value: <Money value={order.vatTotal} currency={order.currency} testId="po-vat-total" />,
              },
              {
                key: 'gross',
                label: t('fields.grossTotal'),
                value: <Money value={order.grossTotal} currency={order.currency} testId="po-gross-total" />,
                strong: true,
              },
            ]}
          />
        </Panel>
      )}
    </>
  );
}

/**
 * One purchase order: its facts, lines with what was received, invoiced and cancelled, its totals per VAT rate;
 * the steps its status allows to the user's permissions (edit, approve, send to the supplier, close, cancel with
 * a reason) and its PDF.
 */
export function PurchaseOrderDetailPage({ type }: { type: PurchaseOrderType }) {
  const { id = '' } = useParams();
  const { t } = useTranslation('purchasing');
  const { t: td } = useTranslation('documents');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const navigate = useNavigate();
  const location = useLocation();
  const errorText = useErrorText();
  const query = usePurchaseOrder(id);
  const approve = useApprovePurchaseOrder();
  const send = useSendPurchaseOrder();
  const close = useClosePurchaseOrder();
  const dispatch = useDispatchPurchaseOrder();
  const cancel = useCancelPurchaseOrder();
  const [sendOpen, setSendOpen] = useState(false);
  const [sendTo, setSendTo] = useState('');
  const [sendMessage, setSendMessage] = useState('');
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  const [closeReason, setCloseReason] = useState('');
  const [closeFailure, setCloseFailure] = useState<string | null>(null);
  const [canceling, setCanceling] = useState(false);

  const backState = location.state as BackState | null;
  const back = (
    <Link
      to={backState?.backTo ?? purchaseOrderListPath(type)}
      style={{ display: 'inline-flex', gap: token.marginXXS }}
      data-testid="po-back"
    >
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {t('detail.back')}
    </Link>
  );

  const submitSend = async (order: PurchaseOrder) => {
    setSendFailure(null);
    try {
      const to = sendTo.trim();
      await send.mutateAsync({ id: order.id, body: { to: to || null, message: sendMessage.trim() } });
      notifySuccess(td('purchase_order.done.send', { number: order.number }));
      setSendOpen(false);
      setSendTo('');
      setSendMessage('');
    } catch (error) {
      setSendFailure(errorText(error) || t('detail.sendFailed'));
    }
  };
  const submitClose = async (order: PurchaseOrder) => {
    setCloseFailure(null);
    try {
      await close.mutateAsync({ id: order.id, body: { reason: closeReason.trim() } });
      notifySuccess(td('purchase_order.done.close', { number: order.number }));
      setClosing(false);
      setCloseReason('');
    } catch (error) {
      setCloseFailure(errorText(error) || t('detail.closeFailed'));
    }
  };

  const actions = (order: PurchaseOrder) => (
    <ActionBar
      doc={purchaseOrderDocument}
      status={order.status}
      number={order.number}
      print={{ path: purchaseOrderPdfPath(order.id), fileName: `${order.number}.pdf` }}
      handlers={{
        edit: {
          open: () => navigate(purchaseOrderEditUrl(type, order.id), { state: backState }),
          icon: <EditOutlined />,
          testId: 'po-edit',
        },
        approve: {
          run: () => approve.mutateAsync(order.id),
          description: t('detail.approveHint', { total: order.grossTotal, currency: order.currency }),
          primary: true,
          icon: <CheckOutlined />,
          testId: 'po-approve',
        },
        send: {
          open: () => setSendOpen(true),
          hidden: order.type === 'SEND_INVENTORY',
          icon: <MailOutlined />,
          testId: 'po-send',
        },
        dispatch: {
          run: () => dispatch.mutateAsync(order.id),
          hidden: order.type !== 'SEND_INVENTORY' || order.dispatchedAt !== null,
          description: t('detail.dispatchHint', {
            from: order.warehouse.code,
            to: order.destinationWarehouse?.code ?? '',
          }),
          primary: true,
          icon: <SendOutlined />,
          testId: 'po-dispatch',
        },
        // Receiving is the goods received notes' screen, opened on this order.
        receive: {
          open: () => navigate(`/good-received-note/good-received-note/new?order=${encodeURIComponent(order.id)}`),
          hidden: order.type === 'SEND_INVENTORY' && order.dispatchedAt === null,
          icon: <InboxOutlined />,
          testId: 'po-receive',
        },
        close: {
          open: () => setClosing(true),
          // Stock in transit is received at the destination before the order is closed.
          hidden: order.dispatchedAt !== null && order.status !== 'RECEIVED',
          icon: <StopOutlined />,
          testId: 'po-close',
        },
        cancel: {
          open: () => setCanceling(true),
          hidden: order.dispatchedAt !== null,
          icon: <CloseCircleOutlined />,
          testId: 'po-cancel',
        },
      }}
    />
  );

  return (
    <DetailFrame
      query={query}
      number={(order) => order.number}
      numberTestId="po-number"
      back={back}
      tags={(order) => <StatusTag doc={purchaseOrderDocument} status={order.status} testId="po-status" />}
      actions={actions}
    >
      {(order) => (
        <>
          <OrderBody order={order} />
          <Modal
            open={sendOpen}
            title={t('detail.sendTitle', { number: order.number })}
            okText={td('purchase_order.action.send')}
            okButtonProps={{ loading: send.isPending, ...{ 'data-testid': 'po-send-confirm' } }}
            cancelText={td('common.dismiss')}
            onOk={() => void submitSend(order)}
            onCancel={() => setSendOpen(false)}
            destroyOnHidden
          >
            <Typography.Paragraph>{t('detail.sendHint')}</Typography.Paragraph>
            <label htmlFor="po-send-to" style={{ display: 'block', marginBottom: token.marginXXS }}>
              {t('detail.sendTo')}
            </label>
            <Input
              id="po-send-to"
              type="email"
              value={sendTo}
              onChange={(event) => setSendTo(event.target.value)}
              placeholder={t('detail.sendToPlaceholder')}
              data-testid="po-send-to"
              style={{ marginBottom: token.marginSM }}
            />
            <label htmlFor="po-send-message" style={{ display: 'block', marginBottom: token.marginXXS }}>
              {t('detail.sendMessage')}
            </label>
            <Input.TextArea
              id="po-send-message"
              rows={3}
              maxLength={2000}
              value={sendMessage}
              onChange={(event) => setSendMessage(event.target.value)}
              data-testid="po-send-message"
            />
            {sendFailure ? (
              <Alert
                type="error"
                showIcon
                role="alert"
                title={sendFailure}
                style={{ marginTop: token.marginSM }}
                data-testid="po-send-error"
              />
            ) : null}
          </Modal>
          <Modal
            open={closing}
            title={td('purchase_order.confirm.close', { number: order.number })}
            okText={td('purchase_order.action.close')}
            okButtonProps={{ danger: true, loading: close.isPending, ...{ 'data-testid': 'po-close-confirm' } }}
            cancelText={td('common.dismiss')}
            onOk={() => void submitClose(order)}
            onCancel={() => setClosing(false)}
            destroyOnHidden
          >
            <Typography.Paragraph>{t('detail.closeHint')}</Typography.Paragraph>
            <label htmlFor="po-close-reason" style={{ display: 'block', marginBottom: token.marginXXS }}>
              {t('detail.closeReasonLabel')}
            </label>
            <Input.TextArea
              id="po-close-reason"
              rows={2}
              maxLength={PURCHASE_ORDER_REASON_MAX}
              value={closeReason}
              onChange={(event) => setCloseReason(event.target.value)}
              data-testid="po-close-reason"
            />
            {closeFailure ? (
              <Alert type="error" showIcon role="alert" title={closeFailure} style={{ marginTop: token.marginSM }} />
            ) : null}
          </Modal>
          <ReasonModal
            open={canceling}
            title={td('purchase_order.confirm.cancel', { number: order.number })}
            intro={t('detail.cancelHint')}
            reasonLabel={t('detail.cancelReasonLabel')}
            okText={td('purchase_order.action.cancel')}
            testId="po-cancel-modal"
            onSubmit={async (reason) => {
              await cancel.mutateAsync({ id: order.id, body: { reason } });
              notifySuccess(td('purchase_order.done.cancel', { number: order.number }));
              setCanceling(false);
            }}
            onClose={() => setCanceling(false)}
          />
        </>
      )}
    </DetailFrame>
  );
}
