import {
  type BusinessPartner,
  BusinessPartnerErrorCode,
  type BusinessPartnerInput,
  CODE_MAX_LENGTH,
  CODE_PATTERN,
  CURRENCY_CODES,
  type CurrencyCode,
  compareDecimalText,
  INTEREST_TYPES,
  type InterestType,
  NAME_MAX_LENGTH,
  PARTNER_ADDRESS_KINDS,
  PARTNER_LIMITS,
  PAYMENT_TERMS_MAX_DAYS,
} from '@backoffice/contracts';
import { Col, Form, type FormInstance, Input, InputNumber, Row, Select, Switch, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/lib/errors.ts';
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
import { useBusinessPartner, useCreateBusinessPartner, useUpdateBusinessPartner } from './api.ts';
import { PEOPLE_PATH } from './business-partner-list-page.tsx';
import { type ContactFormValues, ContactListField } from './contact-list-field.tsx';

const FORM_ID = 'business-partner-form';
/** A percentage as the contracts take it: up to 3 digits and 2 places. */
const RATE_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

interface Values {
  code: string;
  name: string;
  vatNumber?: string | null;
  defaultCurrency: CurrencyCode;
  paymentTermsDays: number | null;
  lateInterestRate?: string | null;
  lateInterestType?: InterestType | null;
  isConsignment: boolean;
  active: boolean;
  notes?: string | null;
  contacts?: ContactFormValues[];
  addresses?: AddressFormValues[];
}

function initialValues(partner: BusinessPartner | undefined): Values {
  if (!partner)
    return {
      code: '',
      name: '',
      vatNumber: '',
      defaultCurrency: 'GBP',
      paymentTermsDays: 30,
      lateInterestRate: '',
      lateInterestType: null,
      isConsignment: false,
      active: true,
      notes: '',
      contacts: [],
      addresses: [],
    };
  return {
    ...partner,
    contacts: partner.contacts.map(({ id: _, ...c }) => c),
    addresses: partner.addresses.map(({ id: _, ...a }) => a),
  };
}

function toBody(v: Values): BusinessPartnerInput {
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    vatNumber: optional(v.vatNumber),
    defaultCurrency: v.defaultCurrency,
    paymentTermsDays: v.paymentTermsDays ?? 0,
    lateInterestRate: optional(v.lateInterestRate),
    lateInterestType: v.lateInterestType ?? null,
    isConsignment: v.isConsignment,
    active: v.active,
    notes: optional(v.notes),
    contacts: (v.contacts ?? []).map((c) => ({
      name: c.name.trim(),
      role: optional(c.role),
      email: optional(c.email),
      phone: optional(c.phone),
      isPrimary: c.isPrimary,
    })),
    addresses: (v.addresses ?? []).map((a) => ({
      kind: a.kind,
      line1: a.line1.trim(),
      line2: optional(a.line2),
      city: a.city.trim(),
      county: optional(a.county),
      postcode: optional(a.postcode),
      country: a.country,
      isDefault: a.isDefault,
    })),
  };
}

