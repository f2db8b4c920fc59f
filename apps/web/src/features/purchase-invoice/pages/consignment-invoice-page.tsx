import { DeleteOutlined, FileExcelOutlined } from '@ant-design/icons';
import {
  type ConsignmentComparison,
  type ConsignmentComparisonLine,
  type ConsignmentOwedProduct,
  type ConsignmentSheet,
  CURRENCY_CODES,
  type UploadedFile,
  VAT_CODE_LIST,
  type VatCode,
} from '@backoffice/contracts';
import { Alert, Button, Col, DatePicker, Form, Input, Row, Select, Table, Tag, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProductPicker, productLabel } from '../../../lookups/product-picker.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { uuid } from '../../../shared/lib/uuid.ts';
import { FileUpload } from '../../../shared/ui/file-upload.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure, formatMoney } from '../../inventory/index.ts';
import { useSheetMappings } from '../api.ts';
import {
  useCheckConsignment,
  useConsignmentOwed,
  useConsignmentSuppliers,
  useCreateConsignmentInvoice,
  useReadConsignmentSheet,
} from '../consignment-api.ts';
import { differs, isDecimalText } from '../decimal-text.ts';
import { consignmentInvoiceUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';

interface Line {
  key: string;
  product: { id: string; sku: string; name: string } | null;
  quantity: string;
  unitPrice: string;
  vatCode: VatCode;
}

const newLine = (): Line => ({ key: uuid(), product: null, quantity: '', unitPrice: '', vatCode: 'STANDARD' });
const lineIsValid = (l: Line) =>
  !!l.product && isDecimalText(l.quantity) && differs(l.quantity, '0') && isDecimalText(l.unitPrice);

/** The calendar month before this one: the period a consignor usually invoices. */
function lastMonth(): [Dayjs, Dayjs] {
  const start = dayjs().subtract(1, 'month').startOf('month');
  return [start, start.endOf('month')];
}

/**
 * Consignment Invoice Upload: choose the supplier (consignment partners first) and the period sold, see what is
 * owed for it, enter the supplier's lines (typed, read from their .xlsx through a saved Excel mapping, or taken
 * from what is owed), and compare them product by product with what was sold: differences are highlighted. Saving
 * enters the invoice (pending); its page books it, with a reason when it differs.
 */
export function ConsignmentInvoicePage() {
  const { t } = useTranslation('consignmentInvoices');
  const { t: tp } = useTranslation('purchasing');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const suppliers = useConsignmentSuppliers();
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>(lastMonth);
  const [currency, setCurrency] = useState<string>('GBP');
  const [number, setNumber] = useState('');
  const [invoiceDate, setInvoiceDate] = useState<Dayjs>(dayjs());
  const [dueDate, setDueDate] = useState<Dayjs | null>(null);
  const [notes, setNotes] = useState('');
  const [attachment, setAttachment] = useState<UploadedFile | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(() => uuid());
  const from = period[0].format(DATE_FORMAT);
  const to = period[1].format(DATE_FORMAT);
  const owed = useConsignmentOwed({ supplierId, from, to });
  const create = useCreateConsignmentInvoice();
  const comparison = useComparison({ supplierId, from, to, currency, lines });

  const supplierList = suppliers.data?.items ?? [];
  const supplierOptions = [
    {
      label: t('suppliers.consignment'),
      options: supplierList
        .filter((s) => s.isConsignment)
        .map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` })),
    },
    {
      label: t('suppliers.others'),
      options: supplierList
        .filter((s) => !s.isConsignment)
        .map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` })),
    },
  ].filter((g) => g.options.length);
  const chooseSupplier = (id: string | null) => {
    setSupplierId(id);
    const s = supplierList.find((x) => x.id === id);
    if (s?.currency && (CURRENCY_CODES as readonly string[]).includes(s.currency)) setCurrency(s.currency);
  };

  const invalidLines = lines.some((l) => !lineIsValid(l));
  const canSave = !!supplierId && !!number.trim() && lines.length > 0 && !invalidLines;
  const owedItems = owed.data?.items ?? [];
  const fillFromOwed = () =>
    setLines(
      owedItems
        .filter((o) => o.currency === currency && differs(o.openQuantity, '0') && !o.openQuantity.startsWith('-'))
        .map((o) => ({
          key: uuid(),
          product: o.product,
          quantity: o.openQuantity,
          unitPrice: o.unitCost,
          vatCode: 'STANDARD' as VatCode,
        })),
    );
  const fromSheet = (sheet: ConsignmentSheet) =>
    setLines(
      sheet.lines.map((l) => ({
        key: uuid(),
        product: l.product,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        vatCode: 'STANDARD' as VatCode,
      })),
    );
  const edit = (k: string, change: Partial<Line>) =>
    setLines((current) => current.map((l) => (l.key === k ? { ...l, ...change } : l)));

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
          periodFrom: from,
          periodTo: to,
          currency: currency as (typeof CURRENCY_CODES)[number],
          attachment: attachment?.fileName ?? null,
          notes,
          lines: lines.map((l) => ({
            productId: l.product?.id ?? '',
            quantity: l.quantity.trim(),
            unitPrice: l.unitPrice.trim(),
            vatCode: l.vatCode,
          })),
        },
      });
      notifySuccess(t('saved', { number: invoice.number }));
      navigate(consignmentInvoiceUrl(invoice.id));
    } catch (e) {
      setError(errorText(e));
    }
  };

  const owedColumns: ColumnsType<ConsignmentOwedProduct> = [
    { key: 'sku', title: t('fields.product'), render: (_, o) => <bdi>{productLabel(o.product)}</bdi> },
    { key: 'sold', title: t('fields.sold'), align: 'end', render: (_, o) => <Figure value={o.sold} /> },
    {
      key: 'cost',
      title: t('fields.agreedCost'),
      align: 'end',
      render: (_, o) => (
        <>
          <Figure value={o.unitCost} kind="cost" /> <bdi>{o.currency}</bdi>
        </>
      ),
    },
    {
      key: 'amount',
      title: t('fields.soldAmount'),
      align: 'end',
      render: (_, o) => <Figure value={o.amount} kind="money" />,
    },
    {
      key: 'invoiced',
      title: t('fields.alreadyInvoiced'),
      align: 'end',
      render: (_, o) => <Figure value={o.invoicedQuantity} />,
    },
    { key: 'open', title: t('fields.open'), align: 'end', render: (_, o) => <Figure value={o.openQuantity} /> },
  ];

  const lineColumns: ColumnsType<Line> = [
    {
      key: 'product',
      title: t('fields.product'),
      width: '40%',
      render: (_, l, i) => (
        <ProductPicker
          value={l.product?.id}
          known={l.product ?? undefined}
          exclude={lines.filter((x) => x.key !== l.key && x.product).map((x) => x.product?.id ?? '')}
          onPicked={(p) => edit(l.key, { product: { id: p.id, sku: p.sku, name: p.name } })}
          ariaLabel={`${t('fields.product')} ${i + 1}`}
          testId="ci-line-product"
        />
      ),
    },
    {
      key: 'quantity',
      title: t('fields.quantity'),
      render: (_, l, i) => (
        <Input
          aria-label={`${t('fields.quantity')} ${i + 1}`}
          data-testid="ci-line-quantity"
          inputMode="decimal"
          value={l.quantity}
          status={l.quantity && !(isDecimalText(l.quantity) && differs(l.quantity, '0')) ? 'error' : undefined}
          onChange={(e) => edit(l.key, { quantity: e.target.value })}
          style={{ minWidth: 90 }}
        />
      ),
    },
    {
      key: 'unitPrice',
      title: t('fields.unitPrice'),
      render: (_, l, i) => (
        <Input
          aria-label={`${t('fields.unitPrice')} ${i + 1}`}
          data-testid="ci-line-price"
          inputMode="decimal"
          value={l.unitPrice}
          status={l.unitPrice && !isDecimalText(l.unitPrice) ? 'error' : undefined}
          onChange={(e) => edit(l.key, { unitPrice: e.target.value })}
          style={{ minWidth: 90 }}
        />
      ),
    },
    {
      key: 'vat',
      title: t('fields.vat'),
      render: (_, l, i) => (
        <Select
          aria-label={`${t('fields.vat')} ${i + 1}`}
          value={l.vatCode}
          onChange={(v: VatCode) => edit(l.key, { vatCode: v })}
          options={VAT_CODE_LIST.map((c) => ({ value: c, label: tp(`vatCodes.${c}`) }))}
          style={{ minWidth: 120 }}
        />
      ),
    },
    {
      key: 'remove',
      title: '',
      width: 48,
      render: (_, l) => (
        <Button
          type="text"
          icon={<DeleteOutlined />}
          aria-label={t('lines.remove', { sku: l.product?.sku ?? '' })}
          onClick={() => setLines((current) => current.filter((x) => x.key !== l.key))}
        />
      ),
    },
  ];

  const owedTotals = owed.data?.totals ?? [];
  return (
    <>
      <PageHeader />
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Panel title={t('facts')} style={{ marginBottom: token.margin }}>
        <Form layout="vertical" component="div">
          <Row gutter={token.margin}>
            <Col xs={24} md={8}>
              <Form.Item label={t('fields.supplier')} htmlFor="ci-supplier" required>
                <Select
                  id="ci-supplier"
                  data-testid="ci-supplier"
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={suppliers.isPending}
                  placeholder={t('suppliers.placeholder')}
                  value={supplierId ?? undefined}
                  onChange={(v: string) => chooseSupplier(v)}
                  options={supplierOptions}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('fields.period')} htmlFor="ci-period" required>
                <DatePicker.RangePicker
                  id={{ start: 'ci-period', end: 'ci-period-to' }}
                  data-testid="ci-period"
                  format={DATE_FORMAT}
                  value={period}
                  allowClear={false}
                  disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                  onChange={(v) => {
                    if (v?.[0] && v[1]) setPeriod([v[0], v[1]]);
                  }}
                  aria-label={t('fields.period')}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item label={t('fields.currency')} htmlFor="ci-currency" required>
                <Select
                  id="ci-currency"
                  data-testid="ci-currency"
                  value={currency}
                  onChange={(v: string) => setCurrency(v)}
                  options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item label={t('fields.supplierInvoiceNumber')} htmlFor="ci-number" required>
                <Input
                  id="ci-number"
                  data-testid="ci-number"
                  value={number}
                  maxLength={60}
                  onChange={(e) => setNumber(e.target.value)}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item label={t('fields.invoiceDate')} htmlFor="ci-date" required>
                <DatePicker
                  id="ci-date"
                  data-testid="ci-invoice-date"
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
              <Form.Item label={t('fields.dueDate')} htmlFor="ci-due" extra={t('dueHint')}>
                <DatePicker
                  id="ci-due"
                  format={DATE_FORMAT}
                  value={dueDate}
                  onChange={(d) => setDueDate(d)}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                label={t('fields.attachment')}
                extra={attachment ? <bdi>{attachment.originalName}</bdi> : t('attachmentHint')}
              >
                <FileUpload onUploaded={(file) => setAttachment(file)} onRemoved={() => setAttachment(null)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('fields.notes')} htmlFor="ci-notes">
                <Input.TextArea
                  id="ci-notes"
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

      <Panel
        title={t('owed.title')}
        style={{ marginBottom: token.margin }}
        extra={
          owedItems.length ? (
            <Button onClick={fillFromOwed} data-testid="ci-fill-owed">
              {t('owed.fill')}
            </Button>
          ) : null
        }
      >
        {owed.isError ? (
          <Alert type="error" showIcon title={errorText(owed.error) || t('owed.failed')} />
        ) : (
          <>
            <Table<ConsignmentOwedProduct>
              data-testid="ci-owed"
              size="small"
              rowKey={(o) => `${o.product.id}|${o.currency}`}
              columns={owedColumns}
              dataSource={supplierId ? owedItems : []}
              loading={!!supplierId && owed.isFetching}
              pagination={false}
              scroll={{ x: true }}
              tableLayout="auto"
              locale={{
                emptyText: (
                  <span style={{ color: token.colorTextSecondary }}>
                    {supplierId ? t('owed.none') : t('owed.chooseSupplier')}
                  </span>
                ),
              }}
            />
            {supplierId
              ? owedTotals.map((x) => (
                  <Typography.Paragraph key={x.currency} style={{ marginTop: token.marginSM, marginBottom: 0 }}>
                    {t('owed.total', { currency: x.currency, amount: x.amount, open: x.openAmount })}
                  </Typography.Paragraph>
                ))
              : null}
          </>
        )}
      </Panel>

      {attachment?.kind === 'xlsx' ? <SheetPanel attachment={attachment} onRead={fromSheet} /> : null}

      <Panel
        title={t('lines.title')}
        style={{ marginBottom: token.margin }}
        extra={
          <Button onClick={() => setLines((current) => [...current, newLine()])} data-testid="ci-add-line">
            {t('lines.add')}
          </Button>
        }
      >
        <Table<Line>
          data-testid="ci-lines"
          size="small"
          rowKey="key"
          columns={lineColumns}
          dataSource={lines}
          pagination={false}
          scroll={{ x: true }}
          tableLayout="auto"
          locale={{ emptyText: <span style={{ color: token.colorTextSecondary }}>{t('lines.empty')}</span> }}
        />
        {lines.length && invalidLines ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: token.marginSM, marginBottom: 0 }}>
            {t('lines.invalid')}
          </Typography.Paragraph>
        ) : null}
      </Panel>

      <Panel title={t('comparison.title')} style={{ marginBottom: token.margin }}>
        <ComparisonView
          comparison={comparison.result}
          loading={comparison.loading}
          error={comparison.error}
          waiting={!supplierId || !lines.some(lineIsValid)}
          currency={currency}
        />
      </Panel>

      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: token.margin }} data-testid="ci-error" />
      ) : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="primary" disabled={!canSave} loading={create.isPending} onClick={save} data-testid="ci-save">
          {t('save')}
        </Button>
      </div>
    </>
  );
}

