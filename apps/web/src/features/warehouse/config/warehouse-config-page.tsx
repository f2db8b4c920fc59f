import { ArrowRightOutlined } from '@ant-design/icons';
import {
  Percentage,
  PICKING_ORDERS,
  type PickingOrder,
  type WarehouseConfig,
  type WarehouseConfigInput,
  WarehouseErrorCode,
} from '@backoffice/contracts';
import { Alert, Button, Col, Form, Input, Radio, Row, Space, Switch, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LocationSelect } from '../../../lookups/location-select.tsx';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { useUpdateWarehouseConfig, useWarehouseConfig } from '../warehouses/api.ts';

interface Values {
  allowNegativeStock: boolean;
  defaultReceivingLocationId: string | null;
  defaultReturnsLocationId: string | null;
  overReceiptTolerance: string;
  pickingOrder: PickingOrder;
}

const FORM_ID = 'warehouse-config-form';

/** The form of one warehouse's configuration; read-only without edit_warehouse. */
function ConfigForm({ config, canEdit }: { config: WarehouseConfig; canEdit: boolean }) {
  const { t } = useTranslation('warehouses');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const errorText = useErrorText();
  const save = useUpdateWarehouseConfig();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const receivingBin = Form.useWatch('defaultReceivingLocationId', form);

  const handleFinish = async (values: Values) => {
    setFailure(null);
    const body: WarehouseConfigInput = {
      allowNegativeStock: values.allowNegativeStock,
      defaultReceivingLocationId: values.defaultReceivingLocationId ?? null,
      defaultReturnsLocationId: values.defaultReturnsLocationId ?? null,
      overReceiptTolerance: values.overReceiptTolerance.trim(),
      pickingOrder: values.pickingOrder,
    };
    try {
      await save.mutateAsync({ id: config.warehouseId, body });
      notifySuccess(tc('form.saved'));
    } catch (error) {
      const text = errorText(error);
      const field = error instanceof ApiError ? errorDetails(error).field : undefined;
      const isLocationError =
        error instanceof ApiError &&
        (error.code === WarehouseErrorCode.LOCATION_INACTIVE ||
          error.code === WarehouseErrorCode.LOCATION_NOT_IN_WAREHOUSE);
      if (text && isLocationError && typeof field === 'string')
        form.setFields([{ name: field as keyof Values, errors: [text] }]);
      else setFailure(text);
    }
  };

  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      disabled={!canEdit}
      onFinish={handleFinish}
      initialValues={{
        allowNegativeStock: config.allowNegativeStock,
        defaultReceivingLocationId: config.defaultReceivingLocation?.id ?? null,
        defaultReturnsLocationId: config.defaultReturnsLocation?.id ?? null,
        overReceiptTolerance: config.overReceiptTolerance,
        pickingOrder: config.pickingOrder,
      }}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: token.margin }} /> : null}
      {/* Checked against the form's value (initial value until it is watched), so clearing the bin warns at once. */}
      {(receivingBin === undefined ? config.defaultReceivingLocation : receivingBin) ? null : (
        <Alert
          type="warning"
          showIcon
          data-testid="no-receiving-bin"
          title={t('config.noReceivingBin')}
          style={{ marginBottom: token.margin }}
        />
      )}
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item
            name="defaultReceivingLocationId"
            label={t('config.fields.defaultReceivingLocation')}
            extra={t('config.help.defaultReceivingLocation')}
          >
            <LocationSelect
              warehouseId={config.warehouseId}
              current={config.defaultReceivingLocation}
              disabled={!canEdit}
              testId="receiving-location"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="defaultReturnsLocationId"
            label={t('config.fields.defaultReturnsLocation')}
            extra={t('config.help.defaultReturnsLocation')}
          >
            <LocationSelect
              warehouseId={config.warehouseId}
              current={config.defaultReturnsLocation}
              disabled={!canEdit}
              testId="returns-location"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="overReceiptTolerance"
            label={t('config.fields.overReceiptTolerance')}
            extra={t('config.help.overReceiptTolerance')}
            rules={[
              { required: true, whitespace: true, message: tc('form.required') },
              {
                validator: (_, value: string | undefined) =>
                  !value || Percentage.safeParse(value).success
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.percentage'))),
              },
            ]}
          >
            <Input suffix="%" inputMode="decimal" autoComplete="off" maxLength={6} style={{ maxWidth: 200 }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="allowNegativeStock"
            label={t('config.fields.allowNegativeStock')}
            extra={t('config.help.allowNegativeStock')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="pickingOrder" label={t('config.fields.pickingOrder')}>
        <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: token.marginSM }}>
          {PICKING_ORDERS.map((order) => (
            <Radio key={order} value={order}>
              <span style={{ fontWeight: 500 }}>{t(`pickingOrders.${order}.label`)}</span>
              <div style={{ color: token.colorTextSecondary }}>{t(`pickingOrders.${order}.description`)}</div>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {canEdit ? (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-config">
          {tc('actions.save')}
        </Button>
      ) : null}
    </Form>
  );
}

/** Advanced configuration of one warehouse at a time, chosen at the top (kept in the URL). */
export function WarehouseConfigPage() {
  const { t } = useTranslation('warehouses');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const [params, setParams] = useSearchParams();
  const warehouseId = params.get('warehouse') ?? undefined;
  const config = useWarehouseConfig(warehouseId);
  const canEdit = has('edit_warehouse');

  const choose = (id: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (id) next.set('warehouse', id);
      else next.delete('warehouse');
      return next;
    });

  return (
    <>
      <PageHeader />
      <Space orientation="vertical" size={token.margin} style={{ width: '100%' }}>
        <Panel>
          <label htmlFor="config-warehouse" style={{ display: 'block', fontWeight: 600, marginBottom: token.marginXS }}>
            {t('config.chooseWarehouse')}
          </label>
          <WarehouseSelect
            id="config-warehouse"
            testId="config-warehouse"
            value={warehouseId ?? null}
            onChange={choose}
            style={{ maxWidth: 480 }}
          />
        </Panel>
        {!warehouseId ? (
          <Alert type="info" showIcon title={t('config.nothingChosen')} />
        ) : config.isPending ? (
          <Spinner minHeight={200} />
        ) : config.isError ? (
          <ErrorState error={config.error} onRetry={() => void config.refetch()} />
        ) : (
          <Panel
            title={
              <>
                <bdi>{config.data.warehouseCode}</bdi> · <bdi>{config.data.warehouseName}</bdi>
              </>
            }
            extra={
              <Link to={`/warehouse/warehouse/${config.data.warehouseId}`} style={{ fontWeight: 'normal' }}>
                {t('config.manageLocations')} <ArrowRightOutlined aria-hidden />
              </Link>
            }
          >
            {canEdit ? null : (
              <Alert type="info" showIcon title={t('config.readOnly')} style={{ marginBottom: token.margin }} />
            )}
            <ConfigForm
              key={`${config.data.warehouseId}:${config.data.updatedAt}`}
              config={config.data}
              canEdit={canEdit}
            />
          </Panel>
        )}
      </Space>
    </>
  );
}
