import { WarningOutlined } from '@ant-design/icons';
import {
  ADDRESS_HOME_COUNTRY,
  CURRENCY_CODES,
  type Customer,
  PAYMENT_TYPES,
  SALES_CHANNELS,
  SALES_INVOICE_ADDRESS_LIMITS,
  SALES_INVOICE_LINES_MAX,
  SALES_INVOICE_NOTE_MAX,
  SALES_INVOICE_REFERENCE_MAX,
  type SalesInvoice,
  type SalesInvoiceAddress,
  type SalesInvoiceCreateInput,
  SalesInvoiceErrorCode,
  type SalesInvoiceInput,
  type SalesInvoiceShortageChoice,
  type SalesInvoiceShortageDetails,
  type SalesProductAvailability,
  salesInvoiceDocument,
  salesInvoiceTotals,
  VAT_CODE_LIST,
  type VatCode,
} from '@backoffice/contracts';
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Form,
  type FormInstance,
  Input,
  Radio,
  Select,
  Switch,
  Typography,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { CountrySelect } from '../../../lookups/country-select.tsx';
import { LocationSelect } from '../../../lookups/location-select.tsx';
import { ProductPicker } from '../../../lookups/product-picker.tsx';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { formatMoney, formatQuantity } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { documentKey } from '../../../shared/ui/documents/document-text.ts';
import { FigureList } from '../../../shared/ui/documents/figure-list.tsx';
import { blankLine, type EditorLine, linesAreValid } from '../../../shared/ui/documents/lines.ts';
import { type LineErrors, LinesEditor } from '../../../shared/ui/documents/lines-editor.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { mapServerError } from '../../../shared/ui/kit/form-errors.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import {
  useCarrierServices,
  useChannelSettings,
  useCreateSalesInvoice,
  useCustomerDetail,
  useSalesAvailability,
  useSalesInvoice,
  useUpdateSalesInvoice,
} from '../api.ts';
import { CustomerSelect } from '../components/customer-select.tsx';
import { ShortageDialog, shortageOf } from '../components/shortage-dialog.tsx';
import { isAboveZero, shortageOf as lineShortage } from '../quantity-text.ts';
import { type BackState, SALES_INVOICE_LIST_PATH, salesInvoiceUrl } from '../urls.ts';

const LINE_PICKERS = { ProductField: ProductPicker, BinField: LocationSelect };
const FORM_ID = 'sales-invoice-form';
const DATE_FORMAT = 'YYYY-MM-DD';
const DISCOUNT = /^\d{1,3}(\.\d{1,4})?$/;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const CURRENCY_SIGN: Record<string, string> = { GBP: '£', EUR: '€', USD: '$' };

interface AddressValues {
  name: string;
  line1: string;
  line2: string;
  city: string;
  county: string;
  postcode: string;
  country: string;
}

interface Values {
  /** Absent on the editor, where the invoice keeps its customer. */
  customerMode?: 'existing' | 'new';
  customerId?: string | null;
  newCustomer: { name: string; email: string; phone: string };
  billingAddress: AddressValues;
  sameAsBilling: boolean;
  deliveryAddress: AddressValues;
  channel: (typeof SALES_CHANNELS)[number];
  externalOrderId: string;
  warehouseId?: string | null;
  currency: string;
  invoiceDate: Dayjs | null;
  pricesIncludeVat: boolean;
  lines: EditorLine[];
  shippingCharge: string;
  shippingVatCode: VatCode;
  carrierServiceId?: string | null;
  paymentType?: string | null;
  paymentReference: string;
  note: string;
  onShortage: SalesInvoiceShortageChoice;
}

/** The body's fields the form has under the same name: the server's issues on them go under the field. */
const FIELDS = [
  'customerId',
  'newCustomer',
  'billingAddress',
  'deliveryAddress',
  'channel',
  'externalOrderId',
  'warehouseId',
  'currency',
  'invoiceDate',
  'pricesIncludeVat',
  'lines',
  'shippingCharge',
  'shippingVatCode',
  'carrierServiceId',
  'paymentType',
  'paymentReference',
  'note',
] as const;
const LINE_FIELD_OF_CODE: Readonly<Record<string, string>> = {
  [SalesInvoiceErrorCode.SALES_INVOICE_PRODUCT_UNKNOWN]: 'product',
  [SalesInvoiceErrorCode.SALES_INVOICE_QUANTITY_NOT_WHOLE]: 'quantity',
};

const emptyAddress = (name = ''): AddressValues => ({
  name,
  line1: '',
  line2: '',
  city: '',
  county: '',
  postcode: '',
  country: ADDRESS_HOME_COUNTRY,
});

const addressValues = (a: SalesInvoiceAddress | null | undefined, name = ''): AddressValues =>
  a
    ? {
        name: a.name ?? name,
        line1: a.line1,
        line2: a.line2 ?? '',
        city: a.city,
        county: a.county ?? '',
        postcode: a.postcode ?? '',
        country: a.country,
      }
    : emptyAddress(name);

