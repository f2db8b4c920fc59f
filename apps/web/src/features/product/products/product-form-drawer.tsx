import {
  PRODUCT_KINDS,
  PRODUCT_NAME_MAX_LENGTH,
  type Product,
  ProductErrorCode,
  type ProductLookupItem,
  SKU_MAX_LENGTH,
  SKU_PATTERN,
  UNITS_OF_MEASURE,
} from '@backoffice/contracts';
import { AutoComplete, Col, Divider, Form, Input, Radio, Row, Select, Switch, theme } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { useBrands } from '../brands/api.ts';
import { useCreateProduct, useProduct, useUpdateProduct } from './api.ts';
import { BarcodesField } from './barcodes-field.tsx';
import { ComponentsField, type KnownProduct } from './components-field.tsx';
import {
  type DecimalSpec,
  DIMENSION,
  decimalProblem,
  formValuesOf,
  inputOf,
  isWholeUnit,
  MONEY,
  NEW_PRODUCT,
  PERCENTAGE,
  type ProductFormValues,
  QUANTITY,
  serverFieldErrors,
  UNIT_COST,
  WEIGHT,
} from './form-values.ts';
import { ImagesField } from './images-field.tsx';

export const PRODUCT_FORM_ID = 'product-form';
/** UK VAT rates offered first; any other percentage can be typed. */
const VAT_RATES = ['20', '5', '0'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Divider titlePlacement="start" style={{ marginTop: 8 }}>
        <h2 style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>{title}</h2>
      </Divider>
      {children}
    </section>
  );
}

/** The brand field: active brands found by code or name, the product's own brand kept even if deactivated. */
function BrandSelect({
  id,
  value,
  onChange,
  current,
}: {
  /** From the Form.Item, so that its label names the field. */
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  current: Product['brand'];
}) {
  const { t } = useTranslation('products');
  const [q, setQ] = useState('');
  const brands = useBrands({ q: q || undefined, active: 'true', pageSize: 20, sort: 'code' });
  const options = (brands.data?.items ?? []).map((b) => ({ value: b.id, label: `${b.code} · ${b.name}` }));
  if (current && !options.some((o) => o.value === current.id))
    options.unshift({ value: current.id, label: `${current.code} · ${current.name}` });
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(brandId?: string) => onChange?.(brandId ?? null)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setQ }}
      options={options}
      loading={brands.isFetching}
      placeholder={t('form.noBrand')}
      notFoundContent={t('form.noBrandFound')}
    />
  );
}

