import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CheckOutlined,
  CloseCircleOutlined,
  EditOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import {
  type SalesInvoice,
  type SalesInvoiceAddress,
  type SalesInvoiceLine,
  type SalesInvoiceShortageDetails,
  salesInvoiceDocument,
} from '@backoffice/contracts';
import { Alert, Button, Descriptions, Steps, Table, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { formatQuantity } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { documentKey } from '../../../shared/ui/documents/document-text.ts';
import { FigureList } from '../../../shared/ui/documents/figure-list.tsx';
import { ReasonModal } from '../../../shared/ui/documents/reason-modal.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { InvoicePickLists } from '../../pick-list/index.ts';
import { PackingSlipButton, ShipmentPanel } from '../../ship-list/index.ts';
import { salesInvoicePdfPath, useBookSalesInvoice, useCancelSalesInvoice, useSalesInvoice } from '../api.ts';
import { Money } from '../components/money.tsx';
import { ShortageDialog, shortageOf } from '../components/shortage-dialog.tsx';
import { isAboveZero } from '../quantity-text.ts';
import { type BackState, SALES_INVOICE_LIST_PATH, salesInvoiceEditUrl } from '../urls.ts';

/** The way an invoice goes when all is well, in order (CANCELED is where it stops instead). */
const FLOW = ['PENDING', 'BOOKED', 'PROCESSING', 'READY_FOR_DELIVERY', 'PROCESSED'] as const;

function Quantity({ value, testId }: { value: string; testId?: string }) {
  const { i18n } = useTranslation();
  return (
    <bdi style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={testId}>
      {formatQuantity(value, i18n.language)}
    </bdi>
  );
}

function AddressBlock({ address, testId }: { address: SalesInvoiceAddress; testId: string }) {
  const parts = [
    address.name,
    address.line1,
    address.line2,
    [address.city, address.county].filter(Boolean).join(', '),
    [address.postcode, address.country].filter(Boolean).join(' '),
  ].filter((p): p is string => !!p);
  return (
    <address style={{ fontStyle: 'normal', margin: 0 }} data-testid={testId}>
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, fixed in order.
        <bdi key={i} style={{ display: 'block' }}>
          {p}
        </bdi>
      ))}
    </address>
  );
}

function StatusSteps({ invoice }: { invoice: SalesInvoice }) {
  const { t: td } = useTranslation('documents');
  const label = (s: string) => td(documentKey.status(salesInvoiceDocument, s));
  const canceled = invoice.status === 'CANCELED';
  const at = FLOW.indexOf(invoice.status as (typeof FLOW)[number]);
  const reached = canceled ? (invoice.bookedAt ? 1 : 0) : at;
  return (
    <Steps
      data-testid="si-steps"
      size="small"
      current={reached}
      status={canceled ? 'error' : invoice.status === 'PROCESSED' ? 'finish' : 'process'}
      items={FLOW.map((s, i) => ({
        title: canceled && i === reached ? `${label(s)} · ${label('CANCELED')}` : label(s),
      }))}
      responsive
    />
  );
}

function LinesTable({ invoice }: { invoice: SalesInvoice }) {
  const { t, i18n } = useTranslation('salesInvoices');
  const { token } = theme.useToken();
  const open = invoice.status === 'PENDING' || invoice.status === 'BOOKED';
  const money = (key: 'unitPrice' | 'netAmount' | 'vatAmount' | 'grossAmount', title: string) => ({
    key,
    dataIndex: key,
    title,
    align: 'end' as const,
    render: (value: string) => <Money value={value} currency={invoice.currency} places={key === 'unitPrice' ? 4 : 2} />,
  });
  const columns: ColumnsType<SalesInvoiceLine> = [
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
      key: 'quantity',
      title: t('fields.quantity'),
      align: 'end',
      render: (_, line) => <Quantity value={line.quantity} />,
    },
    money('unitPrice', invoice.pricesIncludeVat ? t('fields.unitPriceGross') : t('fields.unitPriceNet')),
    {
      key: 'discountPercent',
      dataIndex: 'discountPercent',
      title: t('fields.discountPercent'),
      align: 'end',
      render: (value: string) => (value === '0' ? '—' : <bdi>{value} %</bdi>),
    },
    { key: 'vat', title: t('fields.vatRate'), render: (_, line) => t(`vatCodes.${line.vatCode}`) },
    money('netAmount', t('fields.net')),
    money('vatAmount', t('fields.vat')),
    money('grossAmount', t('fields.gross')),
    {
      key: 'reserved',
      title: t('fields.reserved'),
      align: 'end',
      render: (_, line) => <Quantity value={line.reservedQuantity} testId="si-line-reserved" />,
    },
    ...(open
      ? ([
          {
            key: 'available',
            title: t('fields.availableNow'),
            align: 'end',
            render: (_: unknown, line: SalesInvoiceLine) =>
              line.availability ? (
                <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
                  <Quantity value={line.availability.available} testId="si-line-available" />
                  {isAboveZero(line.availability.shortage) ? (
                    <span style={{ color: token.colorWarningText }} data-testid="si-line-short">
                      <WarningOutlined aria-hidden />{' '}
                      {t('detail.short', { shortage: formatQuantity(line.availability.shortage, i18n.language) })}
                    </span>
                  ) : null}
                </span>
              ) : (
                <span style={{ color: token.colorTextSecondary }}>{t('form.service')}</span>
              ),
          },
        ] as ColumnsType<SalesInvoiceLine>)
      : []),
  ];
  return (
    <Table<SalesInvoiceLine>
      data-testid="si-lines"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={invoice.lines}
      scroll={{ x: true }}
      tableLayout="auto"
      pagination={invoice.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
    />
  );
}