const sameAddress = (a: AddressValues, b: AddressValues) =>
  (Object.keys(a) as (keyof AddressValues)[]).every((k) => (a[k] ?? '').trim() === (b[k] ?? '').trim());

const isBlankAddress = (a: AddressValues | undefined) =>
  !a || (!a.line1?.trim() && !a.line2?.trim() && !a.city?.trim() && !a.postcode?.trim() && !a.county?.trim());

/** An address as the body wants it: empty optional parts as null; a blank address as null (the customer's). */
function addressBody(a: AddressValues | undefined) {
  if (!a || isBlankAddress(a)) return null;
  const opt = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  return {
    name: opt(a.name),
    line1: a.line1.trim(),
    line2: opt(a.line2),
    city: a.city.trim(),
    county: opt(a.county),
    postcode: opt(a.postcode),
    country: a.country,
  };
}

const lineOf = (l: SalesInvoice['lines'][number]): EditorLine => ({
  ...blankLine(),
  product: { id: l.product.id, sku: l.product.sku, name: l.product.name, unit: l.product.unit },
  quantity: l.quantity,
  price: l.unitPrice,
  // A stored line keeps its price: no sale price is put on it.
  extra: { discount: l.discountPercent === '0' ? '' : l.discountPercent, vatCode: l.vatCode, priceFor: l.product.id },
});

function valuesOf(invoice: SalesInvoice): Values {
  const billing = addressValues(invoice.billingAddress);
  const delivery = addressValues(invoice.deliveryAddress);
  return {
    customerMode: 'existing',
    customerId: invoice.customer.id,
    newCustomer: { name: '', email: '', phone: '' },
    billingAddress: billing,
    sameAsBilling: sameAddress(billing, delivery),
    deliveryAddress: delivery,
    channel: invoice.channel,
    externalOrderId: invoice.externalOrderId ?? '',
    warehouseId: invoice.warehouse.id,
    currency: invoice.currency,
    invoiceDate: dayjs(invoice.invoiceDate, DATE_FORMAT),
    pricesIncludeVat: invoice.pricesIncludeVat,
    lines: invoice.lines.map(lineOf),
    shippingCharge: invoice.shippingCharge === '0' || invoice.shippingCharge === '0.00' ? '' : invoice.shippingCharge,
    shippingVatCode: invoice.shippingVatCode,
    carrierServiceId: invoice.carrierService?.id ?? null,
    paymentType: invoice.paymentType,
    paymentReference: invoice.paymentReference,
    note: invoice.note,
    onShortage: 'REFUSE',
  };
}

const NEW_VALUES: Values = {
  customerMode: 'existing',
  customerId: null,
  newCustomer: { name: '', email: '', phone: '' },
  billingAddress: emptyAddress(),
  sameAsBilling: true,
  deliveryAddress: emptyAddress(),
  channel: 'MANUAL',
  externalOrderId: '',
  warehouseId: null,
  currency: 'GBP',
  invoiceDate: null,
  pricesIncludeVat: true,
  lines: [],
  shippingCharge: '',
  shippingVatCode: 'STANDARD',
  carrierServiceId: null,
  paymentType: null,
  paymentReference: '',
  note: '',
  onShortage: 'REFUSE',
};

/** A complete line's figures for the preview (the server's are the truth once saved). */
function lineInput(line: EditorLine) {
  const quantity = line.quantity.trim();
  const price = line.price.trim();
  const discount = line.extra?.discount?.trim() || '0';
  if (!/^\d+(\.\d+)?$/.test(quantity) || !/^\d+(\.\d+)?$/.test(price) || !DISCOUNT.test(discount)) return null;
  return {
    quantity,
    unitPrice: price,
    discountPercent: discount,
    vatCode: (line.extra?.vatCode as VatCode | undefined) ?? 'STANDARD',
  };
}