function ProductForm({
  product,
  onSubmit,
}: {
  product: Product | null;
  onSubmit: (values: ProductFormValues, form: ReturnType<typeof Form.useForm<ProductFormValues>>[0]) => Promise<void>;
}) {
  const { t } = useTranslation('products');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<ProductFormValues>();
  const canSeeBrands = usePermissions().has('view_brand');
  const kind = Form.useWatch('kind', form) ?? product?.kind ?? 'STOCK';
  const unit = Form.useWatch('unit', form) ?? product?.unit ?? 'Unit';
  const [known, setKnown] = useState<Map<string, KnownProduct>>(
    () =>
      new Map(
        (product?.components ?? []).map((c) => [
          c.productId,
          { id: c.productId, sku: c.sku, name: c.name, unit: c.unit },
        ]),
      ),
  );
  const remember = (item: ProductLookupItem) =>
    setKnown((current) =>
      new Map(current).set(item.id, { id: item.id, sku: item.sku, name: item.name, unit: item.unit }),
    );

  /** A decimal field's rule with the contracts' limits and a translated message. */
  const decimal = (spec: DecimalSpec, optional = false): Rule => ({
    validator: (_, raw: string | undefined) => {
      const text = (raw ?? '').trim();
      if (!text) return optional ? Promise.resolve() : Promise.reject(new Error(tc('form.required')));
      const problem = decimalProblem(text, spec);
      return problem
        ? Promise.reject(new Error(t(`validation.decimal.${problem}`, { places: spec.scale, max: spec.max ?? '' })))
        : Promise.resolve();
    },
  });
  const whole = isWholeUnit(unit);
  const col = { xs: 24, md: 12 } as const;
  const third = { xs: 24, sm: 8 } as const;

  return (
    <Form<ProductFormValues>
      form={form}
      name={PRODUCT_FORM_ID}
      layout="vertical"
      onFinish={(values) => onSubmit(values, form)}
      initialValues={product ? formValuesOf(product) : NEW_PRODUCT}
      scrollToFirstError
    >
      <Section title={t('sections.general')}>
        <Row gutter={token.margin}>
          <Col {...col}>
            <Form.Item
              name="sku"
              label={t('fields.sku')}
              extra={t('form.skuHelp')}
              normalize={(value: string) => value.toUpperCase()}
              rules={[
                { required: true, whitespace: true, message: tc('form.required') },
                { max: SKU_MAX_LENGTH, message: t('validation.maxLength', { max: SKU_MAX_LENGTH }) },
                { pattern: SKU_PATTERN, message: t('validation.skuPattern') },
              ]}
            >
              <Input autoFocus autoComplete="off" spellCheck={false} maxLength={SKU_MAX_LENGTH} dir="ltr" />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="brandId" label={t('fields.brand')}>
              {canSeeBrands ? (
                <BrandSelect current={product?.brand ?? null} />
              ) : (
                // Without view_brand the brands cannot be listed: the product keeps the one it has.
                <Select
                  disabled
                  options={product?.brand ? [{ value: product.brand.id, label: product.brand.code }] : []}
                  placeholder={t('form.noBrand')}
                />
              )}
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="name"
              label={t('fields.name')}
              rules={[
                { required: true, whitespace: true, message: tc('form.required') },
                { max: PRODUCT_NAME_MAX_LENGTH, message: t('validation.maxLength', { max: PRODUCT_NAME_MAX_LENGTH }) },
              ]}
            >
              <Input autoComplete="off" maxLength={PRODUCT_NAME_MAX_LENGTH} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="kind" label={t('fields.kind')} extra={t(`kindHelp.${kind}`)}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={PRODUCT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="unit" label={t('fields.unit')}>
              <Select options={UNITS_OF_MEASURE.map((u) => ({ value: u, label: t(`units.${u}`) }))} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="active" label={t('fields.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Section>

      <Section title={t('sections.pricing')}>
        <Row gutter={token.margin}>
          <Col {...third}>
            <Form.Item name="costPrice" label={t('fields.costPrice')} rules={[decimal(UNIT_COST)]}>
              <Input inputMode="decimal" autoComplete="off" prefix="£" maxLength={17} />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="salePrice" label={t('fields.salePrice')} rules={[decimal(MONEY)]}>
              <Input inputMode="decimal" autoComplete="off" prefix="£" maxLength={15} />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="vatRate" label={t('fields.vatRate')} rules={[decimal(PERCENTAGE)]}>
              <AutoComplete options={VAT_RATES.map((r) => ({ value: r, label: t(`vatRates.${r}`) }))}>
                <Input inputMode="decimal" autoComplete="off" suffix="%" maxLength={6} />
              </AutoComplete>
            </Form.Item>
          </Col>
        </Row>
      </Section>

      <Section title={t('sections.barcodes')}>
        <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>{t('form.barcodesHelp')}</p>
        <BarcodesField form={form} />
      </Section>

      {kind === 'BUNDLE' ? (
        <Section title={t('sections.components')}>
          <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>{t('form.componentsHelp')}</p>
          <ComponentsField form={form} selfId={product?.id} known={known} onKnown={remember} />
        </Section>
      ) : null}

      <Section title={t('sections.dimensions')}>
        <Row gutter={token.margin}>
          <Col xs={24} sm={6}>
            <Form.Item name="weightKg" label={t('fields.weightKg')} rules={[decimal(WEIGHT, true)]}>
              <Input inputMode="decimal" autoComplete="off" suffix="kg" maxLength={10} />
            </Form.Item>
          </Col>
          {(['lengthCm', 'widthCm', 'heightCm'] as const).map((field) => (
            <Col xs={8} sm={6} key={field}>
              <Form.Item name={field} label={t(`fields.${field}`)} rules={[decimal(DIMENSION, true)]}>
                <Input inputMode="decimal" autoComplete="off" suffix="cm" maxLength={9} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Section>

      <Section title={t('sections.reordering')}>
        <Row gutter={token.margin}>
          <Col {...col}>
            <Form.Item
              name="reorderPoint"
              label={t('fields.reorderPoint')}
              extra={t('form.reorderPointHelp')}
              dependencies={['unit']}
              rules={[decimal({ ...QUANTITY, whole })]}
            >
              <Input inputMode="decimal" autoComplete="off" maxLength={17} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              name="reorderQuantity"
              label={t('fields.reorderQuantity')}
              dependencies={['unit', 'reorderPoint']}
              rules={[
                decimal({ ...QUANTITY, whole }),
                ({ getFieldValue }) => ({
                  validator: (_, raw: string | undefined) => {
                    const point = String(getFieldValue('reorderPoint') ?? '').trim();
                    const quantity = (raw ?? '').trim();
                    const needed = /[1-9]/.test(point) && !/[1-9]/.test(quantity);
                    return needed
                      ? Promise.reject(new Error(t('validation.reorderQuantityNeeded')))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <Input inputMode="decimal" autoComplete="off" maxLength={17} />
            </Form.Item>
          </Col>
        </Row>
      </Section>

      <Section title={t('sections.images')}>
        <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>{t('form.imagesHelp')}</p>
        <Form.Item name="images" noStyle>
          <ImagesField />
        </Form.Item>
      </Section>
    </Form>
  );
}

/** The server's refusals that belong to one field of the form. */
function fieldOfError(error: ApiError, values: ProductFormValues): (string | number)[] | undefined {
  switch (error.code) {
    case ProductErrorCode.PRODUCT_SKU_TAKEN:
      return ['sku'];
    case ProductErrorCode.PRODUCT_BRAND_UNKNOWN:
    case ProductErrorCode.PRODUCT_BRAND_INACTIVE:
      return ['brandId'];
    case ProductErrorCode.PRODUCT_BARCODE_TAKEN: {
      const taken = String(errorDetails(error).barcode ?? '');
      const index = values.barcodes.findIndex((b) => (b ?? '').trim().padStart(14, '0') === taken.padStart(14, '0'));
      return index >= 0 ? ['barcodes', index] : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Creates a product, or edits one (`productId` given), in a wide drawer (the whole width on a phone):
 * general, pricing and VAT, barcodes, bundle components, dimensions and weight, reordering, images.
 */
export function ProductFormDrawer({ productId, onClose }: { productId: string | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('products');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);
  const editing = productId !== null && productId !== 'new' ? productId : null;
  const loaded = useProduct(editing);
  const product = editing ? (loaded.data ?? null) : null;
  const open = productId !== null;

  const close = () => {
    setFailure(null);
    submission.reset();
    onClose();
  };

  const handleSubmit = async (
    values: ProductFormValues,
    form: ReturnType<typeof Form.useForm<ProductFormValues>>[0],
  ) => {
    setFailure(null);
    const body = inputOf(values);
    try {
      if (editing) await update.mutateAsync({ id: editing, body });
      else await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      notifySuccess(editing ? tc('form.saved') : tc('form.created'));
      close();
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      const field = error instanceof ApiError ? fieldOfError(error, values) : undefined;
      if (field) {
        form.setFields([{ name: field as never, errors: [text] }]);
        form.scrollToField(field as never);
        return;
      }
      const fields = serverFieldErrors(error);
      if (fields.length) form.setFields(fields as never);
      setFailure(text);
    }
  };

  const title = editing ? t('form.editTitle', { sku: product?.sku ?? '' }) : t('form.createTitle');
  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={title}
      formId={PRODUCT_FORM_ID}
      width={960}
      saving={create.isPending || update.isPending}
      failure={failure}
    >
      {!open ? null : editing && loaded.error ? (
        <ErrorState error={loaded.error} onRetry={() => void loaded.refetch()} />
      ) : editing && !product ? (
        <Spinner minHeight="40vh" />
      ) : (
        <ProductForm key={product?.id ?? 'new'} product={product} onSubmit={handleSubmit} />
      )}
    </FormDrawer>
  );
}