function History({ invoice }: { invoice: SalesInvoice }) {
  const { t } = useTranslation('salesInvoices');
  const { token } = theme.useToken();
  const by = (u: SalesInvoice['createdBy']) => u?.username ?? t('detail.someone');
  const events: { at: string; text: string }[] = [
    { at: invoice.createdAt, text: t('history.created', { user: by(invoice.createdBy) }) },
  ];
  if (invoice.bookedAt)
    events.push({ at: invoice.bookedAt, text: t('history.booked', { user: by(invoice.bookedBy) }) });
  if (invoice.status === 'PENDING' && isAboveZero(invoice.shortQuantity))
    events.push({ at: invoice.updatedAt, text: t('history.shortRecorded') });
  if (invoice.canceledAt)
    events.push({
      at: invoice.canceledAt,
      text: t('history.canceled', { user: by(invoice.canceledBy), reason: invoice.cancelReason || '—' }),
    });
  events.sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ol data-testid="si-history" style={{ margin: 0, paddingInlineStart: token.paddingLG }}>
      {events.map((e) => (
        <li key={`${e.at}${e.text}`} style={{ marginBottom: token.marginXXS }}>
          <bdi style={{ color: token.colorTextSecondary }}>{formatDateTime(e.at)}</bdi> · <span>{e.text}</span>
        </li>
      ))}
    </ol>
  );
}