/** One address's fields, under `name` in the form (billingAddress or deliveryAddress). */
function AddressFields({ name, testId, disabled }: { name: keyof Values; testId: string; disabled?: boolean }) {
  const { t } = useTranslation('salesInvoices');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const required = { required: !disabled, message: tc('form.required') };
  const row = { display: 'flex', flexWrap: 'wrap' as const, gap: token.marginSM };
  const cell = (basis: string) => ({ flex: basis, minWidth: 0, marginBottom: token.marginSM });
  return (
    <div data-testid={testId}>
      <div style={row}>
        <Form.Item name={[name, 'name']} label={t('address.name')} style={cell('1 1 220px')}>
          <Input maxLength={SALES_INVOICE_ADDRESS_LIMITS.name} disabled={disabled} autoComplete="off" />
        </Form.Item>
        <Form.Item name={[name, 'line1']} label={t('address.line1')} rules={[required]} style={cell('2 1 260px')}>
          <Input
            maxLength={SALES_INVOICE_ADDRESS_LIMITS.line}
            disabled={disabled}
            autoComplete="off"
            data-testid={`${testId}-line1`}
          />
        </Form.Item>
        <Form.Item name={[name, 'line2']} label={t('address.line2')} style={cell('2 1 260px')}>
          <Input maxLength={SALES_INVOICE_ADDRESS_LIMITS.line} disabled={disabled} autoComplete="off" />
        </Form.Item>
      </div>
      <div style={row}>
        <Form.Item name={[name, 'city']} label={t('address.city')} rules={[required]} style={cell('1 1 180px')}>
          <Input
            maxLength={SALES_INVOICE_ADDRESS_LIMITS.city}
            disabled={disabled}
            autoComplete="off"
            data-testid={`${testId}-city`}
          />
        </Form.Item>
        <Form.Item name={[name, 'county']} label={t('address.county')} style={cell('1 1 160px')}>
          <Input maxLength={SALES_INVOICE_ADDRESS_LIMITS.county} disabled={disabled} autoComplete="off" />
        </Form.Item>
        <Form.Item name={[name, 'postcode']} label={t('address.postcode')} style={cell('0 1 140px')}>
          <Input
            maxLength={SALES_INVOICE_ADDRESS_LIMITS.postcode}
            disabled={disabled}
            autoComplete="off"
            data-testid={`${testId}-postcode`}
          />
        </Form.Item>
        <Form.Item name={[name, 'country']} label={t('address.country')} rules={[required]} style={cell('1 1 200px')}>
          <CountrySelect disabled={disabled} />
        </Form.Item>
      </div>
    </div>
  );
}

/** The figures of a line's product in the warehouse: available (on hand less reserved), and what it lacks. */
function Availability({
  line,
  item,
  warehouseChosen,
}: {
  line: EditorLine;
  item: SalesProductAvailability | undefined;
  warehouseChosen: boolean;
}) {
  const { t, i18n } = useTranslation('salesInvoices');
  const { token } = theme.useToken();
  if (!line.product) return null;
  const small = { fontSize: token.fontSizeSM, display: 'block', marginTop: token.marginXXS };
  if (!warehouseChosen)
    return <span style={{ ...small, color: token.colorTextSecondary }}>{t('form.chooseWarehouse')}</span>;
  if (!item) return <span style={{ ...small, color: token.colorTextSecondary }}>{t('form.availabilityLoading')}</span>;
  const q = (v: string) => formatQuantity(v, i18n.language);
  const short = item.kind === 'SERVICE' ? '0' : lineShortage(line.quantity, item.available);
  return (
    <span style={small} data-testid="si-line-availability" data-available={item.available}>
      {item.kind === 'SERVICE' ? (
        <span style={{ color: token.colorTextSecondary }}>{t('form.service')}</span>
      ) : (
        <span style={{ color: token.colorTextSecondary }}>
          {t('form.available', { available: q(item.available), onHand: q(item.onHand), reserved: q(item.reserved) })}
        </span>
      )}
      {isAboveZero(short) ? (
        <span role="alert" style={{ display: 'block', color: token.colorWarningText }} data-testid="si-line-short">
          <WarningOutlined aria-hidden /> {t('form.short', { shortage: q(short) })}
        </span>
      ) : null}
    </span>
  );
}

