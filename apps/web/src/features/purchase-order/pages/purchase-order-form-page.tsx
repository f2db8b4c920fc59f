import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import {
  CURRENCY_CODES,
  PURCHASE_ORDER_LINES_MAX,
  PURCHASE_ORDER_NOTES_MAX,
  PURCHASE_ORDER_REFERENCE_MAX,
  type PurchaseOrder,
  PurchaseOrderErrorCode,
  type PurchaseOrderInput,
  type PurchaseOrderType,
  purchaseOrderDocument,
  StockErrorCode,
  VAT_CODE_LIST,
  type VatCode,
  vatLineAmounts,
  vatTotals,
} from '@backoffice/contracts';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Select, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LocationSelect } from '../../../lookups/location-select.tsx';
import { ProductPicker } from '../../../lookups/product-picker.tsx';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { formatMoney } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { documentKey } from '../../../shared/ui/documents/document-text.ts';
import { FigureList } from '../../../shared/ui/documents/figure-list.tsx';
import { blankLine, type EditorLine, linesAreValid } from '../../../shared/ui/documents/lines.ts';
import { type BinColumn, type LineErrors, LinesEditor } from '../../../shared/ui/documents/lines-editor.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DraftNotice, DraftSaveButton, useServerDraft } from '../../../shared/ui/drafts/server-draft.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { serverFieldErrors } from '../../currency/index.ts';
import {
  fetchProductCost,
  useCostCenters,
  useCreatePurchaseOrder,
  usePurchaseOrder,
  useRateOn,
  useUpdatePurchaseOrder,
} from '../api.ts';
import { type SupplierChoice, SupplierSelect } from '../components/supplier-select.tsx';
import { type BackState, purchaseOrderListPath, purchaseOrderUrl, TYPE_TITLE } from '../urls.ts';

const LINE_PICKERS = { ProductField: ProductPicker, BinField: LocationSelect };
const FORM_ID = 'purchase-order-form';
const DATE_FORMAT = 'YYYY-MM-DD';
const BIN = 'locationId';
const BIN_KEYS = [BIN] as const;
const DISCOUNT = /^\d{1,3}(\.\d{1,4})?$/;
const RATE = /^\d{1,6}(\.\d{1,8})?$/;
const CURRENCY_SIGN: Record<string, string> = { GBP: '£', EUR: '€', USD: '$' };

interface Values {
  supplierId?: string | null;
  warehouseId?: string | null;
  destinationWarehouseId?: string | null;
  currency: string;
  exchangeRate: string;
  costCenterId?: string | null;
  orderDate: Dayjs | null;
  expectedDate: Dayjs | null;
  paymentTermsDays: number | null;
  supplierReference: string;
  shipmentReference: string;
  notes: string;
  lines: EditorLine[];
}

const FIELDS = [
  'supplierId',
  'warehouseId',
  'destinationWarehouseId',
  'currency',
  'exchangeRate',
  'costCenterId',
  'orderDate',
  'expectedDate',
  'paymentTermsDays',
  'supplierReference',
  'shipmentReference',
  'notes',
  'lines',
] as const;
const LINE_FIELD_OF_CODE: Readonly<Record<string, string>> = {
  [PurchaseOrderErrorCode.PURCHASE_ORDER_PRODUCT_UNKNOWN]: 'product',
  [PurchaseOrderErrorCode.PURCHASE_ORDER_PRODUCT_NOT_STOCKED]: 'product',
  [PurchaseOrderErrorCode.PURCHASE_ORDER_QUANTITY_NOT_WHOLE]: 'quantity',
  [PurchaseOrderErrorCode.PURCHASE_ORDER_LOCATION_UNKNOWN]: BIN,
  [StockErrorCode.PRODUCT_INACTIVE]: 'product',
};

const lineOf = (l: PurchaseOrder['lines'][number]): EditorLine => ({
  ...blankLine(BIN_KEYS),
  product: l.product,
  quantity: l.quantity,
  price: l.unitCost,
  bins: { [BIN]: l.location?.id ?? null },
  // The stored line keeps its cost: no last price is looked up for it.
  extra: { discount: l.discountPercent === '0' ? '' : l.discountPercent, vatCode: l.vatCode, costFor: l.product.id },
});

