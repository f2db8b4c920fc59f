import {
  ConfigurationErrorCode,
  type ProductLookupItem,
  StockErrorCode,
  type StockOverrideInput,
  WarehouseErrorCode,
} from '@backoffice/contracts';
import { Alert, DatePicker, Form, type FormInstance, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationSelect } from '../../lookups/location-select.tsx';
import { ProductPicker } from '../../lookups/product-picker.tsx';
import { WarehouseSelect } from '../../lookups/warehouse-select.tsx';
import { ApiError } from '../../shared/lib/errors.ts';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { usePermissions } from '../../shared/lib/permissions.tsx';
import { useErrorText } from '../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../shared/lib/use-submission-key.ts';
import { FormDrawer } from '../../shared/ui/form-drawer.tsx';
import { serverFieldErrors } from '../currency/index.ts';
import { formatQuantity, isUnit, ShortMarker, useProductStock } from '../inventory/index.ts';
import { useOverrideStock, useWarehouseConfig } from './api.ts';

const FORM_ID = 'override-form';
const DATE_FORMAT = 'YYYY-MM-DD';
/** The contract's StockQuantity and UnitCost alike: up to 12 digits and 4 places, not negative. */
const DECIMAL_PATTERN = /^\d{1,12}(\.\d{1,4})?$/;
const REASON_MIN = 3;
const REASON_MAX = 500;

interface Values {
  productId?: string;
  warehouseId?: string | null;
  locationId?: string | null;
  countedQuantity: string;
  unitCost: string;
  reason: string;
  postedOn: Dayjs | null;
}
type FieldName = keyof Values;

/** What was posted, for the page to show: the book quantity, what was counted and the difference. */
export interface OverrideOutcome {
  sku: string;
  warehouse: string;
  bookQuantity: string;
  countedQuantity: string;
  difference: string;
}

/** The field a refusal of the server is about, so that it shows under that field. */
const FIELD_OF_CODE: Readonly<Record<string, FieldName>> = {
  [StockErrorCode.INSUFFICIENT_STOCK]: 'countedQuantity',
  [StockErrorCode.NOTHING_TO_POST]: 'countedQuantity',
  [StockErrorCode.UNIT_COST_REQUIRED]: 'unitCost',
  [StockErrorCode.PRODUCT_NOT_STOCKED]: 'productId',
  [StockErrorCode.PRODUCT_INACTIVE]: 'productId',
  [StockErrorCode.WAREHOUSE_INACTIVE]: 'warehouseId',
  [StockErrorCode.POSTING_DATE_IN_FUTURE]: 'postedOn',
  [ConfigurationErrorCode.PERIOD_LOCKED]: 'postedOn',
  [ConfigurationErrorCode.UNKNOWN_WAREHOUSE]: 'warehouseId',
  [WarehouseErrorCode.LOCATION_NOT_IN_WAREHOUSE]: 'locationId',
  [WarehouseErrorCode.LOCATION_INACTIVE]: 'locationId',
};
const FIELDS: readonly FieldName[] = [
  'productId',
  'warehouseId',
  'locationId',
  'countedQuantity',
  'unitCost',
  'reason',
  'postedOn',
];

/** The book quantity of the chosen product in the chosen warehouse, as a hint beside the count. */
function BookHint({ productId, warehouseId }: { productId: string; warehouseId: string }) {
  const { t, i18n } = useTranslation('inventory');
  const stock = useProductStock(productId);
  if (!stock.data) return null;
  const row = stock.data.warehouses.find((w) => w.warehouse.id === warehouseId);
  return (
    <Typography.Text type="secondary" data-testid="override-book">
      {row
        ? t('overrides.book', {
            onHand: formatQuantity(row.onHand, i18n.language),
            reserved: formatQuantity(row.reserved, i18n.language),
          })
        : t('overrides.bookNone')}
      {/* Reservations a loss already left short: counting less again would leave them shorter. */}
      {row ? <ShortMarker value={row.short} testId="override-short" /> : null}
    </Typography.Text>
  );
}

/** What the form opens with, e.g. from "Adjust stock" on a stock page: the product, its warehouse and bin. */
export interface OverrideStart {
  productId: string;
  warehouseId?: string | undefined;
  locationId?: string | undefined;
}