function SalesInvoiceForm({ invoice }: { invoice: SalesInvoice | null }) {
  const { t, i18n } = useTranslation('salesInvoices');
  const { t: td } = useTranslation('documents');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const errorText = useErrorText();
  const { has } = usePermissions();
  const [form] = Form.useForm<Values>();
  const create = useCreateSalesInvoice();
  const update = useUpdateSalesInvoice();
  const submission = useSubmissionKey();
  const channelSettings = useChannelSettings();
  const carriers = useCarrierServices();
  const [failure, setFailure] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [lineErrors, setLineErrors] = useState<LineErrors>({});
  const [shortage, setShortage] = useState<SalesInvoiceShortageDetails | null>(null);
  const mode = useRef<'draft' | 'book'>('draft');
  const vatTouched = useRef(!!invoice);
  const filledFor = useRef<string | null>(invoice?.customer.id ?? null);
  const linesRef = useRef<HTMLDivElement>(null);

  const customerMode = Form.useWatch('customerMode', form) ?? 'existing';
  const customerId = Form.useWatch('customerId', form);
  const sameAsBilling = Form.useWatch('sameAsBilling', form) ?? true;
  const warehouseId = Form.useWatch('warehouseId', form);
  const channel = Form.useWatch('channel', form) ?? 'MANUAL';
  const currency = Form.useWatch('currency', form) ?? 'GBP';
  const pricesIncludeVat = Form.useWatch('pricesIncludeVat', form) ?? true;
  const shippingCharge = (Form.useWatch('shippingCharge', form) as string | undefined) ?? '';
  const shippingVatCode = (Form.useWatch('shippingVatCode', form) as VatCode | undefined) ?? 'STANDARD';
  const lines = (Form.useWatch('lines', form) as EditorLine[] | undefined) ?? [];
  const customer = useCustomerDetail(customerMode === 'existing' ? customerId : null);
  const productIds = lines.flatMap((l) => (l.product ? [l.product.id] : []));
  const availability = useSalesAvailability(warehouseId, productIds);
  const byProduct = useMemo(
    () => new Map((availability.data?.items ?? []).map((a) => [a.productId, a])),
    [availability.data],
  );
  const backTo = (location.state as BackState | null)?.backTo;
  const canBook = has('approve_sales_invoice');
  const sign = CURRENCY_SIGN[currency] ?? currency;

  // The channel's setting decides whether prices include VAT, until the reader sets it themselves.
  useEffect(() => {
    if (vatTouched.current) return;
    const setting = channelSettings.data?.items.find((s) => s.channel === channel);
    if (setting) form.setFieldValue('pricesIncludeVat', setting.pricesIncludeVat);
  }, [channel, channelSettings.data, form]);

  // A customer just chosen fills the addresses from theirs: billing (else shipping) and shipping (else billing).
  useEffect(() => {
    const c: Customer | undefined = customer.data;
    if (!c || filledFor.current === c.id) return;
    filledFor.current = c.id;
    const pick = (kind: 'billing' | 'shipping') =>
      c.addresses.find((a) => a.kind === kind && a.isDefault) ?? c.addresses.find((a) => a.kind === kind);
    const billing = pick('billing') ?? pick('shipping');
    const delivery = pick('shipping') ?? billing;
    const asValues = (a: typeof billing) => (a ? addressValues({ ...a, name: c.name }) : emptyAddress(c.name));
    const b = asValues(billing);
    const d = asValues(delivery);
    form.setFieldsValue({ billingAddress: b, deliveryAddress: d, sameAsBilling: sameAddress(b, d) });
  }, [customer.data, form]);

  // A product just put on a line starts at its sale price and the VAT code its rate suggests.
  useEffect(() => {
    if (!byProduct.size) return;
    const now = (form.getFieldValue('lines') as EditorLine[] | undefined) ?? [];
    let changed = false;
    const next = now.map((l) => {
      const item = l.product ? byProduct.get(l.product.id) : undefined;
      if (!l.product || !item || l.extra?.priceFor === l.product.id) return l;
      changed = true;
      return {
        ...l,
        price: l.price.trim() ? l.price : item.salePrice,
        extra: { ...l.extra, vatCode: item.vatCode, priceFor: l.product.id },
      };
    });
    if (changed) form.setFieldValue('lines', next);
  }, [byProduct, form]);

  const inputs = lines.map(lineInput);
  const complete = inputs.filter((a): a is NonNullable<typeof a> => a !== null);
  const shippingOk = !shippingCharge.trim() || MONEY.test(shippingCharge.trim());
  const totals = salesInvoiceTotals(
    complete,
    { charge: shippingOk && shippingCharge.trim() ? shippingCharge.trim() : '0', vatCode: shippingVatCode },
    pricesIncludeVat,
  );
  const money = (v: string) => formatMoney(v, i18n.language, currency);
  const shortLines = lines.filter((l) => {
    const item = l.product ? byProduct.get(l.product.id) : undefined;
    return item && item.kind !== 'SERVICE' && isAboveZero(lineShortage(l.quantity, item.available));
  }).length;
  const saving = create.isPending || update.isPending;
  const required = { required: true, message: tc('form.required') };
  const cancelTo = invoice ? salesInvoiceUrl(invoice.id) : (backTo ?? SALES_INVOICE_LIST_PATH);

  const showError = (error: unknown) => {
    const text = errorText(error);
    if (!text) return;
    if (error instanceof ApiError) {
      const details = errorDetails(error);
      const lineNo = typeof details.lineNo === 'number' ? details.lineNo : undefined;
      const lineField = LINE_FIELD_OF_CODE[error.code];
      if (lineNo !== undefined && lineField) {
        setLineErrors({ [lineNo - 1]: { [lineField]: text } });
        setFailure(text);
        return;
      }
    }
    const mapped = mapServerError(error, text, {
      fields: FIELDS,
      codes: {
        [SalesInvoiceErrorCode.SALES_INVOICE_EXTERNAL_ORDER_EXISTS]: 'externalOrderId',
        [SalesInvoiceErrorCode.SALES_INVOICE_WAREHOUSE_UNKNOWN]: 'warehouseId',
        [SalesInvoiceErrorCode.SALES_INVOICE_CUSTOMER_UNKNOWN]: 'customerId',
        [SalesInvoiceErrorCode.SALES_INVOICE_CARRIER_SERVICE_UNKNOWN]: 'carrierServiceId',
      },
    });
    const first = mapped.fields[0];
    if (first) {
      form.setFields(mapped.fields as Parameters<FormInstance<Values>['setFields']>[0]);
      form.scrollToField(first.name);
    }
    setFailure(mapped.formMessage ?? (mapped.fields.length ? null : text));
  };

  const bodyOf = (values: Values): SalesInvoiceInput => {
    const billing = addressBody(values.billingAddress);
    const delivery = values.sameAsBilling ? billing : addressBody(values.deliveryAddress);
    const opt = (v: string | undefined) => (v?.trim() ? v.trim() : null);
    // The mode is not on the editor (an invoice keeps its customer): there it is the existing one.
    const customerMode = values.customerMode ?? 'existing';
    const newCustomer =
      customerMode === 'new'
        ? {
            name: values.newCustomer.name.trim(),
            email: opt(values.newCustomer.email),
            phone: opt(values.newCustomer.phone),
            addresses: [
              ...(billing ? [{ ...billing, kind: 'billing' as const, isDefault: true }] : []),
              ...(delivery ? [{ ...delivery, kind: 'shipping' as const, isDefault: true }] : []),
            ].map(({ name: _, ...a }) => a),
          }
        : null;
    return {
      channel: values.channel,
      externalOrderId: opt(values.externalOrderId),
      customerId: customerMode === 'existing' ? (values.customerId ?? null) : null,
      newCustomer,
      billingAddress: billing,
      deliveryAddress: delivery,
      warehouseId: values.warehouseId ?? '',
      currency: values.currency as SalesInvoiceInput['currency'],
      invoiceDate: values.invoiceDate ? values.invoiceDate.format(DATE_FORMAT) : null,
      pricesIncludeVat: values.pricesIncludeVat,
      shippingCharge: values.shippingCharge?.trim() || '0',
      shippingVatCode: values.shippingVatCode,
      carrierServiceId: values.carrierServiceId ?? null,
      paymentType: (values.paymentType ?? null) as SalesInvoiceInput['paymentType'],
      paymentReference: values.paymentReference?.trim() ?? '',
      note: values.note?.trim() ?? '',
      lines: values.lines.map((l) => ({
        productId: l.product?.id ?? '',
        quantity: l.quantity.trim(),
        unitPrice: l.price.trim() || '0',
        discountPercent: l.extra?.discount?.trim() || '0',
        vatCode: (l.extra?.vatCode as VatCode | undefined) ?? 'STANDARD',
      })),
    };
  };

  const save = async (values: Values, onShortage: SalesInvoiceShortageChoice) => {
    setFailure(null);
    setLineErrors({});
    const body = bodyOf(values);
    try {
      if (invoice) {
        const saved = await update.mutateAsync({ id: invoice.id, body });
        notifySuccess(tc('form.saved'));
        navigate(salesInvoiceUrl(saved.id), { state: { backTo } });
        return;
      }
      const book = mode.current === 'book';
      const input: SalesInvoiceCreateInput = { ...body, book, onShortage };
      const saved = await create.mutateAsync({ body: input, idempotencyKey: submission.keyFor(input) });
      submission.reset();
      setShortage(null);
      notifySuccess(
        saved.status === 'BOOKED'
          ? t('form.createdBooked', { number: saved.number })
          : book
            ? t('form.createdShort', { number: saved.number })
            : t('form.created', { number: saved.number }),
      );
      navigate(salesInvoiceUrl(saved.id), { replace: true, state: { backTo } });
    } catch (error) {
      const short = shortageOf(error);
      if (short) {
        setShortage(short);
        return;
      }
      setShortage(null);
      showError(error);
    }
  };

  /** Enter in a line's last field adds the next line and goes to its product. */
  const addLineAfter = (index: number) => {
    const now = (form.getFieldValue('lines') as EditorLine[] | undefined) ?? [];
    if (index !== now.length - 1 || now.length >= SALES_INVOICE_LINES_MAX) return false;
    form.setFieldValue('lines', [...now, blankLine()]);
    window.setTimeout(() => {
      const products = linesRef.current?.querySelectorAll('[data-line-field="product"]');
      const last = products?.[products.length - 1];
      const target = last?.querySelector('input');
      if (target instanceof HTMLElement) target.focus();
    }, 0);
    return true;
  };

  const flexRow = { display: 'flex', flexWrap: 'wrap' as const, gap: token.marginSM, alignItems: 'flex-start' };
  const cell = (basis: string) => ({ flex: basis, minWidth: 0 });
  const initial: Values = invoice ? valuesOf(invoice) : { ...NEW_VALUES, invoiceDate: dayjs(), lines: [blankLine()] };

  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={initial}
      onValuesChange={(changed: Partial<Values>) => {
        if ('lines' in changed) setLineErrors({});
        if ('pricesIncludeVat' in changed) vatTouched.current = true;
        if ('customerMode' in changed || 'customerId' in changed) form.setFields([{ name: 'customerId', errors: [] }]);
      }}
      onFinish={(values) => void save(values, values.onShortage)}
      onFinishFailed={() => setTried(true)}
      scrollToFirstError
    >
      {failure ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={failure}
          style={{ marginBottom: token.margin }}
          data-testid="si-failure"
        />
      ) : null}
      <Panel title={t('form.customer')} style={{ marginBottom: token.margin }}>
        {invoice ? null : (
          <Form.Item name="customerMode" label={t('form.customerMode')} style={{ marginBottom: token.marginSM }}>
            <Radio.Group
              optionType="button"
              data-testid="si-customer-mode"
              options={[
                { value: 'existing', label: t('form.existingCustomer') },
                ...(has('add_customer') ? [{ value: 'new', label: t('form.newCustomer') }] : []),
              ]}
            />
          </Form.Item>
        )}
        {customerMode === 'existing' ? (
          <Form.Item name="customerId" label={t('fields.customer')} rules={[required]} style={{ maxWidth: 520 }}>
            <CustomerSelect
              testId="si-customer"
              aria-label={t('fields.customer')}
              placeholder={t('form.customerPlaceholder')}
              current={invoice ? invoice.customer : null}
              disabled={!has('view_customer')}
            />
          </Form.Item>
        ) : (
          <div style={flexRow}>
            <Form.Item
              name={['newCustomer', 'name']}
              label={t('form.customerName')}
              rules={[required]}
              style={cell('2 1 240px')}
            >
              <Input maxLength={120} autoComplete="off" data-testid="si-new-customer-name" />
            </Form.Item>
            <Form.Item name={['newCustomer', 'email']} label={t('form.customerEmail')} style={cell('2 1 240px')}>
              <Input type="email" maxLength={254} autoComplete="off" data-testid="si-new-customer-email" />
            </Form.Item>
            <Form.Item name={['newCustomer', 'phone']} label={t('form.customerPhone')} style={cell('1 1 180px')}>
              <Input type="tel" maxLength={40} autoComplete="off" />
            </Form.Item>
          </div>
        )}
        <Typography.Title level={3} style={{ fontSize: token.fontSizeLG, marginTop: token.marginXS }}>
          {t('form.billingAddress')}
        </Typography.Title>
        <AddressFields name="billingAddress" testId="si-billing" />
        <Form.Item name="sameAsBilling" valuePropName="checked" style={{ marginBottom: token.marginSM }}>
          <Checkbox data-testid="si-same-as-billing">{t('form.sameAsBilling')}</Checkbox>
        </Form.Item>
        {sameAsBilling ? null : (
          <>
            <Typography.Title level={3} style={{ fontSize: token.fontSizeLG }}>
              {t('form.deliveryAddress')}
            </Typography.Title>
            <AddressFields name="deliveryAddress" testId="si-delivery" />
          </>
        )}
      </Panel>
      <Panel title={t('form.order')} style={{ marginBottom: token.margin }}>
        <div style={flexRow}>
          <Form.Item name="channel" label={t('fields.channel')} rules={[required]} style={cell('1 1 160px')}>
            <Select
              data-testid="si-channel"
              aria-label={t('fields.channel')}
              options={SALES_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="externalOrderId"
            label={t('fields.externalOrderId')}
            extra={t('form.externalOrderHelp')}
            style={cell('2 1 220px')}
          >
            <Input maxLength={SALES_INVOICE_REFERENCE_MAX} autoComplete="off" data-testid="si-external-order" />
          </Form.Item>
          <Form.Item name="warehouseId" label={t('fields.warehouse')} rules={[required]} style={cell('2 1 240px')}>
            <WarehouseSelect
              activeOnly
              testId="si-warehouse"
              {...(invoice ? { current: { ...invoice.warehouse, active: true } } : {})}
            />
          </Form.Item>
          <Form.Item name="invoiceDate" label={t('fields.invoiceDate')} style={cell('0 1 170px')}>
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="si-invoice-date" />
          </Form.Item>
          <Form.Item name="currency" label={t('fields.currency')} style={cell('0 1 110px')}>
            <Select
              data-testid="si-currency"
              aria-label={t('fields.currency')}
              options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))}
            />
          </Form.Item>
          <Form.Item
            name="pricesIncludeVat"
            label={t('fields.pricesIncludeVat')}
            valuePropName="checked"
            extra={t('form.pricesIncludeVatHelp')}
            style={cell('1 1 200px')}
          >
            <Switch data-testid="si-prices-include-vat" aria-label={t('fields.pricesIncludeVat')} />
          </Form.Item>
        </div>
      </Panel>
      <Panel title={t('form.lines')} style={{ marginBottom: token.margin }}>
        <Typography.Paragraph type="secondary">{t('form.linesHelp')}</Typography.Paragraph>
        <div ref={linesRef}>
          <Form.Item
            name="lines"
            validateTrigger={tried ? 'onChange' : []}
            rules={[
              {
                validator: (_, value: EditorLine[] | undefined) =>
                  !value?.length
                    ? Promise.reject(new Error(t('validation.noLines')))
                    : linesAreValid(value, { price: true }) &&
                        value.every((l) => !l.extra?.discount?.trim() || DISCOUNT.test(l.extra.discount.trim()))
                      ? Promise.resolve()
                      : Promise.reject(new Error(td('lines.validation.fixLines'))),
              },
            ]}
            style={{ marginBottom: 0 }}
          >
            <LinesEditor
              components={LINE_PICKERS}
              price={{
                label: pricesIncludeVat ? t('form.unitPriceGross', { currency }) : t('form.unitPriceNet', { currency }),
                testId: 'si-line-price',
                prefix: sign,
              }}
              testIdPrefix="si-line"
              addTestId="si-add-line"
              maxLines={SALES_INVOICE_LINES_MAX}
              showErrors={tried}
              errors={lineErrors}
              quantityExtra={(line) => (
                <Availability
                  line={line}
                  item={line.product ? byProduct.get(line.product.id) : undefined}
                  warehouseChosen={!!warehouseId}
                />
              )}
              lineExtra={(line, index, set) => {
                const input = inputs[index];
                const amounts = input ? totals.lines[complete.indexOf(input)] : undefined;
                const discount = line.extra?.discount ?? '';
                const badDiscount = discount.trim() !== '' && !DISCOUNT.test(discount.trim());
                return (
                  <>
                    <div style={{ flex: '0 1 150px', minWidth: 0 }}>
                      <span style={{ display: 'block', marginBottom: 4 }} aria-hidden>
                        <bdi>{t('fields.vatRate')}</bdi>
                      </span>
                      <Select<VatCode>
                        value={(line.extra?.vatCode as VatCode | undefined) ?? 'STANDARD'}
                        onChange={(vatCode) => set({ vatCode })}
                        options={VAT_CODE_LIST.map((code) => ({ value: code, label: t(`vatCodes.${code}`) }))}
                        aria-label={t('form.vatOfLine', { lineNo: index + 1 })}
                        data-testid="si-line-vat"
                        style={{ width: '100%' }}
                        popupMatchSelectWidth={false}
                      />
                    </div>
                    <div style={{ flex: '0 1 110px', minWidth: 0 }} data-line-field="discount">
                      <label htmlFor={`si-discount-${line.key}`} style={{ display: 'block', marginBottom: 4 }}>
                        <bdi>{t('fields.discountPercent')}</bdi>
                      </label>
                      <Input
                        id={`si-discount-${line.key}`}
                        value={discount}
                        onChange={(event) => set({ discount: event.target.value })}
                        onKeyDown={(event) => {
                          // The line's last field: Enter starts the next line (the kit's Enter goes on otherwise).
                          if (event.key === 'Enter' && addLineAfter(index)) {
                            event.preventDefault();
                            event.stopPropagation();
                          }
                        }}
                        inputMode="decimal"
                        autoComplete="off"
                        suffix="%"
                        status={badDiscount ? 'error' : undefined}
                        aria-label={t('form.discountOfLine', { lineNo: index + 1 })}
                        data-testid="si-line-discount"
                      />
                      {badDiscount ? (
                        <div role="alert" style={{ color: token.colorError, fontSize: token.fontSizeSM }}>
                          {t('validation.discount')}
                        </div>
                      ) : null}
                    </div>
                    <div style={{ flex: '0 1 120px', minWidth: 0, textAlign: 'end' }}>
                      <span style={{ display: 'block', marginBottom: 4 }}>
                        <bdi>{t('fields.lineTotal')}</bdi>
                      </span>
                      <bdi
                        style={{ fontVariantNumeric: 'tabular-nums', lineHeight: '32px' }}
                        data-testid="si-line-gross"
                      >
                        {amounts ? money(amounts.gross) : '—'}
                      </bdi>
                    </div>
                  </>
                );
              }}
            />
          </Form.Item>
        </div>
        {shortLines ? (
          <Alert
            type="warning"
            showIcon
            title={t('form.shortLines', { count: shortLines })}
            style={{ marginTop: token.marginSM }}
            data-testid="si-form-short"
          />
        ) : null}
      </Panel>
      <Panel title={t('form.deliveryAndPayment')} style={{ marginBottom: token.margin }}>
        <div style={flexRow}>
          <Form.Item name="carrierServiceId" label={t('fields.carrierService')} style={cell('2 1 240px')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="si-carrier-service"
              aria-label={t('fields.carrierService')}
              loading={carriers.isFetching}
              options={[
                ...(invoice?.carrierService && !carriers.services.some((s) => s.id === invoice.carrierService?.id)
                  ? [
                      {
                        value: invoice.carrierService.id,
                        label: `${invoice.carrierService.carrier.name} · ${invoice.carrierService.name}`,
                      },
                    ]
                  : []),
                ...carriers.services.map((s) => ({ value: s.id, label: `${s.carrier.name} · ${s.name}` })),
              ]}
            />
          </Form.Item>
          <Form.Item
            name="shippingCharge"
            label={pricesIncludeVat ? t('form.shippingGross') : t('form.shippingNet')}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  !value?.trim() || MONEY.test(value.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.money'))),
              },
            ]}
            style={cell('1 1 150px')}
          >
            <Input prefix={sign} inputMode="decimal" autoComplete="off" data-testid="si-shipping-charge" />
          </Form.Item>
          <Form.Item name="shippingVatCode" label={t('fields.shippingVat')} style={cell('1 1 150px')}>
            <Select
              aria-label={t('fields.shippingVat')}
              options={VAT_CODE_LIST.map((code) => ({ value: code, label: t(`vatCodes.${code}`) }))}
            />
          </Form.Item>
          <Form.Item name="paymentType" label={t('fields.paymentType')} style={cell('1 1 180px')}>
            <Select
              allowClear
              data-testid="si-payment-type"
              aria-label={t('fields.paymentType')}
              options={PAYMENT_TYPES.map((p) => ({ value: p, label: t(`paymentTypes.${p}`) }))}
            />
          </Form.Item>
          <Form.Item name="paymentReference" label={t('fields.paymentReference')} style={cell('2 1 200px')}>
            <Input maxLength={SALES_INVOICE_REFERENCE_MAX} autoComplete="off" data-testid="si-payment-reference" />
          </Form.Item>
        </div>
        <Form.Item name="note" label={t('fields.note')} style={{ marginBottom: 0 }}>
          <Input.TextArea rows={2} maxLength={SALES_INVOICE_NOTE_MAX} showCount />
        </Form.Item>
      </Panel>
      <Panel title={t('form.totals')} style={{ marginBottom: token.margin }}>
        <Typography.Paragraph type="secondary">{t('form.totalsHint')}</Typography.Paragraph>
        <FigureList
          testId="si-form-totals"
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
              value: <bdi data-testid="si-form-gross">{money(totals.gross)}</bdi>,
              strong: true,
            },
          ]}
        />
      </Panel>
      {!invoice && canBook ? (
        <Form.Item name="onShortage" label={t('form.onShortage')} style={{ marginBottom: token.margin }}>
          <Radio.Group
            data-testid="si-on-shortage"
            options={[
              { value: 'REFUSE', label: t('form.onShortageRefuse') },
              { value: 'KEEP_PENDING', label: t('form.onShortageKeep') },
            ]}
          />
        </Form.Item>
      ) : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: token.marginXS }}>
        <Button onClick={() => navigate(cancelTo)} data-testid="si-form-cancel">
          {tc('actions.cancel')}
        </Button>
        <Button
          htmlType="submit"
          type={invoice || !canBook ? 'primary' : 'default'}
          loading={saving && mode.current === 'draft'}
          onClick={() => {
            mode.current = 'draft';
          }}
          data-testid="si-save"
        >
          {invoice ? tc('actions.save') : t('form.saveDraft')}
        </Button>
        {!invoice && canBook ? (
          <Button
            type="primary"
            htmlType="submit"
            loading={saving && mode.current === 'book'}
            onClick={() => {
              mode.current = 'book';
            }}
            data-testid="si-book"
          >
            {td(documentKey.action(salesInvoiceDocument, 'book'))}
          </Button>
        ) : null}
      </div>
      <ShortageDialog
        shortage={shortage}
        busy={create.isPending}
        onKeepPending={() => void form.validateFields().then((values) => save(values, 'KEEP_PENDING'))}
        onClose={() => setShortage(null)}
      />
    </Form>
  );
}