function valuesOf(order: PurchaseOrder): Values {
  return {
    supplierId: order.supplier?.id ?? null,
    warehouseId: order.warehouse.id,
    destinationWarehouseId: order.destinationWarehouse?.id ?? null,
    currency: order.currency,
    exchangeRate: order.currency === 'GBP' ? '' : order.exchangeRate,
    costCenterId: order.costCenter?.id ?? null,
    orderDate: dayjs(order.orderDate, DATE_FORMAT),
    expectedDate: order.expectedDate ? dayjs(order.expectedDate, DATE_FORMAT) : null,
    paymentTermsDays: order.paymentTermsDays,
    supplierReference: order.supplierReference,
    shipmentReference: order.shipmentReference,
    notes: order.notes,
    lines: order.lines.map(lineOf),
  };
}

/** A new order kept as a server-side draft: the form's values, dates as text, and the supplier picked. */
interface OrderDraft extends Record<string, unknown> {
  values: Omit<Values, 'orderDate' | 'expectedDate'> & { orderDate: string | null; expectedDate: string | null };
  supplier: SupplierChoice | null;
}

/** A line's net and VAT as the server will compute them, when the line is complete. */
function lineAmounts(line: EditorLine) {
  const quantity = line.quantity.trim();
  const cost = line.price.trim();
  const discount = line.extra?.discount?.trim() || '0';
  if (!/^\d+(\.\d+)?$/.test(quantity) || !/^\d+(\.\d+)?$/.test(cost) || !DISCOUNT.test(discount)) return null;
  const vatCode = (line.extra?.vatCode as VatCode | undefined) ?? 'STANDARD';
  return { vatCode, ...vatLineAmounts({ quantity, unitCost: cost, discountPercent: discount, vatCode }) };
}