function InvoiceBody({ invoice }: { invoice: SalesInvoice }) {
  const { t, i18n } = useTranslation('salesInvoices');
  const { token } = theme.useToken();
  const when = (at: string | null) => (at ? <bdi>{formatDateTime(at)}</bdi> : '—');
  const money = (v: string, testId?: string) => <Money value={v} currency={invoice.currency} testId={testId} />;
  return (
    <>
      {invoice.status === 'CANCELED' ? (
        <Alert
          type="info"
          showIcon
          title={t('detail.canceledBecause', { reason: invoice.cancelReason || '—' })}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      {invoice.status === 'PENDING' && isAboveZero(invoice.shortQuantity) ? (
        <Alert
          type="warning"
          showIcon
          data-testid="si-short-recorded"
          title={t('detail.shortRecorded', { shortage: formatQuantity(invoice.shortQuantity, i18n.language) })}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      {invoice.shipment ? <ShipmentPanel shipment={invoice.shipment} style={{ marginBottom: token.margin }} /> : null}
      <Panel title={t('detail.progress')} style={{ marginBottom: token.margin }}>
        <StatusSteps invoice={invoice} />
        {invoice.status === 'PENDING' ? null : (
          <div style={{ marginTop: token.marginSM }}>
            <InvoicePickLists invoiceId={invoice.id} />
          </div>
        )}
      </Panel>
      <Panel title={t('detail.facts')} style={{ marginBottom: token.margin }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'customer',
              label: t('fields.customer'),
              children: <bdi data-testid="si-detail-customer">{invoice.customer.name}</bdi>,
            },
            { key: 'email', label: t('fields.email'), children: invoice.email ? <bdi>{invoice.email}</bdi> : '—' },
            { key: 'channel', label: t('fields.channel'), children: t(`channels.${invoice.channel}`) },
            {
              key: 'externalOrderId',
              label: t('fields.externalOrderId'),
              children: invoice.externalOrderId ? <bdi>{invoice.externalOrderId}</bdi> : '—',
            },
            {
              key: 'warehouse',
              label: t('fields.warehouse'),
              children: (
                <bdi>
                  {invoice.warehouse.code} · {invoice.warehouse.name}
                </bdi>
              ),
            },
            { key: 'invoiceDate', label: t('fields.invoiceDate'), children: <bdi>{invoice.invoiceDate}</bdi> },
            { key: 'taxPoint', label: t('fields.taxPointDate'), children: <bdi>{invoice.taxPointDate}</bdi> },
            {
              key: 'currency',
              label: t('fields.currency'),
              children: (
                <bdi>
                  {invoice.currency}
                  {invoice.currency === 'GBP' ? '' : ` · ${t('detail.rate', { rate: invoice.exchangeRate })}`}
                </bdi>
              ),
            },
            {
              key: 'prices',
              label: t('fields.pricesIncludeVat'),
              children: invoice.pricesIncludeVat ? t('detail.withVat') : t('detail.withoutVat'),
            },
            {
              key: 'carrier',
              label: t('fields.carrierService'),
              children: invoice.carrierService ? (
                <bdi>
                  {invoice.carrierService.carrier.name} · {invoice.carrierService.name}
                </bdi>
              ) : (
                '—'
              ),
            },
            {
              key: 'payment',
              label: t('fields.paymentType'),
              children: invoice.paymentType ? t(`paymentTypes.${invoice.paymentType}`) : '—',
            },
            {
              key: 'paymentReference',
              label: t('fields.paymentReference'),
              children: invoice.paymentReference ? <bdi>{invoice.paymentReference}</bdi> : '—',
            },
            { key: 'createdAt', label: t('fields.createdAt'), children: when(invoice.createdAt) },
            { key: 'bookedAt', label: t('fields.bookedAt'), children: when(invoice.bookedAt) },
            {
              key: 'note',
              label: t('fields.note'),
              span: 'filled',
              children: invoice.note ? <span style={{ whiteSpace: 'pre-wrap' }}>{invoice.note}</span> : '—',
            },
          ]}
        />
      </Panel>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
          gap: token.margin,
          marginBottom: token.margin,
        }}
      >
        <Panel title={t('form.billingAddress')}>
          <AddressBlock address={invoice.billingAddress} testId="si-billing-address" />
        </Panel>
        <Panel title={t('form.deliveryAddress')}>
          <AddressBlock address={invoice.deliveryAddress} testId="si-delivery-address" />
        </Panel>
      </div>
      <Panel title={t('detail.lines', { count: invoice.lines.length })} style={{ marginBottom: token.margin }}>
        <LinesTable invoice={invoice} />
      </Panel>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
          gap: token.margin,
        }}
      >
        <Panel title={t('form.totals')}>
          <FigureList
            testId="si-totals"
            rows={[
              { key: 'goods', label: t('detail.goodsNet'), value: money(invoice.goodsNet) },
              { key: 'shipping', label: t('detail.shippingNet'), value: money(invoice.shippingNet) },
              ...invoice.vatPerRate.map((r) => ({
                key: r.vatCode,
                label: t('form.netAt', { rate: t(`vatCodes.${r.vatCode}`) }),
                value: (
                  <>
                    {money(r.net)} · {money(r.vat)}
                  </>
                ),
              })),
              { key: 'net', label: t('fields.netTotal'), value: money(invoice.netTotal, 'si-net-total') },
              { key: 'vat', label: t('fields.vatTotal'), value: money(invoice.vatTotal, 'si-vat-total') },
              {
                key: 'gross',
                label: t('fields.grossTotal'),
                value: money(invoice.grossTotal, 'si-gross-total'),
                strong: true,
              },
            ]}
          />
        </Panel>
        <Panel title={t('detail.history')}>
          <History invoice={invoice} />
        </Panel>
      </div>
    </>
  );
}

/**
 * One sales invoice: where it is in its flow, its facts, addresses, lines with what is reserved and available
 * (and short), totals per VAT rate and its history; the steps its status allows to the user's permissions (edit
 * while pending, book with the shortage choice, cancel with a reason) and the VAT invoice PDF.
 */