/** The comparison of the lines with what is owed, asked again a moment after the last change. */
function useComparison(input: {
  supplierId: string | null;
  from: string;
  to: string;
  currency: string;
  lines: Line[];
}) {
  const errorText = useErrorText();
  const check = useCheckConsignment();
  const [result, setResult] = useState<ConsignmentComparison | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);
  const valid = input.lines.filter(lineIsValid);
  const signature = JSON.stringify([
    input.supplierId,
    input.from,
    input.to,
    input.currency,
    valid.map((l) => [l.product?.id, l.quantity.trim(), l.unitPrice.trim(), l.vatCode]),
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature is what the comparison depends on
  useEffect(() => {
    const { supplierId } = input;
    if (!supplierId || !valid.length || input.from > input.to) {
      setResult(null);
      setError(null);
      return;
    }
    const n = ++asked.current;
    setLoading(true);
    const timer = setTimeout(() => {
      check
        .mutateAsync({
          supplierId,
          periodFrom: input.from,
          periodTo: input.to,
          currency: input.currency as (typeof CURRENCY_CODES)[number],
          lines: valid.map((l) => ({
            productId: l.product?.id ?? '',
            quantity: l.quantity.trim(),
            unitPrice: l.unitPrice.trim(),
            vatCode: l.vatCode,
          })),
        })
        .then(
          (r) => {
            if (n !== asked.current) return;
            setResult(r);
            setError(null);
          },
          (e: unknown) => {
            if (n !== asked.current) return;
            setResult(null);
            setError(errorText(e));
          },
        )
        .finally(() => {
          if (n === asked.current) setLoading(false);
        });
    }, 350);
    return () => clearTimeout(timer);
  }, [signature]);
  return { result, error, loading };
}

/** Per product: sold, invoiced and the difference; a product that differs is highlighted and tagged. */
export function ComparisonView({
  comparison,
  loading,
  error,
  waiting,
  currency,
  pending = true,
}: {
  comparison: ConsignmentComparison | null;
  loading: boolean;
  error: string | null;
  waiting: boolean;
  currency: string;
  /** Not booked yet: a difference still needs a reason. */
  pending?: boolean;
}) {
  const { t, i18n } = useTranslation('consignmentInvoices');
  const { token } = theme.useToken();
  if (error)
    return <Alert type="error" showIcon title={error || t('comparison.failed')} data-testid="ci-compare-error" />;
  if (waiting && !comparison)
    return <Typography.Paragraph type="secondary">{t('comparison.waiting')}</Typography.Paragraph>;
  const rows = comparison?.lines ?? [];
  const differing = rows.filter((l) => l.differs).length;
  const money = (v: string) => `${formatMoney(v, i18n.language, 2)} ${currency}`;
  const columns: ColumnsType<ConsignmentComparisonLine> = [
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, l) => (
        <>
          <bdi>{productLabel(l.product)}</bdi>{' '}
          {l.differs ? (
            <Tag color="warning" data-testid="ci-differs-tag">
              {t('comparison.differsTag')}
            </Tag>
          ) : null}
        </>
      ),
    },
    { key: 'sold', title: t('fields.sold'), align: 'end', render: (_, l) => <Figure value={l.soldQuantity} /> },
    {
      key: 'cost',
      title: t('fields.agreedCost'),
      align: 'end',
      render: (_, l) =>
        l.noAgreedCost ? (
          <>
            <Figure value={l.agreedUnitCost} kind="cost" />{' '}
            <Tag color="error" data-testid="ci-no-agreed-cost-tag">
              {t('comparison.noAgreedCost')}
            </Tag>
          </>
        ) : (
          <Figure value={l.agreedUnitCost} kind="cost" />
        ),
    },
    {
      key: 'soldAmount',
      title: t('fields.soldAmount'),
      align: 'end',
      render: (_, l) => <Figure value={l.soldAmount} kind="money" />,
    },
    {
      key: 'invoiced',
      title: t('fields.invoiced'),
      align: 'end',
      render: (_, l) => <Figure value={l.invoicedQuantity} testId="ci-compare-invoiced" />,
    },
    {
      key: 'price',
      title: t('fields.unitPrice'),
      align: 'end',
      render: (_, l) => <Figure value={l.invoicedUnitPrice} kind="cost" />,
    },
    {
      key: 'invoicedAmount',
      title: t('fields.invoicedAmount'),
      align: 'end',
      render: (_, l) => <Figure value={l.invoicedAmount} kind="money" />,
    },
    {
      key: 'qd',
      title: t('fields.quantityDifference'),
      align: 'end',
      render: (_, l) => <Figure value={l.quantityDifference} signed testId="ci-compare-qd" />,
    },
    {
      key: 'ad',
      title: t('fields.amountDifference'),
      align: 'end',
      render: (_, l) => <Figure value={l.amountDifference} kind="money" />,
    },
  ];
  return (
    <>
      {comparison ? (
        <Alert
          type={comparison.differs ? 'warning' : 'success'}
          showIcon
          data-testid="ci-compare-summary"
          title={
            comparison.differs
              ? `${t('comparison.differs', { count: differing, amount: money(comparison.amountDifference) })}${
                  pending ? ` ${t('comparison.needsReason')}` : ''
                }`
              : t('comparison.equal')
          }
          style={{ marginBottom: token.marginSM }}
        />
      ) : null}
      {comparison?.otherCurrencies.length ? (
        <Typography.Paragraph type="secondary">
          {t('comparison.otherCurrencies', {
            list: comparison.otherCurrencies.map((c) => `${c.currency} ${c.amount}`).join(', '),
          })}
        </Typography.Paragraph>
      ) : null}
      <Table<ConsignmentComparisonLine>
        data-testid="ci-comparison"
        size="small"
        rowKey={(l) => l.product.id}
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: true }}
        tableLayout="auto"
        onRow={(l) => ({
          'data-differs': l.differs ? 'true' : 'false',
          style: l.differs ? { background: token.colorWarningBg } : undefined,
        })}
      />
    </>
  );
}

