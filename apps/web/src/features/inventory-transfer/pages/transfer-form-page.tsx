import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type ProductLookupItem,
  StockErrorCode,
  TRANSFER_LINES_MAX,
  TRANSFER_NOTES_MAX,
  type Transfer,
  TransferErrorCode,
  type TransferInput,
  UNITS_OF_MEASURE,
  type UnitOfMeasure,
  WHOLE_UNIT,
} from '@backoffice/contracts';
import { Alert, Button, DatePicker, Form, type FormInstance, Input, Tooltip, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { serverFieldErrors } from '../../currency/field-errors.ts';
import { ProductPicker } from '../../product/products/product-picker.tsx';
import { LocationSelect } from '../../warehouse/components/location-select.tsx';
import { WarehouseSelect } from '../../warehouse/components/warehouse-select.tsx';
import { useCreateTransfer, useTransfer, useUpdateTransfer } from '../api.ts';
import { AvailableHint } from '../components/available-hint.tsx';
import { TRANSFER_LIST_PATH, transferUrl } from '../urls.ts';

const FORM_ID = 'transfer-form';
const DATE_FORMAT = 'YYYY-MM-DD';
/** The contract's PositiveStockQuantity: up to 12 digits and 4 places, more than zero. */
const QUANTITY_PATTERN = /^\d{1,12}(\.\d{1,4})?$/;

interface LineValues {
  productId?: string;
  quantity: string;
  fromLocationId: string | null;
  toLocationId: string | null;
}
interface Values {
  fromWarehouseId?: string | null;
  toWarehouseId?: string | null;
  expectedDate: Dayjs | null;
  notes: string;
  lines: LineValues[];
}

type ProductInfo = Pick<ProductLookupItem, 'id' | 'sku' | 'name'> & { unit: string };
type Bin = { id: string; code: string };

const EMPTY_LINE: LineValues = { quantity: '', fromLocationId: null, toLocationId: null };
const FIELDS = ['fromWarehouseId', 'toWarehouseId', 'expectedDate', 'notes', 'lines'] as const;
const LINE_FIELD_OF_CODE: Readonly<Record<string, keyof LineValues>> = {
  [TransferErrorCode.TRANSFER_PRODUCT_UNKNOWN]: 'productId',
  [TransferErrorCode.TRANSFER_DUPLICATE_PRODUCT]: 'productId',
  [TransferErrorCode.TRANSFER_QUANTITY_NOT_WHOLE]: 'quantity',
  [StockErrorCode.PRODUCT_NOT_STOCKED]: 'productId',
  [StockErrorCode.PRODUCT_INACTIVE]: 'productId',
};

const isUnit = (unit: string): unit is UnitOfMeasure => (UNITS_OF_MEASURE as readonly string[]).includes(unit);
const isWholeText = (text: string) => /^\d+(\.0*)?$/.test(text);

/** The form's values of a stored draft. */
function valuesOf(transfer: Transfer): Values {
  return {
    fromWarehouseId: transfer.fromWarehouse.id,
    toWarehouseId: transfer.toWarehouse.id,
    expectedDate: transfer.expectedDate ? dayjs(transfer.expectedDate, DATE_FORMAT) : null,
    notes: transfer.notes,
    lines: transfer.lines.map((l) => ({
      productId: l.product.id,
      quantity: l.quantity,
      fromLocationId: l.fromLocation?.id ?? null,
      toLocationId: l.toLocation?.id ?? null,
    })),
  };
}

/** One line: product, quantity (with what is available at the source), source bin, destination bin. */
function LineFields({
  index,
  form,
  products,
  bins,
  onPicked,
  onRemove,
  removable,
}: {
  index: number;
  form: FormInstance<Values>;
  /** What is known of the products chosen so far. */
  products: ReadonlyMap<string, ProductInfo>;
  /** The stored draft's bins, to label them before any search. */
  bins: ReadonlyMap<string, Bin>;
  onPicked: (item: ProductInfo) => void;
  onRemove: () => void;
  removable: boolean;
}) {
  const { t } = useTranslation('transfers');
  const { t: tp } = useTranslation('products');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const fromWarehouseId = Form.useWatch('fromWarehouseId', form);
  const toWarehouseId = Form.useWatch('toWarehouseId', form);
  const productId = Form.useWatch(['lines', index, 'productId'], form);
  const quantity = Form.useWatch(['lines', index, 'quantity'], form);
  const fromBin = Form.useWatch(['lines', index, 'fromLocationId'], form);
  const toBin = Form.useWatch(['lines', index, 'toLocationId'], form);
  const product = productId ? products.get(productId) : undefined;
  const lines = Form.useWatch('lines', form) as LineValues[] | undefined;
  // A product is on one line only: the others' products are not offered here.
  const taken = (lines ?? []).filter((_, i) => i !== index).flatMap((l) => (l?.productId ? [l.productId] : []));
  const required = { required: true, message: tc('form.required') };
  const lineNo = index + 1;

  return (
    <fieldset
      data-testid="transfer-line"
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingSM,
        margin: 0,
        marginBottom: token.marginSM,
        minWidth: 0,
      }}
    >
      <legend
        style={{
          fontSize: token.fontSize,
          fontWeight: 600,
          color: token.colorText,
          padding: `0 ${token.paddingXXS}px`,
          width: 'auto',
          marginBottom: 0,
          border: 0,
        }}
      >
        {t('form.lineTitle', { lineNo })}
      </legend>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, alignItems: 'flex-start' }}>
        <Form.Item
          name={[index, 'productId']}
          label={t('fields.product')}
          rules={[required]}
          style={{ flex: '2 1 260px', minWidth: 0, marginBottom: token.marginXS }}
        >
          <ProductPicker
            ariaLabel={t('form.productOfLine', { lineNo })}
            testId="transfer-line-product"
            exclude={taken}
            {...(product ? { known: product } : {})}
            onPicked={onPicked}
          />
        </Form.Item>
        <Form.Item
          name={[index, 'quantity']}
          label={t('fields.quantity')}
          extra={
            productId && fromWarehouseId ? (
              <AvailableHint productId={productId} warehouseId={fromWarehouseId} quantity={quantity?.trim()} />
            ) : undefined
          }
          rules={[
            { ...required, whitespace: true },
            {
              validator: (_, value: string | undefined) => {
                const text = value?.trim() ?? '';
                if (!text) return Promise.resolve();
                if (!QUANTITY_PATTERN.test(text)) return Promise.reject(new Error(t('validation.quantity')));
                if (!/[1-9]/.test(text)) return Promise.reject(new Error(t('validation.quantityPositive')));
                if (product?.unit === WHOLE_UNIT && !isWholeText(text))
                  return Promise.reject(new Error(t('validation.whole')));
                return Promise.resolve();
              },
            },
          ]}
          style={{ flex: '1 1 150px', minWidth: 0, marginBottom: token.marginXS }}
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            maxLength={17}
            aria-label={t('form.quantityOfLine', { lineNo })}
            data-testid="transfer-line-quantity"
            suffix={product && isUnit(product.unit) ? tp(`unitShort.${product.unit}`) : undefined}
          />
        </Form.Item>
        <Form.Item
          name={[index, 'fromLocationId']}
          label={t('fields.fromBin')}
          style={{ flex: '1 1 170px', minWidth: 0, marginBottom: token.marginXS }}
        >
          <LocationSelect
            warehouseId={fromWarehouseId ?? ''}
            disabled={!fromWarehouseId}
            current={(fromBin && bins.get(fromBin)) || null}
            placeholder={t('form.anyBin')}
            aria-label={t('form.fromBinOfLine', { lineNo })}
            testId="transfer-line-from-bin"
          />
        </Form.Item>
        <Form.Item
          name={[index, 'toLocationId']}
          label={t('fields.toBin')}
          style={{ flex: '1 1 170px', minWidth: 0, marginBottom: token.marginXS }}
        >
          <LocationSelect
            warehouseId={toWarehouseId ?? ''}
            disabled={!toWarehouseId}
            current={(toBin && bins.get(toBin)) || null}
            placeholder={t('form.receivingBin')}
            aria-label={t('form.toBinOfLine', { lineNo })}
            testId="transfer-line-to-bin"
          />
        </Form.Item>
        <Tooltip title={t('form.removeLine', { lineNo })}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('form.removeLine', { lineNo })}
            disabled={!removable}
            onClick={onRemove}
            style={{ marginTop: 30 }}
            data-testid="transfer-line-remove"
          />
        </Tooltip>
      </div>
    </fieldset>
  );
}

