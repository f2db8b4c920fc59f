import { Percentage, type PurchaseInvoiceTolerances } from '@backoffice/contracts';
import { Alert, Button, Col, Form, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { purchaseInvoicesEndpoints as api } from '../../../shared/api/endpoints/purchase-invoices.gen.ts';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { schemaRule } from './rules.ts';

interface Values {
  quantityPercent: string;
  pricePercent: string;
}

/** The fields the server named in a 400 VALIDATION_FAILED (`body.pricePercent` → pricePercent). */
function fieldIssues(error: unknown): { name: string; errors: string[] }[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  const issues = errorDetails(error).issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: { path?: unknown; message?: unknown }) => {
    const path = typeof issue.path === 'string' ? issue.path.replace(/^body\./, '').split('.')[0] : '';
    return path ? [{ name: path, errors: [String(issue.message ?? '')] }] : [];
  });
}

/**
 * Purchasing: the three-way match tolerances of supplier invoices (quantity and price, %), beyond which booking
 * an invoice needs a reason and the permission to approve differences. Saved on their own endpoint.
 */
export function PurchasingSection({ canEdit }: { canEdit: boolean }) {
  const tolerances = useEndpointQuery(api.purchaseInvoiceTolerances, {});
  if (tolerances.isPending) return <Spinner />;
  if (tolerances.isError) return <ErrorState error={tolerances.error} onRetry={() => void tolerances.refetch()} />;
  return <TolerancesForm initial={tolerances.data} canEdit={canEdit} />;
}

function TolerancesForm({ initial, canEdit }: { initial: Values; canEdit: boolean }) {
  const { t } = useTranslation('configuration');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useEndpointMutation(api.setPurchaseInvoiceTolerances, {
    input: (body: PurchaseInvoiceTolerances) => ({ body }),
  });

  const handleFinish = async (values: Values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        quantityPercent: values.quantityPercent.trim(),
        pricePercent: values.pricePercent.trim(),
      });
      form.setFieldsValue(saved);
      notifySuccess(tc('form.saved'));
    } catch (error) {
      const issues = fieldIssues(error);
      if (issues.length) form.setFields(issues as Parameters<typeof form.setFields>[0]);
      setFailure(errorText(error));
    }
  };

  const percentRules = [
    { required: true, whitespace: true, message: tc('form.required') },
    schemaRule(Percentage, t('validation.percentage')),
  ];
  return (
    <Form<Values>
      form={form}
      name="settings-purchasing"
      layout="vertical"
      disabled={!canEdit}
      initialValues={initial}
      onFinish={handleFinish}
      style={{ maxWidth: 880 }}
    >
      <Typography.Paragraph type="secondary">{t('purchasing.intro')}</Typography.Paragraph>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="quantityPercent"
            label={t('purchasing.quantityTolerance')}
            extra={t('purchasing.quantityToleranceHelp')}
            rules={percentRules}
          >
            <Input
              suffix="%"
              inputMode="decimal"
              autoComplete="off"
              maxLength={6}
              style={{ maxWidth: 200 }}
              data-testid="tolerance-quantity"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="pricePercent"
            label={t('purchasing.priceTolerance')}
            extra={t('purchasing.priceToleranceHelp')}
            rules={percentRules}
          >
            <Input
              suffix="%"
              inputMode="decimal"
              autoComplete="off"
              maxLength={6}
              style={{ maxWidth: 200 }}
              data-testid="tolerance-price"
            />
          </Form.Item>
        </Col>
      </Row>
      {canEdit ? (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-purchasing">
          {tc('actions.save')}
        </Button>
      ) : null}
    </Form>
  );
}
