import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ACCOUNT_LOCATIONS_MAX,
  accountKindOf,
  CARRIER_CODE_MAPPINGS_MAX,
  CHANNEL_ACCOUNT_TYPE_INFO,
  type ChannelAccountType,
  POLL_MINUTES_MAX,
  POLL_MINUTES_MIN,
  STOCK_DELIVERIES,
} from '@backoffice/contracts';
import { Button, Checkbox, Form, Input, InputNumber, Radio, Select, Tooltip, theme } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { type AccountFormValues, pollKindsOf, STOCK_BUFFER_MODES } from './account-form.ts';
import { WarehousesSelect } from './warehouses-select.tsx';

const SHORT_TEXT_MAX = 200;
const BUFFER_UNITS_MAX = 100_000;

/** A row of fields that wraps on a narrow screen. */
function FieldRow({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: token.margin, alignItems: 'flex-start' }}>
      {children}
    </div>
  );
}

/**
 * The account's settings, those its kind uses: a sales channel's warehouses, locations, carrier codes, stock buffer
 * and polling; a carrier's warehouses and tracking polling; and the operations the type supports.
 */
export function SettingsPanel({ type }: { type: ChannelAccountType }) {
  const { t } = useTranslation('channels');
  const { token } = theme.useToken();
  const isChannel = accountKindOf(type) === 'CHANNEL';
  const pollKinds = pollKindsOf(type);
  const whole = (min: number, max: number): Rule => ({
    type: 'integer',
    min,
    max,
    message: t('validation.whole', { min, max }),
  });
  return (
    <Panel title={t('form.settings')} style={{ marginBottom: token.margin }}>
      <FieldRow>
        <Form.Item
          name={['settings', 'warehouseIds']}
          label={t('form.warehouses')}
          extra={isChannel ? t('form.warehousesChannelHelp') : t('form.warehousesCarrierHelp')}
          style={{ flex: '1 1 320px', minWidth: 0 }}
        >
          <WarehousesSelect />
        </Form.Item>
        {isChannel ? (
          <Form.Item
            name={['settings', 'locations']}
            label={t('form.locations')}
            extra={t('form.locationsHelp')}
            rules={[
              {
                type: 'array',
                max: ACCOUNT_LOCATIONS_MAX,
                message: t('validation.locationsMax', { max: ACCOUNT_LOCATIONS_MAX }),
              },
            ]}
            style={{ flex: '1 1 320px', minWidth: 0 }}
          >
            <Select
              mode="tags"
              open={false}
              suffixIcon={null}
              tokenSeparators={[',']}
              placeholder={t('form.locationsPlaceholder')}
              data-testid="account-locations"
              style={{ width: '100%' }}
            />
          </Form.Item>
        ) : null}
      </FieldRow>

      {isChannel ? <CarrierCodes /> : null}

      {isChannel ? <StockBufferFields /> : null}

      {isChannel && CHANNEL_ACCOUNT_TYPE_INFO[type].operations.includes('STOCK') ? <StockDeliveryField /> : null}

      {pollKinds.length ? (
        <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <legend style={{ fontSize: 'inherit', fontWeight: 600, marginBottom: token.marginXXS, border: 0 }}>
            {t('form.pollMinutes')}
          </legend>
          <p style={{ margin: `0 0 ${token.marginXS}px`, color: token.colorTextSecondary }}>
            {t('form.pollHelp', { min: POLL_MINUTES_MIN, max: POLL_MINUTES_MAX })}
          </p>
          <FieldRow>
            {pollKinds.map((kind) => (
              <Form.Item
                key={kind}
                name={['settings', 'pollMinutes', kind]}
                label={t(`form.poll.${kind}`)}
                rules={[
                  { required: true, message: t('validation.whole', { min: POLL_MINUTES_MIN, max: POLL_MINUTES_MAX }) },
                  whole(POLL_MINUTES_MIN, POLL_MINUTES_MAX),
                ]}
                style={{ flex: '0 1 150px', minWidth: 120 }}
              >
                <InputNumber
                  min={POLL_MINUTES_MIN}
                  max={POLL_MINUTES_MAX}
                  precision={0}
                  suffix={t('form.minutes')}
                  style={{ width: '100%' }}
                  data-testid={`poll-${kind}`}
                />
              </Form.Item>
            ))}
          </FieldRow>
        </fieldset>
      ) : null}

      <Form.Item
        name={['settings', 'operations']}
        label={t('form.operations')}
        extra={t('form.operationsHelp')}
        style={{ marginBottom: 0 }}
      >
        <Checkbox.Group
          aria-label={t('form.operations')}
          style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS }}
          options={CHANNEL_ACCOUNT_TYPE_INFO[type].operations.map((value) => ({
            value,
            label: t(`operations.${value}`),
          }))}
          data-testid="account-operations"
        />
      </Form.Item>
    </Panel>
  );
}