function TransferForm({ transfer }: { transfer: Transfer | null }) {
  const { t } = useTranslation('transfers');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const create = useCreateTransfer();
  const update = useUpdateTransfer();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);
  // What is known of each product chosen (its unit decides whether fractions are allowed).
  const [products, setProducts] = useState<Map<string, ProductInfo>>(
    () => new Map((transfer?.lines ?? []).map((l) => [l.product.id, l.product])),
  );
  const storedBins = useMemo(
    () =>
      new Map(
        (transfer?.lines ?? []).flatMap((l) => [
          ...(l.fromLocation ? [[l.fromLocation.id, l.fromLocation] as const] : []),
          ...(l.toLocation ? [[l.toLocation.id, l.toLocation] as const] : []),
        ]),
      ),
    [transfer],
  );
  const saving = create.isPending || update.isPending;
  const required = { required: true, message: tc('form.required') };
  const cancelTo = transfer ? transferUrl(transfer.id) : TRANSFER_LIST_PATH;

  const showError = (error: unknown) => {
    const text = errorText(error);
    if (!text) return;
    if (error instanceof ApiError) {
      const details = errorDetails(error);
      const line = typeof details.line === 'number' ? details.line : undefined;
      const field = typeof details.field === 'string' ? details.field : undefined;
      if (line !== undefined) {
        const lineField = LINE_FIELD_OF_CODE[error.code] ?? (field as keyof LineValues | undefined);
        if (lineField) {
          form.setFields([{ name: ['lines', line, lineField], errors: [text] }]);
          return;
        }
      }
      if (field === 'fromWarehouseId' || field === 'toWarehouseId') {
        form.setFields([{ name: field, errors: [text] }]);
        return;
      }
      if (error.code === TransferErrorCode.TRANSFER_SAME_WAREHOUSE) {
        form.setFields([{ name: 'toWarehouseId', errors: [text] }]);
        return;
      }
    }
    const fields = serverFieldErrors<Values>(error, FIELDS);
    if (fields.length) form.setFields(fields);
    else setFailure(text);
  };

  const handleSubmit = async (values: Values) => {
    setFailure(null);
    const body: TransferInput = {
      fromWarehouseId: values.fromWarehouseId ?? '',
      toWarehouseId: values.toWarehouseId ?? '',
      expectedDate: values.expectedDate ? values.expectedDate.format(DATE_FORMAT) : null,
      notes: values.notes?.trim() ?? '',
      lines: values.lines.map((l) => ({
        productId: l.productId ?? '',
        quantity: l.quantity.trim(),
        fromLocationId: l.fromLocationId ?? null,
        toLocationId: l.toLocationId ?? null,
      })),
    };
    try {
      const saved = transfer
        ? await update.mutateAsync({ id: transfer.id, body })
        : await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      submission.reset();
      notifySuccess(transfer ? tc('form.saved') : t('form.created', { number: saved.number }));
      navigate(transferUrl(saved.id), { replace: !transfer });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={transfer ? valuesOf(transfer) : { expectedDate: null, notes: '', lines: [EMPTY_LINE] }}
      onValuesChange={(changed: Partial<Values>) => {
        // A bin belongs to its warehouse: another warehouse clears the lines' bins on that side.
        const side =
          'fromWarehouseId' in changed ? 'fromLocationId' : 'toWarehouseId' in changed ? 'toLocationId' : null;
        if (side) {
          const lines = (form.getFieldValue('lines') as LineValues[] | undefined) ?? [];
          form.setFieldValue(
            'lines',
            lines.map((l) => ({ ...l, [side]: null })),
          );
        }
      }}
      onFinish={handleSubmit}
      scrollToFirstError
    >
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: token.margin }}
          data-testid="transfer-failure"
        />
      ) : null}
      <Panel title={t('form.route')} style={{ marginBottom: token.margin }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, alignItems: 'flex-start' }}>
          <Form.Item
            name="fromWarehouseId"
            label={t('fields.fromWarehouse')}
            rules={[required]}
            style={{ flex: '1 1 240px', minWidth: 0 }}
          >
            <WarehouseSelect
              activeOnly
              testId="transfer-from"
              {...(transfer ? { current: { ...transfer.fromWarehouse, active: true } } : {})}
            />
          </Form.Item>
          <span aria-hidden style={{ marginTop: 36, color: token.colorTextSecondary }}>
            {direction === 'rtl' ? <ArrowLeftOutlined /> : <ArrowRightOutlined />}
          </span>
          <Form.Item
            name="toWarehouseId"
            label={t('fields.toWarehouse')}
            dependencies={['fromWarehouseId']}
            rules={[
              required,
              ({ getFieldValue }) => ({
                validator: (_, value: string | null | undefined) =>
                  value && value === getFieldValue('fromWarehouseId')
                    ? Promise.reject(new Error(t('validation.sameWarehouse')))
                    : Promise.resolve(),
              }),
            ]}
            style={{ flex: '1 1 240px', minWidth: 0 }}
          >
            <WarehouseSelect
              activeOnly
              testId="transfer-to"
              {...(transfer ? { current: { ...transfer.toWarehouse, active: true } } : {})}
            />
          </Form.Item>
          <Form.Item
            name="expectedDate"
            label={t('fields.expectedDate')}
            extra={t('form.expectedDateHelp')}
            style={{ flex: '0 1 200px', minWidth: 0 }}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="transfer-expected-date" />
          </Form.Item>
        </div>
        <Form.Item name="notes" label={t('fields.notes')} style={{ marginBottom: 0 }}>
          <Input.TextArea
            rows={2}
            maxLength={TRANSFER_NOTES_MAX}
            showCount
            placeholder={t('form.notesPlaceholder')}
            data-testid="transfer-notes"
          />
        </Form.Item>
      </Panel>
      <Panel title={t('form.lines')} style={{ marginBottom: token.margin }}>
        <Typography.Paragraph type="secondary">{t('form.linesHelp')}</Typography.Paragraph>
        <Form.List
          name="lines"
          rules={[
            {
              validator: (_, lines: LineValues[] | undefined) =>
                lines?.length ? Promise.resolve() : Promise.reject(new Error(t('validation.noLines'))),
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <LineFields
                  key={field.key}
                  index={field.name}
                  form={form}
                  products={products}
                  bins={storedBins}
                  onPicked={(item) => setProducts((known) => new Map(known).set(item.id, item))}
                  onRemove={() => remove(field.name)}
                  removable={fields.length > 1}
                />
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ ...EMPTY_LINE })}
                disabled={fields.length >= TRANSFER_LINES_MAX}
                data-testid="transfer-add-line"
              >
                {t('form.addLine')}
              </Button>
            </>
          )}
        </Form.List>
      </Panel>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: token.marginXS }}>
        <Button onClick={() => navigate(cancelTo)} data-testid="transfer-form-cancel">
          {tc('actions.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="transfer-save">
          {t('form.saveDraft')}
        </Button>
      </div>
    </Form>
  );
}