/** The fields with the contract's rules; a fresh form each time the drawer opens. */
function OverrideForm({
  onSubmit,
  start,
}: {
  onSubmit: (values: Values, form: FormInstance<Values>, product: ProductLookupItem | null) => Promise<void>;
  start?: OverrideStart | undefined;
}) {
  const { t } = useTranslation('inventory');
  const { t: tp } = useTranslation('products');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [product, setProduct] = useState<ProductLookupItem | null>(null);
  const productId = Form.useWatch('productId', form);
  const warehouseId = Form.useWatch('warehouseId', form);
  const locationId = Form.useWatch('locationId', form);
  // The product given by "Adjust stock", labelled before any search.
  const started = useProductStock(start?.productId ?? '');
  const known = start && started.data?.product.id === start.productId ? started.data.product : undefined;
  // A warehouse chosen (or given without a bin) proposes its default receiving bin, so nothing is set "nowhere"
  // unless the bin is cleared on purpose.
  const [proposeFor, setProposeFor] = useState<string | null>(
    start?.warehouseId && !start.locationId ? start.warehouseId : null,
  );
  const config = useWarehouseConfig(proposeFor);
  useEffect(() => {
    if (!proposeFor || config.data?.warehouseId !== proposeFor) return;
    const bin = config.data.defaultReceivingLocation;
    if (bin?.active && !form.getFieldValue('locationId')) form.setFieldValue('locationId', bin.id);
    setProposeFor(null);
  }, [proposeFor, config.data, form]);
  const required = { required: true, message: tc('form.required') };
  const decimal = (pattern: RegExp, message: string) => ({
    validator: (_: unknown, value: string | undefined) =>
      !value?.trim() || pattern.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(message)),
  });

  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={{
        productId: start?.productId,
        warehouseId: start?.warehouseId ?? null,
        locationId: start?.locationId ?? null,
        countedQuantity: '',
        unitCost: '',
        reason: '',
        postedOn: null,
      }}
      onValuesChange={(changed: Partial<Values>) => {
        // A bin belongs to its warehouse: another warehouse clears it, then proposes its receiving bin.
        if ('warehouseId' in changed) {
          form.setFieldValue('locationId', null);
          setProposeFor(changed.warehouseId ?? null);
        }
      }}
      onFinish={(values) => onSubmit(values, form, product?.id === values.productId ? product : null)}
    >
      <Typography.Paragraph type="secondary">{t('overrides.intro')}</Typography.Paragraph>
      <Form.Item name="productId" label={t('overrides.fields.product')} rules={[required]}>
        <ProductPicker
          kind="STOCK"
          ariaLabel={t('overrides.fields.product')}
          testId="override-product"
          onPicked={setProduct}
          {...(known ? { known } : {})}
        />
      </Form.Item>
      <Form.Item name="warehouseId" label={t('overrides.fields.warehouse')} rules={[required]}>
        <WarehouseSelect activeOnly testId="override-warehouse" />
      </Form.Item>
      <Form.Item
        name="locationId"
        label={t('overrides.fields.bin')}
        extra={warehouseId ? t('overrides.binHelp') : t('overrides.chooseWarehouseFirst')}
      >
        <LocationSelect
          warehouseId={warehouseId ?? ''}
          disabled={!warehouseId}
          placeholder={t('overrides.binPlaceholder')}
          testId="override-bin"
        />
      </Form.Item>
      {warehouseId && !locationId && !proposeFor ? (
        <Alert
          type="warning"
          showIcon
          data-testid="override-no-bin"
          title={t('adjust.noBin')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item
        name="countedQuantity"
        label={t('overrides.fields.countedQuantity')}
        extra={productId && warehouseId ? <BookHint productId={productId} warehouseId={warehouseId} /> : undefined}
        rules={[{ ...required, whitespace: true }, decimal(DECIMAL_PATTERN, t('overrides.validation.quantity'))]}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          maxLength={17}
          data-testid="override-counted"
          suffix={product && isUnit(product.unit) ? tp(`unitShort.${product.unit}`) : undefined}
        />
      </Form.Item>
      <Form.Item
        name="unitCost"
        label={t('overrides.fields.unitCost')}
        extra={t('overrides.unitCostHelp')}
        rules={[decimal(DECIMAL_PATTERN, t('overrides.validation.unitCost'))]}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          maxLength={17}
          prefix="£"
          data-testid="override-unit-cost"
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('overrides.fields.reason')}
        rules={[
          { ...required, whitespace: true },
          {
            validator: (_, value: string | undefined) => {
              const length = (value ?? '').trim().length;
              if (length > 0 && length < REASON_MIN)
                return Promise.reject(new Error(t('overrides.validation.reasonShort')));
              if (length > REASON_MAX) return Promise.reject(new Error(t('overrides.validation.reasonLong')));
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input.TextArea
          rows={3}
          maxLength={REASON_MAX}
          showCount
          placeholder={t('overrides.reasonPlaceholder')}
          data-testid="override-reason"
        />
      </Form.Item>
      <Form.Item
        name="postedOn"
        label={t('overrides.fields.postedOn')}
        extra={t('overrides.postedOnHelp')}
        rules={[
          {
            validator: (_, value: Dayjs | null | undefined) =>
              value?.isAfter(dayjs(), 'day')
                ? Promise.reject(new Error(t('overrides.validation.futureDate')))
                : Promise.resolve(),
          },
        ]}
      >
        <DatePicker
          format={DATE_FORMAT}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          style={{ width: '100%' }}
          data-testid="override-posted-on"
        />
      </Form.Item>
    </Form>
  );
}

/**
 * "Override stock": the counted quantity of a product in a warehouse (and bin), with a reason; the
 * server posts the difference from the book quantity. Refusals show on the field they concern.
 */
export function OverrideFormDrawer({
  open,
  onClose,
  onPosted,
  start,
}: {
  open: boolean;
  onClose: () => void;
  onPosted: (outcome: OverrideOutcome) => void;
  /** Prefilled fields, e.g. from "Adjust stock". */
  start?: OverrideStart | undefined;
}) {
  const { t } = useTranslation('inventory');
  const errorText = useErrorText();
  const post = useOverrideStock();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);
  const { has } = usePermissions();
  const missing = [
    ...(has('view_product') ? [] : (['overrides.needsProductPermission'] as const)),
    ...(has('view_warehouse') ? [] : (['overrides.needsWarehousePermission'] as const)),
  ];

  const close = () => {
    setFailure(null);
    submission.reset();
    onClose();
  };

  const handleSubmit = async (values: Values, form: FormInstance<Values>, product: ProductLookupItem | null) => {
    setFailure(null);
    const unitCost = values.unitCost?.trim();
    const body: StockOverrideInput = {
      productId: values.productId ?? '',
      warehouseId: values.warehouseId ?? '',
      locationId: values.locationId ?? null,
      countedQuantity: values.countedQuantity.trim(),
      ...(unitCost ? { unitCost } : {}),
      reason: values.reason.trim(),
      ...(values.postedOn ? { postedOn: values.postedOn.format(DATE_FORMAT) } : {}),
    };
    try {
      const result = await post.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      const first = result.movements[0];
      onPosted({
        sku: first?.product.sku ?? product?.sku ?? '',
        warehouse: first?.warehouse.code ?? '',
        bookQuantity: result.bookQuantity,
        countedQuantity: result.countedQuantity,
        difference: result.difference,
      });
      notifySuccess(t('overrides.posted'));
      close();
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      if (field) {
        form.setFields([{ name: field, errors: [text] }]);
        return;
      }
      const fields = serverFieldErrors<Values>(error, FIELDS);
      if (fields.length) form.setFields(fields);
      else setFailure(text);
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={t('overrides.drawerTitle')}
      formId={FORM_ID}
      width={520}
      saving={post.isPending}
      failure={failure}
      testId="override-drawer"
      submitTestId="override-submit"
    >
      {!open ? null : missing.length ? (
        // The pickers search products and warehouses, which their own permissions guard.
        missing.map((key) => <Alert key={key} type="warning" showIcon title={t(key)} style={{ marginBottom: 8 }} />)
      ) : (
        <OverrideForm onSubmit={handleSubmit} start={start} />
      )}
    </FormDrawer>
  );
}