/** The fields of a business partner in four sections: general, terms, contacts and addresses. */
function BusinessPartnerForm({
  form,
  partner,
  onSubmit,
}: {
  form: FormInstance<Values>;
  partner: BusinessPartner | undefined;
  onSubmit: (values: Values) => Promise<void>;
}) {
  const { t } = useTranslation('partners');
  const { token } = theme.useToken();
  const rules = usePartnerRules();
  const full = { xs: 24 };
  const half = { xs: 24, md: 12 };

  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={initialValues(partner)}
      onFinish={onSubmit}
      scrollToFirstError
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: token.margin }}>
        <Panel title={t('sections.general')}>
          <Row gutter={token.margin}>
            <Col {...half}>
              <Form.Item
                name="code"
                label={t('fields.code')}
                extra={t('codeHelp')}
                normalize={(value: string) => value.toUpperCase()}
                rules={[
                  rules.required,
                  rules.max(CODE_MAX_LENGTH),
                  { pattern: CODE_PATTERN, message: t('validation.codePattern') },
                ]}
              >
                <Input autoFocus autoComplete="off" maxLength={CODE_MAX_LENGTH} spellCheck={false} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="name" label={t('fields.name')} rules={[rules.required, rules.max(NAME_MAX_LENGTH)]}>
                <Input autoComplete="off" maxLength={NAME_MAX_LENGTH} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="vatNumber"
                label={t('fields.vatNumber')}
                extra={t('businessPartners.vatHelp')}
                normalize={(value: string) => value.toUpperCase()}
                rules={[rules.max(PARTNER_LIMITS.vatNumber), rules.vatNumber]}
              >
                <Input autoComplete="off" maxLength={PARTNER_LIMITS.vatNumber} spellCheck={false} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="isConsignment"
                label={t('fields.isConsignment')}
                valuePropName="checked"
                tooltip={t('businessPartners.consignmentHelp')}
              >
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="active" label={t('fields.active')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col {...full}>
              <Form.Item name="notes" label={t('fields.notes')} rules={[rules.max(PARTNER_LIMITS.notes)]}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={PARTNER_LIMITS.notes} showCount />
              </Form.Item>
            </Col>
          </Row>
        </Panel>

        <Panel title={t('sections.terms')}>
          <Row gutter={token.margin}>
            <Col {...half}>
              <Form.Item name="defaultCurrency" label={t('fields.currency')} rules={[{ required: true }]}>
                <Select options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="paymentTermsDays"
                label={t('fields.paymentTerms')}
                rules={[
                  { required: true, message: t('validation.paymentTerms') },
                  { type: 'integer', min: 0, max: PAYMENT_TERMS_MAX_DAYS, message: t('validation.paymentTerms') },
                ]}
              >
                <InputNumber min={0} max={PAYMENT_TERMS_MAX_DAYS} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...full}>
              <p style={{ marginTop: 0, color: token.colorTextSecondary }}>{t('businessPartners.interestHelp')}</p>
            </Col>
            <Col {...half}>
              <Form.Item
                name="lateInterestRate"
                label={t('fields.lateInterestRate')}
                dependencies={['lateInterestType']}
                rules={[
                  {
                    validator: async (_rule, value: unknown) => {
                      const rate = typeof value === 'string' ? value.trim() : '';
                      if (!rate) {
                        if (form.getFieldValue('lateInterestType')) throw new Error(t('validation.interestRateNeeded'));
                        return;
                      }
                      if (!RATE_PATTERN.test(rate) || !/[1-9]/.test(rate) || compareDecimalText(rate, '100') > 0)
                        throw new Error(t('validation.interestRate'));
                    },
                  },
                ]}
              >
                <Input inputMode="decimal" autoComplete="off" suffix="%" maxLength={6} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="lateInterestType"
                label={t('fields.lateInterestType')}
                dependencies={['lateInterestRate']}
                rules={[
                  {
                    validator: async (_rule, value: unknown) => {
                      const rate = String(form.getFieldValue('lateInterestRate') ?? '').trim();
                      if (rate && !value) throw new Error(t('validation.interestTypeNeeded'));
                    },
                  },
                ]}
              >
                <Select
                  allowClear
                  placeholder={t('businessPartners.noInterest')}
                  options={INTEREST_TYPES.map((type) => ({ value: type, label: t(`interestTypes.${type}`) }))}
                />
              </Form.Item>
            </Col>
          </Row>
        </Panel>

        <Panel title={t('sections.contacts')}>
          <ContactListField />
        </Panel>

        <Panel title={t('sections.addresses')}>
          <AddressListField kinds={PARTNER_ADDRESS_KINDS} />
        </Panel>
      </div>
    </Form>
  );
}

/** Creates a business partner (no id in the address) or edits one: a full page, as it has lines. */
export function BusinessPartnerFormPage() {
  const { id } = useParams();
  const { t } = useTranslation('partners');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const existing = useBusinessPartner(id);
  const create = useCreateBusinessPartner();
  const update = useUpdateBusinessPartner();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();

  if (id && existing.isPending) return <Spinner />;
  if (id && existing.error) return <ErrorState error={existing.error} onRetry={() => void existing.refetch()} />;
  const partner = existing.data;

  const handleSubmit = async (values: Values) => {
    setFailure(null);
    const body = toBody(values);
    try {
      const saved = partner
        ? await update.mutateAsync({ id: partner.id, body })
        : await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      notifySuccess(partner ? t('saved') : t('created'));
      navigate(`${PEOPLE_PATH}/${saved.id}`);
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      // A taken code belongs to its field; other refusals show above the form (and on their fields).
      if (error instanceof ApiError && error.code === BusinessPartnerErrorCode.BUSINESS_PARTNER_CODE_TAKEN) {
        form.setFields([{ name: 'code', errors: [text] }]);
        form.scrollToField('code');
        return;
      }
      showServerIssues(form, error);
      setFailure(text);
    }
  };

  return (
    <FormPage
      heading={partner ? t('businessPartners.editTitle', { name: partner.name }) : t('businessPartners.createTitle')}
      formId={FORM_ID}
      saving={create.isPending || update.isPending}
      failure={failure}
      onCancel={() => navigate(partner ? `${PEOPLE_PATH}/${partner.id}` : PEOPLE_PATH)}
    >
      <BusinessPartnerForm
        key={partner ? `${partner.id}-${partner.updatedAt}` : 'new'}
        form={form}
        partner={partner}
        onSubmit={handleSubmit}
      />
    </FormPage>
  );
}
