import {
  ADDRESS_LINE_MAX_LENGTH,
  addressPostcodeProblem,
  CITY_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_SETTING_FIELDS,
  type CompanySettings,
  POSTCODE_MAX_LENGTH,
  type SystemConfiguration,
} from '@backoffice/contracts';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../lookups/country-select.tsx';
import { maxRule, schemaRule } from './rules.ts';
import { SectionForm } from './section-form.tsx';

const valuesOf = (c: SystemConfiguration): CompanySettings => ({ ...c.company });
const trimmed = (v: CompanySettings): CompanySettings =>
  Object.fromEntries(
    Object.entries(v).map(([k, value]) => [k, typeof value === 'string' ? value.trim() : value]),
  ) as CompanySettings;

/** Company details: name, address, VAT and company numbers, e-mail and phone. */
export function CompanySection({ configuration, canEdit }: { configuration: SystemConfiguration; canEdit: boolean }) {
  const { t } = useTranslation('configuration');
  const { t: tc } = useTranslation();
  const max = (n: number) => maxRule(n, t('validation.maxLength', { max: n }));
  const F = COMPANY_SETTING_FIELDS;
  return (
    <SectionForm group="company" configuration={configuration} valuesOf={valuesOf} toPatch={trimmed} canEdit={canEdit}>
      {() => (
        <>
          <Form.Item
            name="name"
            label={t('company.name')}
            rules={[{ required: true, whitespace: true, message: tc('form.required') }, max(COMPANY_NAME_MAX_LENGTH)]}
          >
            <Input autoComplete="organization" maxLength={COMPANY_NAME_MAX_LENGTH} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="addressLine1" label={t('company.addressLine1')} rules={[max(ADDRESS_LINE_MAX_LENGTH)]}>
                <Input autoComplete="address-line1" maxLength={ADDRESS_LINE_MAX_LENGTH} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="addressLine2" label={t('company.addressLine2')} rules={[max(ADDRESS_LINE_MAX_LENGTH)]}>
                <Input autoComplete="address-line2" maxLength={ADDRESS_LINE_MAX_LENGTH} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="city" label={t('company.city')} rules={[max(CITY_MAX_LENGTH)]}>
                <Input autoComplete="address-level2" maxLength={CITY_MAX_LENGTH} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="postcode"
                label={t('company.postcode')}
                dependencies={['country']}
                rules={[
                  max(POSTCODE_MAX_LENGTH),
                  ({ getFieldValue }) => ({
                    validator: (_, value: string | undefined) =>
                      value?.trim() && addressPostcodeProblem(value, getFieldValue('country'))
                        ? Promise.reject(new Error(t('validation.postcode')))
                        : Promise.resolve(),
                  }),
                ]}
              >
                <Input autoComplete="postal-code" maxLength={POSTCODE_MAX_LENGTH} />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="country" label={t('company.country')}>
                <CountrySelect disabled={!canEdit} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="vatNumber"
                label={t('company.vatNumber')}
                extra={t('company.vatNumberHelp')}
                rules={[schemaRule(F.vatNumber, t('validation.vatNumber'))]}
              >
                <Input autoComplete="off" maxLength={20} spellCheck={false} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="companyNumber"
                label={t('company.companyNumber')}
                extra={t('company.companyNumberHelp')}
                rules={[schemaRule(F.companyNumber, t('validation.companyNumber'))]}
              >
                <Input autoComplete="off" maxLength={10} spellCheck={false} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="email" label={t('company.email')} rules={[schemaRule(F.email, t('validation.email'))]}>
                <Input type="email" autoComplete="email" maxLength={254} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="phone" label={t('company.phone')} rules={[schemaRule(F.phone, t('validation.phone'))]}>
                <Input type="tel" autoComplete="tel" maxLength={32} />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </SectionForm>
  );
}
