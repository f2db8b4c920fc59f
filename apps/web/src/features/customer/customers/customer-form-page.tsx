import {
  CUSTOMER_ADDRESS_KINDS,
  type Customer,
  CustomerErrorCode,
  type CustomerInput,
  NAME_MAX_LENGTH,
  PARTNER_LIMITS,
} from '@backoffice/contracts';
import { Col, Form, type FormInstance, Input, Row, Switch, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import {
  type AddressFormValues,
  AddressListField,
  FormPage,
  optional,
  showServerIssues,
  usePartnerRules,
} from '../../partners-shared/index.ts';
import { useCreateCustomer, useCustomer, useUpdateCustomer } from './api.ts';
import { type ChannelIdFormValues, ChannelIdListField } from './channel-id-list-field.tsx';
import { CustomerNoAccess, useCanViewCustomers } from './customer-access.tsx';
import { CUSTOMERS_PATH } from './customer-list-page.tsx';

const FORM_ID = 'customer-form';

interface Values {
  name: string;
  email?: string | null;
  phone?: string | null;
  active: boolean;
  notes?: string | null;
  addresses?: AddressFormValues[];
  channelIds?: ChannelIdFormValues[];
}

function initialValues(customer: Customer | undefined): Values {
  if (!customer) return { name: '', email: '', phone: '', active: true, notes: '', addresses: [], channelIds: [] };
  return { ...customer, addresses: customer.addresses.map(({ id: _, ...a }) => a) };
}

function toBody(v: Values): CustomerInput {
  return {
    name: v.name.trim(),
    email: optional(v.email),
    phone: optional(v.phone),
    active: v.active,
    notes: optional(v.notes),
    addresses: (v.addresses ?? []).map((a) => ({
      kind: a.kind === 'billing' ? 'billing' : 'shipping',
      line1: a.line1.trim(),
      line2: optional(a.line2),
      city: a.city.trim(),
      county: optional(a.county),
      postcode: optional(a.postcode),
      country: a.country,
      isDefault: a.isDefault,
    })),
    channelIds: (v.channelIds ?? []).map((c) => ({ channel: c.channel, externalId: c.externalId.trim() })),
  };
}

/** The fields of a customer: general details, channel ids and addresses. */
function CustomerForm({
  form,
  customer,
  onSubmit,
}: {
  form: FormInstance<Values>;
  customer: Customer | undefined;
  onSubmit: (values: Values) => Promise<void>;
}) {
  const { t } = useTranslation('partners');
  const { token } = theme.useToken();
  const rules = usePartnerRules();
  const half = { xs: 24, md: 12 };
  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={initialValues(customer)}
      onFinish={onSubmit}
      scrollToFirstError
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: token.margin }}>
        <Panel title={t('sections.general')}>
          <Row gutter={token.margin}>
            <Col {...half}>
              <Form.Item name="name" label={t('fields.name')} rules={[rules.required, rules.max(NAME_MAX_LENGTH)]}>
                <Input autoFocus autoComplete="off" maxLength={NAME_MAX_LENGTH} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="email"
                label={t('fields.email')}
                extra={t('customers.emailHelp')}
                rules={[rules.max(PARTNER_LIMITS.email), rules.email]}
              >
                <Input type="email" autoComplete="off" maxLength={PARTNER_LIMITS.email} spellCheck={false} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="phone" label={t('fields.phone')} rules={[rules.max(PARTNER_LIMITS.phone), rules.phone]}>
                <Input type="tel" autoComplete="off" maxLength={PARTNER_LIMITS.phone} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="active" label={t('fields.active')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="notes" label={t('fields.notes')} rules={[rules.max(PARTNER_LIMITS.notes)]}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={PARTNER_LIMITS.notes} showCount />
              </Form.Item>
            </Col>
          </Row>
        </Panel>
        <Panel title={t('sections.channelIds')}>
          <p style={{ marginTop: 0, color: token.colorTextSecondary }}>{t('customers.channelIdsHelp')}</p>
          <ChannelIdListField />
        </Panel>
        <Panel title={t('sections.addresses')}>
          <AddressListField kinds={CUSTOMER_ADDRESS_KINDS} />
        </Panel>
      </div>
    </Form>
  );
}

/** Creates a customer (no id in the address) or edits one, on a full page. */
export function CustomerFormPage() {
  const canView = useCanViewCustomers();
  const { id } = useParams();
  const { t } = useTranslation('partners');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const existing = useCustomer(id, canView);
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();

  // Editing starts from the stored customer, which needs view_customer.
  if (id && !canView) return <CustomerNoAccess />;
  if (id && existing.isPending) return <Spinner />;
  if (id && existing.error) return <ErrorState error={existing.error} onRetry={() => void existing.refetch()} />;
  const customer = existing.data;

  const handleSubmit = async (values: Values) => {
    setFailure(null);
    const body = toBody(values);
    try {
      const saved = customer
        ? await update.mutateAsync({ id: customer.id, body })
        : await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      notifySuccess(customer ? t('saved') : t('created'));
      navigate(canView ? `${CUSTOMERS_PATH}/${saved.id}` : CUSTOMERS_PATH);
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      // A channel id another customer holds belongs to its field.
      if (error instanceof ApiError && error.code === CustomerErrorCode.CUSTOMER_CHANNEL_ID_TAKEN) {
        const { channel, externalId } = errorDetails(error);
        const index = (body.channelIds ?? []).findIndex((c) => c.channel === channel && c.externalId === externalId);
        if (index >= 0) {
          form.setFields([{ name: ['channelIds', index, 'externalId'], errors: [text] }]);
          form.scrollToField(['channelIds', index, 'externalId']);
          return;
        }
      }
      showServerIssues(form, error);
      setFailure(text);
    }
  };

  return (
    <FormPage
      heading={customer ? t('customers.editTitle', { name: customer.name }) : t('customers.createTitle')}
      formId={FORM_ID}
      saving={create.isPending || update.isPending}
      failure={failure}
      onCancel={() => navigate(customer ? `${CUSTOMERS_PATH}/${customer.id}` : CUSTOMERS_PATH)}
    >
      <CustomerForm
        key={customer ? `${customer.id}-${customer.updatedAt}` : 'new'}
        form={form}
        customer={customer}
        onSubmit={handleSubmit}
      />
    </FormPage>
  );
}