/** The permissions the pickers need: products and warehouses are searched under their own. */
function useMissingPermissions() {
  const { has } = usePermissions();
  return [
    ...(has('view_product') ? [] : (['form.needsProductPermission'] as const)),
    ...(has('view_warehouse') ? [] : (['form.needsWarehousePermission'] as const)),
  ];
}

function MissingPermissions({ keys }: { keys: ReturnType<typeof useMissingPermissions> }) {
  const { t } = useTranslation('transfers');
  return (
    <>
      {keys.map((key) => (
        <Alert key={key} type="warning" showIcon title={t(key)} style={{ marginBottom: 8 }} />
      ))}
    </>
  );
}

/** "New transfer": a draft with its warehouses and lines; saving gives it its number and opens it. */
export function TransferNewPage() {
  const { t } = useTranslation('transfers');
  const missing = useMissingPermissions();
  return (
    <>
      <PageHeader>
        <Typography.Text type="secondary">{t('form.newIntro')}</Typography.Text>
      </PageHeader>
      {missing.length ? <MissingPermissions keys={missing} /> : <TransferForm transfer={null} />}
    </>
  );
}

/** Editing a draft; a transfer already dispatched or canceled is shown as such, with the way back to it. */
export function TransferEditPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('transfers');
  const transfer = useTransfer(id);
  const missing = useMissingPermissions();
  const data = transfer.data;
  return (
    <>
      <PageHeader>
        {data ? (
          <span style={{ fontWeight: 600 }} data-testid="transfer-number">
            <bdi>{data.number}</bdi>
          </span>
        ) : null}
      </PageHeader>
      {transfer.error ? (
        <ErrorState error={transfer.error} onRetry={() => void transfer.refetch()} />
      ) : !data ? (
        <Spinner minHeight={240} />
      ) : data.status !== 'DRAFT' ? (
        <Alert
          type="info"
          showIcon
          title={t('form.notDraft', { number: data.number, status: t(`statuses.${data.status}`) })}
          action={<Link to={transferUrl(data.id)}>{t('form.openTransfer')}</Link>}
        />
      ) : (
        <>
          <MissingPermissions keys={missing} />
          {missing.length ? null : <TransferForm key={data.updatedAt} transfer={data} />}
        </>
      )}
    </>
  );
}