/** None, N units or a percentage held back from the channel; the figure only when something is held back. */
function StockBufferFields() {
  const { t } = useTranslation('channels');
  const form = Form.useFormInstance<AccountFormValues>();
  const mode = Form.useWatch(['settings', 'stockBuffer', 'mode'], form) ?? 'NONE';
  const max = mode === 'PERCENT' ? 100 : BUFFER_UNITS_MAX;
  return (
    <FieldRow>
      <Form.Item
        name={['settings', 'stockBuffer', 'mode']}
        label={t('form.stockBuffer')}
        extra={t('form.stockBufferHelp')}
        style={{ flex: '0 1 auto', minWidth: 0 }}
      >
        <Radio.Group
          aria-label={t('form.stockBuffer')}
          style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4 }}
          options={STOCK_BUFFER_MODES.map((value) => ({ value, label: t(`form.stockBufferModes.${value}`) }))}
          data-testid="account-stock-buffer"
        />
      </Form.Item>
      {mode !== 'NONE' ? (
        <Form.Item
          name={['settings', 'stockBuffer', 'value']}
          label={mode === 'PERCENT' ? t('form.stockBufferPercent') : t('form.stockBufferUnits')}
          dependencies={[['settings', 'stockBuffer', 'mode']]}
          rules={[
            { required: true, message: t('validation.whole', { min: 0, max }) },
            { type: 'integer', min: 0, max, message: t('validation.whole', { min: 0, max }) },
          ]}
          style={{ flex: '0 1 180px', minWidth: 140 }}
        >
          <InputNumber
            min={0}
            max={max}
            precision={0}
            suffix={mode === 'PERCENT' ? '%' : undefined}
            style={{ width: '100%' }}
            data-testid="account-stock-buffer-value"
          />
        </Form.Item>
      ) : null}
    </FieldRow>
  );
}

/** Where the account's stock goes: the channel's API, or a stock file produced on the schedule for download. */
function StockDeliveryField() {
  const { t } = useTranslation('channels');
  return (
    <Form.Item name={['settings', 'stockDelivery']} label={t('form.stockDelivery')} extra={t('form.stockDeliveryHelp')}>
      <Radio.Group
        aria-label={t('form.stockDelivery')}
        style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4 }}
        options={STOCK_DELIVERIES.map((value) => ({ value, label: t(`form.stockDeliveries.${value}`) }))}
        data-testid="account-stock-delivery"
      />
    </Form.Item>
  );
}

/** Our carrier code → the channel's name for that carrier, one row each. */
function CarrierCodes() {
  const { t } = useTranslation('channels');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const canEdit = has('edit_api_configuration');
  const required: Rule = { required: true, whitespace: true, message: tc('form.required') };
  const max: Rule = { max: SHORT_TEXT_MAX, message: t('validation.maxLength', { max: SHORT_TEXT_MAX }) };
  return (
    <Form.List name={['settings', 'carrierCodes']}>
      {(fields, { add, remove }) => (
        <fieldset style={{ border: 0, margin: `0 0 ${token.margin}px`, padding: 0, minWidth: 0 }}>
          <legend style={{ fontSize: 'inherit', fontWeight: 600, marginBottom: token.marginXXS, border: 0 }}>
            {t('form.carrierCodes')}
          </legend>
          <p style={{ margin: `0 0 ${token.marginXS}px`, color: token.colorTextSecondary }}>
            {fields.length ? t('form.carrierCodesHelp') : t('form.noCarrierCodes')}
          </p>
          {fields.map((field, index) => (
            <fieldset
              key={field.key}
              aria-label={t('form.mappingRow', { index: index + 1 })}
              data-testid={`carrier-code-row-${index}`}
              style={{
                border: 0,
                margin: 0,
                padding: 0,
                minWidth: 0,
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'flex-start',
                columnGap: token.marginSM,
              }}
            >
              <Form.Item
                name={[field.name, 'carrierCode']}
                label={t('form.carrierCode')}
                normalize={(value: string) => value.toUpperCase()}
                rules={[required, max]}
                style={{ flex: '1 1 160px', minWidth: 0 }}
              >
                <Input autoComplete="off" spellCheck={false} maxLength={SHORT_TEXT_MAX} placeholder="RM" />
              </Form.Item>
              <Form.Item
                name={[field.name, 'channelCode']}
                label={t('form.channelCode')}
                rules={[required, max]}
                style={{ flex: '2 1 220px', minWidth: 0 }}
              >
                <Input
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={SHORT_TEXT_MAX}
                  placeholder={t('form.channelCodePlaceholder')}
                />
              </Form.Item>
              {canEdit ? (
                <Form.Item label=" " style={{ flex: '0 0 auto' }}>
                  <Tooltip title={t('form.removeMapping', { index: index + 1 })}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('form.removeMapping', { index: index + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </Tooltip>
                </Form.Item>
              ) : null}
            </fieldset>
          ))}
          {canEdit ? (
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= CARRIER_CODE_MAPPINGS_MAX}
              onClick={() => add({ carrierCode: '', channelCode: '' })}
              data-testid="add-carrier-code"
            >
              {t('form.addMapping')}
            </Button>
          ) : null}
        </fieldset>
      )}
    </Form.List>
  );
}
