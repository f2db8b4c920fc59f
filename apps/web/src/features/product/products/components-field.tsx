import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_COMPONENTS_PER_BUNDLE, type ProductLookupItem, type UnitOfMeasure } from '@backoffice/contracts';
import { Button, Form, type FormInstance, Input, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProductPicker } from '../../../lookups/product-picker.tsx';
import { type ComponentValue, decimalProblem, isWholeUnit, type ProductFormValues, QUANTITY } from './form-values.ts';

export interface KnownProduct {
  id: string;
  sku: string;
  name: string;
  unit: UnitOfMeasure;
}

/**
 * A bundle's components: each a stock item found by SKU, name or barcode, with a quantity above
 * zero (whole for products counted in units). A product is offered once; never the bundle itself.
 */
export function ComponentsField({
  form,
  selfId,
  known,
  onKnown,
}: {
  form: FormInstance<ProductFormValues>;
  selfId: string | undefined;
  known: ReadonlyMap<string, KnownProduct>;
  onKnown: (item: ProductLookupItem) => void;
}) {
  const { t } = useTranslation('products');
  const { token } = theme.useToken();
  const rows: ComponentValue[] = Form.useWatch('components', form) ?? [];
  const chosen = rows.map((r) => r?.productId).filter((id): id is string => !!id);
  const exclude = selfId ? [...chosen, selfId] : chosen;

  return (
    <Form.List
      name="components"
      rules={[
        {
          validator: (_, value: ComponentValue[] | undefined) =>
            (value ?? []).length > 0
              ? Promise.resolve()
              : Promise.reject(new Error(t('validation.bundleNeedsComponent'))),
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div data-testid="components-editor">
          {fields.map((field, index) => {
            const productId = rows[index]?.productId;
            const product = productId ? known.get(productId) : undefined;
            return (
              <div
                key={field.key}
                data-testid={`component-${index}`}
                style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: token.marginXS }}
              >
                <Form.Item
                  name={[field.name, 'productId']}
                  style={{ flex: '3 1 240px', minWidth: 0, marginBottom: token.marginSM }}
                  rules={[{ required: true, message: t('validation.componentNeeded') }]}
                >
                  <ProductPicker
                    kind="STOCK"
                    exclude={exclude}
                    {...(product ? { known: product } : {})}
                    onPicked={onKnown}
                    ariaLabel={t('form.componentN', { n: index + 1 })}
                    testId={`component-picker-${index}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'quantity']}
                  style={{ flex: '1 1 110px', marginBottom: token.marginSM }}
                  validateTrigger={['onChange', 'onBlur']}
                  rules={[
                    {
                      validator: (_, raw: string | undefined) => {
                        const problem = decimalProblem(raw ?? '', {
                          ...QUANTITY,
                          positive: true,
                          whole: isWholeUnit(product?.unit),
                        });
                        return problem
                          ? Promise.reject(new Error(t(`validation.quantity.${problem}`, { places: QUANTITY.scale })))
                          : Promise.resolve();
                      },
                    },
                  ]}
                >
                  <Input
                    inputMode="decimal"
                    autoComplete="off"
                    aria-label={t('form.quantityN', { n: index + 1 })}
                    data-testid={`component-quantity-${index}`}
                    suffix={product ? t(`unitShort.${product.unit}`) : undefined}
                    maxLength={17}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('form.removeComponent', { n: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ quantity: '1' })}
            disabled={fields.length >= MAX_COMPONENTS_PER_BUNDLE}
            data-testid="add-component"
            style={{ marginTop: token.marginXS }}
          >
            {t('form.addComponent')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
