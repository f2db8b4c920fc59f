import { CheckCircleFilled, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  barcodeKind,
  barcodeProblem,
  expectedCheckDigit,
  MAX_BARCODES_PER_PRODUCT,
  toGtin14,
} from '@backoffice/contracts';
import { Button, Form, type FormInstance, Input, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProductFormValues } from './form-values.ts';

/**
 * The barcodes editor: one field per barcode with live feedback as digits are typed (kind once the
 * number is valid, the expected check digit when the last digit does not match), duplicates refused
 * as the API refuses them (same GTIN-14).
 */
export function BarcodesField({ form }: { form: FormInstance<ProductFormValues> }) {
  const { t } = useTranslation('products');
  const { token } = theme.useToken();
  const values = Form.useWatch('barcodes', form) ?? [];

  const problemText = (value: string, others: readonly string[]): string | undefined => {
    const problem = barcodeProblem(value);
    if (problem === 'checkDigit') return t('barcodeProblem.checkDigit', { digit: expectedCheckDigit(value) });
    if (problem) return t(`barcodeProblem.${problem}`);
    if (others.some((o) => !barcodeProblem(o) && toGtin14(o) === toGtin14(value))) return t('barcodeProblem.duplicate');
    return undefined;
  };

  return (
    <Form.List name="barcodes">
      {(fields, { add, remove }) => (
        <div data-testid="barcodes-editor">
          {fields.length === 0 ? (
            <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>{t('form.noBarcodes')}</p>
          ) : null}
          {fields.map((field, index) => {
            const value = (values[index] ?? '').trim();
            const kind = value && !barcodeProblem(value) ? barcodeKind(value) : undefined;
            return (
              <div key={field.key} style={{ display: 'flex', alignItems: 'flex-start', gap: token.marginXS }}>
                <Form.Item
                  name={field.name}
                  validateTrigger={['onChange', 'onBlur']}
                  style={{ flex: 1, minWidth: 0, marginBottom: token.marginSM }}
                  rules={[
                    {
                      validator: (_, raw: string | undefined) => {
                        const text = (raw ?? '').trim();
                        const all: string[] = (form.getFieldValue('barcodes') ?? []).map((b: string | undefined) =>
                          (b ?? '').trim(),
                        );
                        const message = problemText(
                          text,
                          all.filter((_b, i) => i < index),
                        );
                        return message ? Promise.reject(new Error(message)) : Promise.resolve();
                      },
                    },
                  ]}
                  extra={
                    kind ? (
                      <span data-testid="barcode-kind" style={{ color: token.colorSuccess }}>
                        <CheckCircleFilled /> {t(`barcodeKinds.${kind}`)}
                      </span>
                    ) : undefined
                  }
                >
                  <Input
                    aria-label={t('form.barcodeN', { n: index + 1 })}
                    data-testid={`barcode-${index}`}
                    inputMode="numeric"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={14}
                    dir="ltr"
                    suffix={kind ? <Tag style={{ marginInlineEnd: 0 }}>{value.length}</Tag> : <span />}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('form.removeBarcode', { n: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              </div>
            );
          })}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add('')}
            disabled={fields.length >= MAX_BARCODES_PER_PRODUCT}
            data-testid="add-barcode"
          >
            {t('form.addBarcode')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
