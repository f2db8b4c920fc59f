import {
  CURRENCY_CODES,
  type CurrencyCode,
  FINANCE_SETTING_FIELDS,
  type FinanceSettingsPatch,
  type SystemConfiguration,
} from '@backoffice/contracts';
import { Alert, Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { schemaRule } from './rules.ts';
import { SectionForm } from './section-form.tsx';

interface Values {
  baseCurrency: CurrencyCode;
  defaultVatRate: string;
  defaultPaymentTermsDays: number;
  periodLockDate: Dayjs | null;
}

const valuesOf = (c: SystemConfiguration): Values => ({
  baseCurrency: c.finance.baseCurrency,
  defaultVatRate: c.finance.defaultVatRate,
  defaultPaymentTermsDays: c.finance.defaultPaymentTermsDays,
  periodLockDate: c.finance.periodLockDate ? dayjs(c.finance.periodLockDate) : null,
});
const toPatch = (v: Values): FinanceSettingsPatch => ({
  baseCurrency: v.baseCurrency,
  defaultVatRate: v.defaultVatRate.trim(),
  defaultPaymentTermsDays: v.defaultPaymentTermsDays,
  periodLockDate: v.periodLockDate ? v.periodLockDate.format('YYYY-MM-DD') : null,
});

/** Money: base currency (fixed once documents exist), default VAT rate, payment terms and the period lock date. */
export function FinanceSection({ configuration, canEdit }: { configuration: SystemConfiguration; canEdit: boolean }) {
  const { t } = useTranslation('configuration');
  const { t: tc } = useTranslation();
  const locked = configuration.status.baseCurrencyLocked;
  const today = dayjs(configuration.status.today);
  return (
    <SectionForm group="finance" configuration={configuration} valuesOf={valuesOf} toPatch={toPatch} canEdit={canEdit}>
      {() => (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="baseCurrency"
              label={t('finance.baseCurrency')}
              extra={locked ? undefined : t('finance.baseCurrencyHelp')}
            >
              <Select
                disabled={locked || !canEdit}
                options={CURRENCY_CODES.map((code) => ({ value: code, label: code }))}
                style={{ maxWidth: 200 }}
              />
            </Form.Item>
            {locked ? (
              <Alert type="info" showIcon title={t('finance.baseCurrencyLocked')} style={{ marginBottom: 24 }} />
            ) : null}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="defaultVatRate"
              label={t('finance.defaultVatRate')}
              rules={[
                { required: true, whitespace: true, message: tc('form.required') },
                schemaRule(FINANCE_SETTING_FIELDS.defaultVatRate, t('validation.percentage')),
              ]}
            >
              <Input suffix="%" inputMode="decimal" autoComplete="off" maxLength={6} style={{ maxWidth: 200 }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="defaultPaymentTermsDays"
              label={t('finance.defaultPaymentTermsDays')}
              extra={t('finance.defaultPaymentTermsDaysHelp')}
              rules={[{ required: true, message: tc('form.required') }]}
            >
              <InputNumber min={0} max={365} precision={0} suffix={t('finance.days')} style={{ maxWidth: 200 }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="periodLockDate"
              label={t('finance.periodLockDate')}
              extra={t('finance.periodLockDateHelp')}
            >
              <DatePicker
                format="YYYY-MM-DD"
                allowClear
                disabledDate={(day) => day.isAfter(today, 'day')}
                placeholder={t('finance.noLock')}
                data-testid="period-lock-date"
              />
            </Form.Item>
          </Col>
        </Row>
      )}
    </SectionForm>
  );
}