function PurchaseOrderForm({ type, order }: { type: PurchaseOrderType; order: PurchaseOrder | null }) {
  const { t } = useTranslation('purchasing');
  const { t: td } = useTranslation('documents');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const errorText = useErrorText();
  const { has } = usePermissions();
  const [form] = Form.useForm<Values>();
  const create = useCreatePurchaseOrder();
  const update = useUpdatePurchaseOrder();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [lineErrors, setLineErrors] = useState<LineErrors>({});
  const [costNotes, setCostNotes] = useState<Record<string, string>>({});
  const sending = type === 'SEND_INVENTORY';
  const supplierId = Form.useWatch('supplierId', form);
  const warehouseId = Form.useWatch('warehouseId', form);
  const destinationWarehouseId = Form.useWatch('destinationWarehouseId', form);
  const currency = Form.useWatch('currency', form) ?? 'GBP';
  const orderDate = Form.useWatch('orderDate', form) as Dayjs | null | undefined;
  const lines = (Form.useWatch('lines', form) as EditorLine[] | undefined) ?? [];
  const costCenters = useCostCenters(has('view_cost_center'));
  const day = (orderDate ?? dayjs()).format(DATE_FORMAT);
  const rate = useRateOn(currency, day, has('view_currency'));
  const sign = CURRENCY_SIGN[currency] ?? currency;
  const receivingWarehouse = sending ? destinationWarehouseId : warehouseId;
  const backTo = (location.state as BackState | null)?.backTo;
  // A new order can be kept as a draft of the user's and resumed from Saved drafts (`?draft=<id>`).
  const { t: tdr } = useTranslation('drafts');
  const { t: tm } = useTranslation('menu');
  const [supplierChoice, setSupplierChoice] = useState<SupplierChoice | null>(null);
  const draft = useServerDraft<OrderDraft>({
    kind: 'PURCHASE_ORDER',
    enabled: !order,
    serialize: () => {
      const values = form.getFieldsValue(true) as Values;
      const count = values.lines.filter((l) => l.product).length;
      const supplier = supplierChoice?.id === values.supplierId ? supplierChoice : null;
      return {
        title: tdr('poTitle', {
          type: tm(TYPE_TITLE[type]),
          supplier: supplier ? supplier.name : tdr('poNoSupplier'),
          lines: tdr('summary.lines', { count, formatted: String(count) }),
        }),
        summary: { lines: count },
        payload: {
          values: {
            ...values,
            orderDate: values.orderDate ? values.orderDate.format(DATE_FORMAT) : null,
            expectedDate: values.expectedDate ? values.expectedDate.format(DATE_FORMAT) : null,
          },
          supplier,
        },
      };
    },
    restore: ({ values, supplier }) => {
      setSupplierChoice(supplier);
      form.setFieldsValue({
        ...values,
        orderDate: values.orderDate ? dayjs(values.orderDate, DATE_FORMAT) : null,
        expectedDate: values.expectedDate ? dayjs(values.expectedDate, DATE_FORMAT) : null,
      });
    },
  });

  // A product just chosen on a line starts at the supplier's last price offered (else its cost price).
  // In flight (a line changed meanwhile, by a scan say, is asked again once its answer is in) and failed.
  const asked = useRef(new Set<string>());
  const failed = useRef(new Set<string>());
  useEffect(() => {
    for (const line of lines) {
      const product = line.product;
      // Own stock sent elsewhere travels at its FIFO cost: no price to look up.
      if (sending || !product || line.extra?.costFor === product.id) continue;
      const ask = `${line.key}|${product.id}|${supplierId ?? ''}|${currency}`;
      if (asked.current.has(ask) || failed.current.has(ask)) continue;
      asked.current.add(ask);
      fetchProductCost(product.id, sending ? null : supplierId, currency)
        .then((cost) => {
          const now = (form.getFieldValue('lines') as EditorLine[] | undefined) ?? [];
          form.setFieldValue(
            'lines',
            now.map((l) =>
              l.key === line.key && l.product?.id === product.id
                ? {
                    ...l,
                    price: l.price.trim() ? l.price : cost.currency === currency ? cost.unitCost : l.price,
                    extra: { ...l.extra, vatCode: cost.vatCode, costFor: product.id },
                  }
                : l,
            ),
          );
          setCostNotes((had) => ({
            ...had,
            [line.key]:
              cost.source === 'LAST_ORDER'
                ? t('form.lastPrice', { number: cost.orderNumber ?? '' })
                : t('form.costPrice'),
          }));
        })
        // Without an answer the line keeps what was typed; it is not asked again.
        .catch(() => failed.current.add(ask))
        .finally(() => asked.current.delete(ask));
    }
  }, [lines, supplierId, currency, sending, form, t]);

  const amounts = lines.map(lineAmounts);
  const complete = amounts.filter((a): a is NonNullable<typeof a> => a !== null);
  const totals = vatTotals(
    complete.map((a) => ({ vatCode: a.vatCode, vatRate: a.vatRate, net: a.net, vat: a.vat, gross: a.gross })),
  );
  const money = (v: string) => formatMoney(v, i18n.language, currency);

  const binColumns: BinColumn[] = [
    {
      key: BIN,
      label: t('fields.bin'),
      warehouseId: receivingWarehouse,
      placeholder: t('form.receivingBin'),
      ariaLabel: (lineNo) => t('form.binOfLine', { lineNo }),
      testId: 'po-line-bin',
    },
  ];
  const storedBins = useMemo(
    () => new Map((order?.lines ?? []).flatMap((l) => (l.location ? [[l.location.id, l.location] as const] : []))),
    [order],
  );
  const saving = create.isPending || update.isPending;
  const required = { required: true, message: tc('form.required') };
  const cancelTo = order ? purchaseOrderUrl(type, order.id) : (backTo ?? purchaseOrderListPath(type));

  const showError = (error: unknown) => {
    const text = errorText(error);
    if (!text) return;
    if (error instanceof ApiError) {
      const details = errorDetails(error);
      const line = typeof details.line === 'number' ? details.line : undefined;
      const field = typeof details.field === 'string' ? details.field : undefined;
      if (line !== undefined) {
        const lineField =
          LINE_FIELD_OF_CODE[error.code] ??
          (field === 'quantity' ? 'quantity' : field === 'productId' ? 'product' : undefined);
        if (lineField) {
          setLineErrors({ [line]: { [lineField]: text } });
          form.scrollToField('lines');
          return;
        }
      }
      if (field && (FIELDS as readonly string[]).includes(field)) {
        form.setFields([{ name: field as keyof Values, errors: [text] }]);
        form.scrollToField(field as keyof Values);
        return;
      }
    }
    const fields = serverFieldErrors<Values>(error, FIELDS);
    if (fields.length) form.setFields(fields);
    else setFailure(text);
  };

  const handleSubmit = async (values: Values) => {
    setFailure(null);
    setLineErrors({});
    const body: PurchaseOrderInput = {
      type,
      supplierId: sending ? null : (values.supplierId ?? null),
      warehouseId: values.warehouseId ?? '',
      destinationWarehouseId: sending ? (values.destinationWarehouseId ?? null) : null,
      currency: values.currency as PurchaseOrderInput['currency'],
      exchangeRate: values.currency === 'GBP' || !values.exchangeRate?.trim() ? null : values.exchangeRate.trim(),
      costCenterId: values.costCenterId ?? null,
      orderDate: values.orderDate ? values.orderDate.format(DATE_FORMAT) : null,
      expectedDate: values.expectedDate ? values.expectedDate.format(DATE_FORMAT) : null,
      paymentTermsDays: values.paymentTermsDays ?? null,
      supplierReference: values.supplierReference?.trim() ?? '',
      shipmentReference: values.shipmentReference?.trim() ?? '',
      notes: values.notes?.trim() ?? '',
      lines: values.lines.map((l) => ({
        productId: l.product?.id ?? '',
        quantity: l.quantity.trim(),
        unitCost: l.price.trim() || '0',
        discountPercent: l.extra?.discount?.trim() || '0',
        vatCode: (l.extra?.vatCode as VatCode | undefined) ?? 'STANDARD',
        locationId: l.bins[BIN] ?? null,
      })),
    };
    try {
      const saved = order
        ? await update.mutateAsync({ id: order.id, body })
        : await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      submission.reset();
      if (!order) await draft.discard();
      notifySuccess(order ? tc('form.saved') : t('form.created', { number: saved.number }));
      navigate(purchaseOrderUrl(type, saved.id), { replace: !order, state: { backTo } });
    } catch (error) {
      showError(error);
    }
  };

  const flexRow = { display: 'flex', flexWrap: 'wrap' as const, gap: token.marginSM, alignItems: 'flex-start' };
  const cell = (basis: string) => ({ flex: basis, minWidth: 0 });

  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={
        order
          ? valuesOf(order)
          : {
              currency: 'GBP',
              exchangeRate: '',
              orderDate: dayjs(),
              expectedDate: null,
              paymentTermsDays: null,
              supplierReference: '',
              shipmentReference: '',
              notes: '',
              lines: [blankLine(BIN_KEYS)],
            }
      }
      onValuesChange={(changed: Partial<Values>) => {
        if ('lines' in changed) setLineErrors({});
        // The bins belong to the receiving warehouse: another one clears them.
        if ((sending ? 'destinationWarehouseId' : 'warehouseId') in changed) {
          const now = (form.getFieldValue('lines') as EditorLine[] | undefined) ?? [];
          form.setFieldValue(
            'lines',
            now.map((l) => ({ ...l, bins: { ...l.bins, [BIN]: null } })),
          );
        }
      }}
      onFinish={handleSubmit}
      onFinishFailed={() => setTried(true)}
      scrollToFirstError
    >
      <DraftNotice draft={draft} />
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: token.margin }} data-testid="po-failure" />
      ) : null}
      <Panel title={sending ? t('form.route') : t('form.parties')} style={{ marginBottom: token.margin }}>
        <div style={flexRow}>
          {sending ? null : (
            <Form.Item
              name="supplierId"
              label={t('fields.supplier')}
              rules={[required]}
              extra={type === 'CONSIGNMENT_PO' ? t('form.consignmentOnly') : undefined}
              style={cell('2 1 280px')}
            >
              <SupplierSelect
                testId="po-supplier"
                consignment={type === 'CONSIGNMENT_PO'}
                current={order?.supplier ?? supplierChoice}
                onPicked={(partner) => {
                  setSupplierChoice(partner);
                  // A new order takes the partner's terms and currency; typed values stay.
                  if (form.getFieldValue('paymentTermsDays') === null && partner.paymentTermsDays !== undefined)
                    form.setFieldValue('paymentTermsDays', partner.paymentTermsDays);
                  if (!order && partner.defaultCurrency && lines.every((l) => !l.product))
                    form.setFieldValue('currency', partner.defaultCurrency);
                }}
              />
            </Form.Item>
          )}
          <Form.Item
            name="warehouseId"
            label={sending ? t('fields.fromWarehouse') : t('fields.deliverTo')}
            rules={[required]}
            style={cell('1 1 240px')}
          >
            <WarehouseSelect
              activeOnly
              testId="po-warehouse"
              {...(order ? { current: { ...order.warehouse, active: true } } : {})}
            />
          </Form.Item>
          {sending ? (
            <>
              <span aria-hidden style={{ marginTop: 36, color: token.colorTextSecondary }}>
                {direction === 'rtl' ? <ArrowLeftOutlined /> : <ArrowRightOutlined />}
              </span>
              <Form.Item
                name="destinationWarehouseId"
                label={t('fields.destination')}
                dependencies={['warehouseId']}
                rules={[
                  required,
                  ({ getFieldValue }) => ({
                    validator: (_, value: string | null | undefined) =>
                      value && value === getFieldValue('warehouseId')
                        ? Promise.reject(new Error(t('validation.sameWarehouse')))
                        : Promise.resolve(),
                  }),
                ]}
                style={cell('1 1 240px')}
              >
                <WarehouseSelect
                  activeOnly
                  testId="po-destination"
                  {...(order?.destinationWarehouse ? { current: { ...order.destinationWarehouse, active: true } } : {})}
                />
              </Form.Item>
            </>
          ) : null}
        </div>
        <div style={flexRow}>
          <Form.Item name="orderDate" label={t('fields.orderDate')} rules={[required]} style={cell('0 1 170px')}>
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} allowClear={false} data-testid="po-order-date" />
          </Form.Item>
          <Form.Item
            name="expectedDate"
            label={t('fields.expectedDate')}
            dependencies={['orderDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: Dayjs | null) => {
                  const ordered = getFieldValue('orderDate') as Dayjs | null;
                  return value && ordered && value.isBefore(ordered, 'day')
                    ? Promise.reject(new Error(t('validation.expectedBeforeOrder')))
                    : Promise.resolve();
                },
              }),
            ]}
            style={cell('0 1 170px')}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="po-expected-date" />
          </Form.Item>
          <Form.Item name="currency" label={t('fields.currency')} hidden={sending} style={cell('0 1 110px')}>
            <Select
              data-testid="po-currency"
              options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))}
              aria-label={t('fields.currency')}
            />
          </Form.Item>
          {currency !== 'GBP' ? (
            <Form.Item
              name="exchangeRate"
              label={t('fields.exchangeRate')}
              rules={[
                {
                  validator: (_, value: string) =>
                    !value?.trim() || (RATE.test(value.trim()) && /[1-9]/.test(value))
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('validation.rate'))),
                },
              ]}
              extra={
                rate.data
                  ? t('form.dayRate', { currency, rate: rate.data.rate, date: rate.data.effectiveDate ?? day })
                  : rate.error
                    ? t('form.noRate', { currency, date: day })
                    : t('form.rateHelp')
              }
              style={cell('0 1 200px')}
            >
              <Input inputMode="decimal" placeholder={rate.data?.rate ?? ''} data-testid="po-rate" autoComplete="off" />
            </Form.Item>
          ) : null}
          {sending ? (
            <Form.Item
              name="shipmentReference"
              label={t('fields.shipmentReference')}
              extra={t('form.shipmentHelp')}
              style={cell('1 1 200px')}
            >
              <Input maxLength={PURCHASE_ORDER_REFERENCE_MAX} data-testid="po-shipment-reference" />
            </Form.Item>
          ) : (
            <>
              <Form.Item
                name="paymentTermsDays"
                label={t('fields.paymentTermsDays')}
                extra={t('form.termsHelp')}
                style={cell('0 1 170px')}
              >
                <InputNumber<number> min={0} max={365} precision={0} style={{ width: '100%' }} data-testid="po-terms" />
              </Form.Item>
              <Form.Item name="supplierReference" label={t('fields.supplierReference')} style={cell('1 1 200px')}>
                <Input maxLength={PURCHASE_ORDER_REFERENCE_MAX} data-testid="po-supplier-reference" />
              </Form.Item>
            </>
          )}
          {has('view_cost_center') ? (
            <Form.Item name="costCenterId" label={t('fields.costCenter')} style={cell('1 1 200px')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                data-testid="po-cost-center"
                loading={costCenters.isFetching}
                options={[
                  ...(order?.costCenter && !(costCenters.data?.items ?? []).some((c) => c.id === order.costCenter?.id)
                    ? [{ value: order.costCenter.id, label: `${order.costCenter.code} · ${order.costCenter.name}` }]
                    : []),
                  ...(costCenters.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` })),
                ]}
              />
            </Form.Item>
          ) : null}
        </div>
        <Form.Item name="notes" label={t('fields.notes')} style={{ marginBottom: 0 }}>
          <Input.TextArea rows={2} maxLength={PURCHASE_ORDER_NOTES_MAX} showCount data-testid="po-notes" />
        </Form.Item>
      </Panel>
      <Panel title={t('form.lines')} style={{ marginBottom: token.margin }}>
        <Typography.Paragraph type="secondary">{t('form.linesHelp')}</Typography.Paragraph>
        <Form.Item
          name="lines"
          validateTrigger={tried ? 'onChange' : []}
          rules={[
            {
              validator: (_, value: EditorLine[] | undefined) =>
                !value?.length
                  ? Promise.reject(new Error(t('validation.noLines')))
                  : linesAreValid(value, { price: !sending }) &&
                      value.every((l) => !l.extra?.discount?.trim() || DISCOUNT.test(l.extra.discount.trim()))
                    ? Promise.resolve()
                    : Promise.reject(new Error(td('lines.validation.fixLines'))),
            },
          ]}
          style={{ marginBottom: 0 }}
        >
          <LinesEditor
            components={LINE_PICKERS}
            bins={binColumns}
            {...(sending
              ? {}
              : { price: { label: t('fields.unitCostIn', { currency }), testId: 'po-line-cost', prefix: sign } })}
            testIdPrefix="po-line"
            addTestId="po-add-line"
            maxLines={PURCHASE_ORDER_LINES_MAX}
            showErrors={tried}
            errors={lineErrors}
            knownBins={storedBins}
            quantityExtra={(line) =>
              costNotes[line.key] ? (
                <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                  {costNotes[line.key]}
                </Typography.Text>
              ) : null
            }
            lineExtra={(line, index, set) => {
              if (sending) return null;
              const a = amounts[index];
              const discount = line.extra?.discount ?? '';
              const badDiscount = discount.trim() !== '' && !DISCOUNT.test(discount.trim());
              return (
                <>
                  <div style={{ flex: '0 1 110px', minWidth: 0 }} data-line-field="discount">
                    <label htmlFor={`po-discount-${line.key}`} style={{ display: 'block', marginBottom: 4 }}>
                      <bdi>{t('fields.discountPercent')}</bdi>
                    </label>
                    <Input
                      id={`po-discount-${line.key}`}
                      value={discount}
                      onChange={(event) => set({ discount: event.target.value })}
                      inputMode="decimal"
                      autoComplete="off"
                      suffix="%"
                      status={badDiscount ? 'error' : undefined}
                      aria-label={t('form.discountOfLine', { lineNo: index + 1 })}
                      data-testid="po-line-discount"
                    />
                    {badDiscount ? (
                      <div role="alert" style={{ color: token.colorError, fontSize: token.fontSizeSM }}>
                        {t('validation.discount')}
                      </div>
                    ) : null}
                  </div>
                  <div style={{ flex: '0 1 150px', minWidth: 0 }} data-line-field="vat">
                    <span style={{ display: 'block', marginBottom: 4 }} aria-hidden>
                      <bdi>{t('fields.vatRate')}</bdi>
                    </span>
                    <Select<VatCode>
                      value={(line.extra?.vatCode as VatCode | undefined) ?? 'STANDARD'}
                      onChange={(vatCode) => set({ vatCode })}
                      options={VAT_CODE_LIST.map((code) => ({
                        value: code,
                        label: <bdi>{t(`vatCodes.${code}`)}</bdi>,
                      }))}
                      aria-label={t('form.vatOfLine', { lineNo: index + 1 })}
                      data-testid="po-line-vat"
                      style={{ width: '100%' }}
                      popupMatchSelectWidth={false}
                    />
                  </div>
                  <div style={{ flex: '0 1 120px', minWidth: 0, textAlign: 'end' }}>
                    <span style={{ display: 'block', marginBottom: 4 }}>
                      <bdi>{t('fields.net')}</bdi>
                    </span>
                    <bdi style={{ fontVariantNumeric: 'tabular-nums', lineHeight: '32px' }} data-testid="po-line-net">
                      {a ? money(a.net) : '—'}
                    </bdi>
                  </div>
                </>
              );
            }}
          />
        </Form.Item>
      </Panel>
      {sending ? null : (
        <Panel title={t('form.totals')} style={{ marginBottom: token.margin }}>
          <Typography.Paragraph type="secondary">{t('form.totalsHint')}</Typography.Paragraph>
          <FigureList
            testId="po-form-totals"
            rows={[
              ...totals.perRate.map((r) => ({
                key: r.vatCode,
                label: t('form.netAt', { rate: t(`vatCodes.${r.vatCode}`) }),
                value: (
                  <>
                    <bdi>{money(r.net)}</bdi> · <bdi>{money(r.vat)}</bdi>
                  </>
                ),
              })),
              { key: 'net', label: t('fields.netTotal'), value: <bdi>{money(totals.net)}</bdi> },
              { key: 'vat', label: t('fields.vatTotal'), value: <bdi>{money(totals.vat)}</bdi> },
              {
                key: 'gross',
                label: t('fields.grossTotal'),
                value: <bdi data-testid="po-form-gross">{money(totals.gross)}</bdi>,
                strong: true,
              },
            ]}
          />
        </Panel>
      )}
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: token.marginXS }}>
        <DraftSaveButton draft={draft} />
        <Button onClick={() => navigate(cancelTo)} data-testid="po-form-cancel">
          {tc('actions.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="po-save">
          {t('form.saveDraft')}
        </Button>
      </div>
    </Form>
  );
}

/** A new order of one type: a draft with its supplier, warehouse and lines; saving gives it its number. */
export function PurchaseOrderNewPage({ type }: { type: PurchaseOrderType }) {
  const { t } = useTranslation('purchasing');
  return (
    <>
      <PageHeader>
        <Typography.Text type="secondary">{t(`form.newIntro.${type}`)}</Typography.Text>
      </PageHeader>
      <PurchaseOrderForm type={type} order={null} />
    </>
  );
}

/** Editing a draft; an order past its draft is shown as such, with the way back to it. */
export function PurchaseOrderEditPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('purchasing');
  const { t: td } = useTranslation('documents');
  const query = usePurchaseOrder(id);
  return (
    <DetailFrame
      query={query}
      number={(data) => data.number}
      numberTestId="po-number"
      tags={(data) => <StatusTag doc={purchaseOrderDocument} status={data.status} testId="po-status" />}
    >
      {(data) =>
        data.status !== 'DRAFT' ? (
          <Alert
            type="info"
            showIcon
            title={t('form.notDraft', {
              number: data.number,
              status: td(documentKey.status(purchaseOrderDocument, data.status)),
            })}
            action={<Link to={purchaseOrderUrl(data.type, data.id)}>{t('form.openOrder')}</Link>}
          />
        ) : (
          <PurchaseOrderForm key={data.updatedAt} type={data.type} order={data} />
        )
      }
    </DetailFrame>
  );
}