/** Reading the supplier's .xlsx through a saved mapping (the default first), or one proposed from its headers. */
function SheetPanel({ attachment, onRead }: { attachment: UploadedFile; onRead: (sheet: ConsignmentSheet) => void }) {
  const { t } = useTranslation('consignmentInvoices');
  const { token } = theme.useToken();
  const errorText = useErrorText();
  const mappings = useSheetMappings(true);
  const read = useReadConsignmentSheet();
  const [mappingId, setMappingId] = useState<string | null>(null);
  const [result, setResult] = useState<ConsignmentSheet | null>(null);
  const [error, setError] = useState<string | null>(null);
  const items = mappings.data?.items ?? [];
  const firstId = items[0]?.id ?? null;
  useEffect(() => {
    if (!mappingId && firstId) setMappingId(firstId);
  }, [mappingId, firstId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another file: what was read belongs to the previous one
  useEffect(() => {
    setResult(null);
    setError(null);
  }, [attachment.fileName]);
  const options = useMemo(
    () => [
      { value: '', label: t('sheet.proposed') },
      ...items.map((m) => ({ value: m.id, label: m.isDefault ? `${m.name} (${t('sheet.default')})` : m.name })),
    ],
    [items, t],
  );
  const run = async () => {
    setError(null);
    try {
      const sheet = await read.mutateAsync({ fileName: attachment.fileName, mappingId: mappingId || null });
      setResult(sheet);
      onRead(sheet);
    } catch (e) {
      setResult(null);
      setError(errorText(e) || t('sheet.failed'));
    }
  };
  return (
    <Panel title={t('sheet.title')} style={{ marginBottom: token.margin }}>
      <Typography.Paragraph type="secondary">
        {t('sheet.intro', { file: attachment.originalName })}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Row gutter={token.margin} align="bottom">
          <Col xs={24} md={12}>
            <Form.Item label={t('sheet.mapping')} htmlFor="ci-sheet-mapping">
              <Select
                id="ci-sheet-mapping"
                data-testid="ci-sheet-mapping"
                loading={mappings.isPending}
                value={mappingId ?? ''}
                onChange={(v: string) => setMappingId(v)}
                options={options}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item>
              <Button
                icon={<FileExcelOutlined />}
                loading={read.isPending}
                onClick={() => void run()}
                data-testid="ci-sheet-read"
              >
                {t('sheet.read')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="ci-sheet-error" /> : null}
      {result ? (
        <>
          <Alert
            type={result.problems.length ? 'warning' : 'success'}
            showIcon
            data-testid="ci-sheet-summary"
            title={t('sheet.summary', {
              lines: result.lines.length,
              problems: new Set(result.problems.map((p) => p.rowNumber)).size,
            })}
            style={{ marginBottom: result.problems.length ? token.marginSM : 0 }}
          />
          {result.problems.length ? (
            <Table
              size="small"
              rowKey={(p) => `${p.rowNumber}-${p.field ?? ''}-${p.message}`}
              dataSource={result.problems}
              pagination={result.problems.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
              columns={[
                { key: 'row', title: t('sheet.row'), width: 80, align: 'end', render: (_, p) => p.rowNumber },
                { key: 'problem', title: t('sheet.problem'), render: (_, p) => p.message },
              ]}
            />
          ) : null}
        </>
      ) : null}
    </Panel>
  );
}