/** The permissions the pickers need: products, warehouses and customers are searched under their own. */
function useMissingPermissions() {
  const { has } = usePermissions();
  return [
    ...(has('view_product') ? [] : (['form.needsProductPermission'] as const)),
    ...(has('view_warehouse') ? [] : (['form.needsWarehousePermission'] as const)),
    ...(has('view_customer') || has('add_customer') ? [] : (['form.needsCustomerPermission'] as const)),
  ];
}

function MissingPermissions({ keys }: { keys: ReturnType<typeof useMissingPermissions> }) {
  const { t } = useTranslation('salesInvoices');
  return (
    <>
      {keys.map((key) => (
        <Alert key={key} type="warning" showIcon title={t(key)} style={{ marginBottom: 8 }} />
      ))}
    </>
  );
}

/** Create Invoices: a new invoice saved pending, or booked at once (its stock reserved). */
export function SalesInvoiceNewPage() {
  const { t } = useTranslation('salesInvoices');
  const missing = useMissingPermissions();
  return (
    <>
      <PageHeader>
        <Typography.Text type="secondary">{t('form.newIntro')}</Typography.Text>
      </PageHeader>
      {missing.length ? <MissingPermissions keys={missing} /> : <SalesInvoiceForm invoice={null} />}
    </>
  );
}

/** Editing a pending invoice; one past pending is shown as such, with the way back to it. */
export function SalesInvoiceEditPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('salesInvoices');
  const { t: td } = useTranslation('documents');
  const query = useSalesInvoice(id);
  const missing = useMissingPermissions();
  return (
    <DetailFrame
      query={query}
      number={(data) => data.number}
      numberTestId="si-number"
      tags={(data) => <StatusTag doc={salesInvoiceDocument} status={data.status} testId="si-status" />}
    >
      {(data) =>
        data.status !== 'PENDING' ? (
          <Alert
            type="info"
            showIcon
            title={t('form.notPending', {
              number: data.number,
              status: td(documentKey.status(salesInvoiceDocument, data.status)),
            })}
            action={<Link to={salesInvoiceUrl(data.id)}>{t('form.openInvoice')}</Link>}
          />
        ) : (
          <>
            <MissingPermissions keys={missing} />
            {missing.length ? null : <SalesInvoiceForm key={data.updatedAt} invoice={data} />}
          </>
        )
      }
    </DetailFrame>
  );
}