export function SalesInvoiceDetailPage() {
  const { id = '' } = useParams();
  const { has } = usePermissions();
  const { t } = useTranslation('salesInvoices');
  const { t: td } = useTranslation('documents');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const navigate = useNavigate();
  const location = useLocation();
  const errorText = useErrorText();
  const query = useSalesInvoice(id);
  const book = useBookSalesInvoice();
  const cancel = useCancelSalesInvoice();
  const [canceling, setCanceling] = useState(false);
  const [shortage, setShortage] = useState<SalesInvoiceShortageDetails | null>(null);
  const backState = location.state as BackState | null;

  const back = (
    <Link
      to={backState?.backTo ?? SALES_INVOICE_LIST_PATH}
      style={{ display: 'inline-flex', gap: token.marginXXS }}
      data-testid="si-back"
    >
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {t('detail.back')}
    </Link>
  );

  const keepPending = async (invoice: SalesInvoice) => {
    try {
      await book.mutateAsync({ id: invoice.id, body: { onShortage: 'KEEP_PENDING' } });
      notifySuccess(t('detail.keptPending', { number: invoice.number }));
      setShortage(null);
    } catch (error) {
      setShortage(null);
      const text = errorText(error);
      if (text)
        notifyError(td('common.actionFailed', { action: td(documentKey.action(salesInvoiceDocument, 'book')) }), text);
    }
  };

  const actions = (invoice: SalesInvoice) => (
    <span style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
      {/* A shipped invoice's return: the return-ticket area's own screen, by URL (areas never import each other). */}
      {invoice.status === 'PROCESSED' && has('add_return_ticket') ? (
        <Button
          data-testid="si-return"
          onClick={() => navigate(`/return-ticket/return-tickets-list/new?invoiceId=${encodeURIComponent(invoice.id)}`)}
        >
          {t('detail.return')}
        </Button>
      ) : null}
      {invoice.status === 'PROCESSED' && has('add_credit_note') ? (
        <Button
          data-testid="si-credit-note"
          onClick={() => navigate(`/credit-note/credit-note-list/new?invoiceId=${encodeURIComponent(invoice.id)}`)}
        >
          {t('detail.creditNote')}
        </Button>
      ) : null}
      <ActionBar
        doc={salesInvoiceDocument}
        status={invoice.status}
        number={invoice.number}
        print={{ path: salesInvoicePdfPath(invoice.id), fileName: `${invoice.number}.pdf` }}
        after={<PackingSlipButton invoiceId={invoice.id} number={invoice.number} />}
        handlers={{
          edit: {
            open: () => navigate(salesInvoiceEditUrl(invoice.id), { state: backState }),
            icon: <EditOutlined />,
            testId: 'si-edit',
          },
          book: {
            run: () => book.mutateAsync({ id: invoice.id, body: { onShortage: 'REFUSE' } }),
            description: t('detail.bookHint', { warehouse: invoice.warehouse.code }),
            onError: (error) => {
              const short = shortageOf(error);
              if (short) setShortage(short);
              else {
                const text = errorText(error);
                if (text)
                  notifyError(
                    td('common.actionFailed', { action: td(documentKey.action(salesInvoiceDocument, 'book')) }),
                    text,
                  );
              }
            },
            primary: true,
            icon: <CheckOutlined />,
            testId: 'si-book',
          },
          cancel: {
            open: () => setCanceling(true),
            icon: <CloseCircleOutlined />,
            testId: 'si-cancel',
          },
        }}
      />
    </span>
  );

  return (
    <DetailFrame
      query={query}
      number={(invoice) => invoice.number}
      numberTestId="si-number"
      back={back}
      tags={(invoice) => <StatusTag doc={salesInvoiceDocument} status={invoice.status} testId="si-status" />}
      actions={actions}
    >
      {(invoice) => (
        <>
          <InvoiceBody invoice={invoice} />
          <ShortageDialog
            shortage={shortage}
            busy={book.isPending}
            onKeepPending={() => void keepPending(invoice)}
            onClose={() => setShortage(null)}
          />
          <ReasonModal
            open={canceling}
            title={td(documentKey.confirm(salesInvoiceDocument, 'cancel'), { number: invoice.number })}
            intro={invoice.status === 'BOOKED' ? t('detail.cancelHintBooked') : t('detail.cancelHint')}
            reasonLabel={t('detail.cancelReasonLabel')}
            okText={td(documentKey.action(salesInvoiceDocument, 'cancel'))}
            testId="si-cancel-modal"
            onSubmit={async (reason) => {
              await cancel.mutateAsync({ id: invoice.id, body: { reason } });
              notifySuccess(td(documentKey.done(salesInvoiceDocument, 'cancel'), { number: invoice.number }));
              setCanceling(false);
            }}
            onClose={() => setCanceling(false)}
          />
        </>
      )}
    </DetailFrame>
  );
}
