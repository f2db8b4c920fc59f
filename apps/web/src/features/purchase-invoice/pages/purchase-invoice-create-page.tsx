import {
  type InvoicableOrderLine,
  type PurchaseInvoiceSheet,
  type UploadedFile,
  type VatCode,
  vatLineAmounts,
  vatTotals,
} from '@backoffice/contracts';
import { Alert, Button, Col, DatePicker, Descriptions, Form, Input, Row, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { uuid } from '../../../shared/lib/uuid.ts';
import { FileUpload } from '../../../shared/ui/file-upload.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure } from '../../inventory/index.ts';
import { useCreatePurchaseInvoice, useInvoicableLines, useTolerances } from '../api.ts';
import {
  type ChargeDraft,
  chargeAmountValid,
  chargeInput,
  chargeValid,
  LandedChargesEditor,
} from '../components/landed-charges.tsx';
import { type OpenOrder, SheetReader } from '../components/sheet-reader.tsx';
import { SupplierSelect } from '../components/supplier-select.tsx';
import { differs, isDecimalText, remaining, sumExceeds } from '../decimal-text.ts';
import { purchaseInvoiceUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';

interface Picked {
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  /** The sheet's VAT; empty: the order line's. */
  vatCode?: VatCode;
  /** The spreadsheet rows the line was read from. */
  rows?: number[];
}

/**
 * Client Invoices Upload: choose the supplier, type their invoice number and dates, attach their PDF or .xlsx,
 * pick the order lines invoiced with quantities and prices beside what was ordered, received and already
 * invoiced (differences marked), and save it PENDING; the invoice's page shows the full three-way match and books it.
 * An attached .xlsx can fill the lines: read through a saved Excel mapping, matched to the supplier's open order
 * lines oldest first, for review here before saving. Landed charges (freight, duty, …) for posted receipts of any
 * supplier go beside the lines or alone (a forwarder's invoice); the totals include them.
 */
export function PurchaseInvoiceCreatePage() {
  const { t } = useTranslation('purchaseInvoices');
  const { t: tp } = useTranslation('purchasing');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [number, setNumber] = useState('');
  const [invoiceDate, setInvoiceDate] = useState<Dayjs>(dayjs());
  const [dueDate, setDueDate] = useState<Dayjs | null>(null);
  const [notes, setNotes] = useState('');
  const [attachment, setAttachment] = useState<UploadedFile | null>(null);
  const [picked, setPicked] = useState<Record<string, Picked>>({});
  const [charges, setCharges] = useState<ChargeDraft[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(() => uuid());
  const lines = useInvoicableLines(supplierId);
  const tolerances = useTolerances();
  const create = useCreatePurchaseInvoice();
  const items = lines.data?.items ?? [];
  const chosen = useMemo(() => items.filter((l) => picked[l.orderLineId]), [items, picked]);
  const currencies = new Set(chosen.map((l) => l.currency));
  const invalid = chosen.some((l) => {
    const p = picked[l.orderLineId];
    return (
      !p ||
      !isDecimalText(p.quantity) ||
      !isDecimalText(p.unitPrice) ||
      !isDecimalText(p.discountPercent) ||
      !differs(p.quantity, '0') ||
      sumExceeds(p.discountPercent, '0', '100')
    );
  });
  // The supplier's open orders, oldest first, for the sheet to be matched against.
  const orders = useMemo(() => {
    const seen = new Map<string, OpenOrder>();
    for (const l of items)
      if (!seen.has(l.orderId)) seen.set(l.orderId, { id: l.orderId, number: l.orderNumber, date: l.orderDate });
    return [...seen.values()];
  }, [items]);
  const fromSheet = (sheet: PurchaseInvoiceSheet) => {
    const next: Record<string, Picked> = {};
    for (const l of sheet.lines)
      next[l.orderLine.orderLineId] = {
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discountPercent: l.discountPercent,
        vatCode: l.vatCode,
        rows: l.rowNumbers,
      };
    setPicked(next);
    // The sheet's own number and dates fill what is still empty.
    if (!number.trim() && sheet.invoice.supplierInvoiceNumber) setNumber(sheet.invoice.supplierInvoiceNumber);
    if (sheet.invoice.invoiceDate && !dayjs(sheet.invoice.invoiceDate).isAfter(dayjs(), 'day'))
      setInvoiceDate(dayjs(sheet.invoice.invoiceDate));
    if (!dueDate && sheet.invoice.dueDate) setDueDate(dayjs(sheet.invoice.dueDate));
  };
  const canSave =
    !!supplierId &&
    !!number.trim() &&
    (chosen.length > 0 || charges.length > 0) &&
    !invalid &&
    charges.every(chargeValid) &&
    currencies.size <= 1;
  // The totals as the server will work them out (VAT rounded per line and per charge).
  const totals = useMemo(() => {
    if (invalid || charges.some((c) => c.amount.trim() && !chargeAmountValid(c))) return null;
    const amounts = [
      ...chosen.map((l) => {
        const p = picked[l.orderLineId] as Picked;
        const vatCode = p.vatCode ?? l.vatCode;
        return {
          vatCode,
          ...vatLineAmounts({
            quantity: p.quantity.trim(),
            unitCost: p.unitPrice.trim(),
            discountPercent: p.discountPercent.trim(),
            vatCode,
          }),
        };
      }),
      ...charges.filter(chargeAmountValid).map((c) => ({
        vatCode: c.vatCode,
        ...vatLineAmounts({ quantity: '1', unitCost: c.amount.trim(), vatCode: c.vatCode }),
      })),
    ];
    return vatTotals(amounts);
  }, [chosen, picked, charges, invalid]);

  const choose = (line: InvoicableOrderLine, on: boolean) =>
    setPicked((current) => {
      const next = { ...current };
      if (on) {
        const open = remaining(line.received, line.invoiced);
        next[line.orderLineId] = {
          quantity: open === '0' ? remaining(line.ordered, line.invoiced) : open,
          unitPrice: line.unitNet,
          discountPercent: '0',
        };
      } else delete next[line.orderLineId];
      return next;
    });
  const edit = (id: string, field: 'quantity' | 'unitPrice' | 'discountPercent', value: string) =>
    setPicked((current) => ({ ...current, [id]: { ...(current[id] as Picked), [field]: value } }));

  const save = async () => {
    if (!supplierId) return;
    setError(null);
    try {
      const invoice = await create.mutateAsync({
        key,
        body: {
          supplierId,
          supplierInvoiceNumber: number.trim(),
          invoiceDate: invoiceDate.format(DATE_FORMAT),
          dueDate: dueDate ? dueDate.format(DATE_FORMAT) : null,
          attachment: attachment?.fileName ?? null,
          notes,
          lines: chosen.map((l) => {
            const p = picked[l.orderLineId] as Picked;
            return {
              orderLineId: l.orderLineId,
              quantity: p.quantity.trim(),
              unitPrice: p.unitPrice.trim(),
              discountPercent: p.discountPercent.trim(),
              ...(p.vatCode ? { vatCode: p.vatCode } : {}),
            };
          }),
          charges: charges.map(chargeInput),
        },
      });
      notifySuccess(t('create.saved', { number: invoice.number }));
      navigate(purchaseInvoiceUrl(invoice.id));
    } catch (e) {
      setError(errorText(e) || t('create.failed'));
    }
  };

  const mark = (on: boolean) => (on ? { color: token.colorError, fontWeight: 600 } : undefined);
  const fromSheetRows = chosen.some((l) => picked[l.orderLineId]?.rows);
  const columns: ColumnsType<InvoicableOrderLine> = [
    ...(fromSheetRows
      ? [
          {
            key: 'rows',
            title: t('sheet.rows'),
            render: (_: unknown, l: InvoicableOrderLine) => (
              <bdi data-testid="pi-line-rows">{picked[l.orderLineId]?.rows?.join(', ') ?? '—'}</bdi>
            ),
          },
        ]
      : []),
    {
      key: 'order',
      title: t('fields.order'),
      render: (_, l) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi>
            {l.orderNumber} / {l.lineNo}
          </bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{l.orderDate}</span>
        </span>
      ),
    },
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, l) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi>{l.product.sku}</bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{l.product.name}</span>
        </span>
      ),
    },
    { key: 'ordered', title: t('fields.ordered'), align: 'end', render: (_, l) => <Figure value={l.ordered} /> },
    { key: 'received', title: t('fields.received'), align: 'end', render: (_, l) => <Figure value={l.received} /> },
    {
      key: 'invoiced',
      title: t('fields.alreadyInvoiced'),
      align: 'end',
      render: (_, l) => <Figure value={l.invoiced} />,
    },
    {
      key: 'quantity',
      title: t('fields.invoiced'),
      render: (_, l) => {
        const p = picked[l.orderLineId];
        if (!p) return '—';
        const over = sumExceeds(l.invoiced, p.quantity, l.received);
        return (
          <Input
            aria-label={`${t('fields.invoiced')} ${l.product.sku}`}
            data-testid="pi-line-quantity"
            value={p.quantity}
            status={!isDecimalText(p.quantity) ? 'error' : over ? 'warning' : undefined}
            onChange={(e) => edit(l.orderLineId, 'quantity', e.target.value)}
            style={{ width: 100, ...mark(over) }}
            inputMode="decimal"
          />
        );
      },
    },
    {
      key: 'orderPrice',
      title: t('fields.orderUnitNet'),
      align: 'end',
      render: (_, l) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Figure value={l.unitNet} kind="money" /> <bdi>{l.currency}</bdi>
        </span>
      ),
    },
    {
      key: 'unitPrice',
      title: t('fields.invoiceUnitPrice'),
      render: (_, l) => {
        const p = picked[l.orderLineId];
        if (!p) return '—';
        const other = isDecimalText(p.unitPrice) && differs(p.unitPrice, l.unitNet);
        return (
          <Input
            aria-label={`${t('fields.invoiceUnitPrice')} ${l.product.sku}`}
            data-testid="pi-line-price"
            value={p.unitPrice}
            status={!isDecimalText(p.unitPrice) ? 'error' : other ? 'warning' : undefined}
            onChange={(e) => edit(l.orderLineId, 'unitPrice', e.target.value)}
            style={{ width: 120, ...mark(other) }}
            inputMode="decimal"
          />
        );
      },
    },
    {
      key: 'discount',
      title: t('fields.discountPercent'),
      render: (_, l) => {
        const p = picked[l.orderLineId];
        if (!p) return '—';
        const bad = !isDecimalText(p.discountPercent) || sumExceeds(p.discountPercent, '0', '100');
        return (
          <Input
            aria-label={`${t('fields.discountPercent')} ${l.product.sku}`}
            data-testid="pi-line-discount"
            value={p.discountPercent}
            status={bad ? 'error' : undefined}
            onChange={(e) => edit(l.orderLineId, 'discountPercent', e.target.value)}
            style={{ width: 80 }}
            inputMode="decimal"
          />
        );
      },
    },
    {
      key: 'vat',
      title: t('fields.vat'),
      render: (_, l) => {
        const p = picked[l.orderLineId];
        const code = p?.vatCode ?? l.vatCode;
        const other = !!p?.vatCode && p.vatCode !== l.vatCode;
        return (
          <bdi style={mark(other)} data-testid="pi-line-vat">
            {tp(`vatCodes.${code}`)}
          </bdi>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader />
      <Panel title={t('create.facts')} style={{ marginBottom: token.margin }}>
        <Form layout="vertical" component="div">
          <Row gutter={token.margin}>
            <Col xs={24} md={8}>
              <Form.Item label={t('fields.supplier')} htmlFor="pi-supplier" required>
                <SupplierSelect
                  id="pi-supplier"
                  testId="pi-supplier"
                  value={supplierId}
                  onChange={(id) => {
                    setSupplierId(id);
                    setPicked({});
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('fields.supplierInvoiceNumber')} htmlFor="pi-number" required>
                <Input
                  id="pi-number"
                  data-testid="pi-supplier-number"
                  value={number}
                  maxLength={60}
                  onChange={(e) => setNumber(e.target.value)}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item label={t('fields.invoiceDate')} htmlFor="pi-date" required>
                <DatePicker
                  id="pi-date"
                  data-testid="pi-invoice-date"
                  format={DATE_FORMAT}
                  value={invoiceDate}
                  allowClear={false}
                  disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                  onChange={(d) => d && setInvoiceDate(d)}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item label={t('fields.dueDate')} htmlFor="pi-due" extra={t('create.dueHint')}>
                <DatePicker
                  id="pi-due"
                  format={DATE_FORMAT}
                  value={dueDate}
                  onChange={(d) => setDueDate(d)}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label={t('fields.attachment')}
                extra={attachment ? <bdi>{attachment.originalName}</bdi> : t('create.attachmentHint')}
              >
                <FileUpload onUploaded={(file) => setAttachment(file)} onRemoved={() => setAttachment(null)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('fields.notes')} htmlFor="pi-notes">
                <Input.TextArea
                  id="pi-notes"
                  rows={3}
                  maxLength={2000}
                  value={notes}
                  onChange={(e) => setNotes(e.target.value)}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Panel>
      {attachment?.kind === 'xlsx' ? (
        <SheetReader supplierId={supplierId} attachment={attachment} orders={orders} onRead={fromSheet} />
      ) : null}
      <LandedChargesEditor charges={charges} onChange={setCharges} />
      <Panel title={t('create.lines')}>
        {tolerances.data ? (
          <Typography.Paragraph type="secondary">
            {t('detail.tolerances', { quantity: tolerances.data.quantityPercent, price: tolerances.data.pricePercent })}
          </Typography.Paragraph>
        ) : null}
        {currencies.size > 1 ? (
          <Alert type="error" showIcon title={t('create.oneCurrency')} style={{ marginBottom: token.margin }} />
        ) : null}
        {/* Scrolled by its box, not by the table: antd's measuring row would copy the select-all checkbox into
            an aria-hidden row (a focusable element hidden from assistive technology). */}
        <div style={{ overflowX: 'auto' }}>
          <Table<InvoicableOrderLine>
            data-testid="pi-order-lines"
            rowKey="orderLineId"
            size="small"
            columns={columns}
            dataSource={items}
            loading={lines.isFetching}
            locale={{
              // In the page's secondary text colour: antd's placeholder grey is too faint to read (WCAG contrast).
              emptyText: (
                <span style={{ color: token.colorTextSecondary }}>
                  {supplierId ? t('create.noLines') : t('create.chooseSupplier')}
                </span>
              ),
            }}
            rowSelection={{
              selectedRowKeys: Object.keys(picked),
              onSelect: (line, on) => choose(line, on),
              onSelectAll: (on) => {
                for (const line of items) choose(line, on);
              },
            }}
            tableLayout="auto"
            pagination={false}
          />
        </div>
        {totals ? (
          <Descriptions
            data-testid="pi-totals"
            size="small"
            column={{ xs: 1, sm: 3 }}
            style={{ marginTop: token.margin }}
            items={[
              { key: 'net', label: t('fields.net'), children: <Figure value={totals.net} kind="money" /> },
              { key: 'vat', label: t('fields.vat'), children: <Figure value={totals.vat} kind="money" /> },
              {
                key: 'gross',
                label: t('fields.grossTotal'),
                children: <Figure value={totals.gross} kind="money" testId="pi-total-gross" />,
              },
            ]}
          />
        ) : null}
        {error ? (
          <Alert type="error" showIcon title={error} style={{ marginTop: token.margin }} data-testid="pi-error" />
        ) : null}
        <div style={{ marginTop: token.margin, display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="primary" disabled={!canSave} loading={create.isPending} onClick={save} data-testid="pi-save">
            {t('create.save')}
          </Button>
        </div>
      </Panel>
    </>
  );
}
