import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CARRIER_INTEGRATIONS,
  CARRIER_SERVICES_MAX,
  type Carrier,
  CarrierErrorCode,
  type CarrierInput,
  type CarrierIntegration,
  CODE_MAX_LENGTH,
  CODE_PATTERN,
  DELIVERY_DAYS_MAX,
  NAME_MAX_LENGTH,
  TRACKING_PLACEHOLDER,
  TRACKING_URL_MAX_LENGTH,
  trackingUrlProblem,
} from '@backoffice/contracts';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Select, Switch, Tooltip, theme } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { ApiError } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { uuid } from '../../../shared/lib/uuid.ts';
import { PageHeader, useRecordTitle } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { serverFieldErrors } from '../../currency/index.ts';
import { useCarrier, useCreateCarrier, useUpdateCarrier } from './api.ts';
import { CARRIERS_PATH } from './carriers-page.tsx';
import { TrackingPreview } from './tracking-preview.tsx';

interface ServiceValues {
  /** The server's id of a saved service; absent for a new one. */
  id?: string;
  /** The row's own key in the form, stable while rows are added and removed. */
  rowKey: string;
  code: string;
  name: string;
  tracked: boolean;
  signature: boolean;
  deliveryDays: number | null;
  active: boolean;
}

interface Values {
  code: string;
  name: string;
  trackingUrlTemplate: string;
  integration: CarrierIntegration;
  active: boolean;
  services: ServiceValues[];
}

const FORM_ID = 'carrier-form';
const FIELDS = ['code', 'name', 'trackingUrlTemplate', 'integration', 'active', 'services'];

function initialValues(carrier: Carrier | null): Values {
  return {
    code: carrier?.code ?? '',
    name: carrier?.name ?? '',
    trackingUrlTemplate: carrier?.trackingUrlTemplate ?? '',
    integration: carrier?.integration ?? 'NONE',
    active: carrier?.active ?? true,
    services: (carrier?.services ?? []).map((s) => ({ ...s, rowKey: s.id })),
  };
}

const newService = (): ServiceValues => ({
  rowKey: uuid(),
  code: '',
  name: '',
  tracked: true,
  signature: false,
  deliveryDays: null,
  active: true,
});

/** A carrier's detail and edit screen (`:id`), or a new carrier (`new`): its fields and its services. */
export function CarrierEditPage() {
  const { id } = useParams();
  const isNew = id === 'new';
  const carrier = useCarrier(isNew || !id ? null : id);
  if (!isNew && carrier.error) return <ErrorState error={carrier.error} onRetry={() => void carrier.refetch()} />;
  if (!isNew && !carrier.data) return <Spinner />;
  return <CarrierForm key={carrier.data?.id ?? 'new'} carrier={isNew ? null : (carrier.data ?? null)} />;
}

function CarrierForm({ carrier }: { carrier: Carrier | null }) {
  const { t } = useTranslation('carriers');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const { direction } = useDirection();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const create = useCreateCarrier();
  const update = useUpdateCarrier();
  const submission = useSubmissionKey();
  useRecordTitle(carrier?.code);
  const [form] = Form.useForm<Values>();
  const template = Form.useWatch('trackingUrlTemplate', form);
  const [failure, setFailure] = useState<string | null>(null);
  const canEdit = has('edit_shipping_carrier');
  const required: Rule = { required: true, whitespace: true, message: tc('form.required') };
  const codeRules: Rule[] = [
    required,
    { max: CODE_MAX_LENGTH, message: t('validation.maxLength', { max: CODE_MAX_LENGTH }) },
    { pattern: CODE_PATTERN, message: t('validation.codePattern') },
  ];
  const nameRules: Rule[] = [
    required,
    { max: NAME_MAX_LENGTH, message: t('validation.maxLength', { max: NAME_MAX_LENGTH }) },
  ];

  const handleFinish = async (values: Values) => {
    setFailure(null);
    const body: CarrierInput = {
      code: values.code.trim(),
      name: values.name.trim(),
      trackingUrlTemplate: values.trackingUrlTemplate.trim() || null,
      integration: values.integration,
      active: values.active,
      services: (values.services ?? []).map((s) => ({
        ...(s.id ? { id: s.id } : {}),
        code: s.code.trim(),
        name: s.name.trim(),
        tracked: s.tracked,
        signature: s.signature,
        deliveryDays: s.deliveryDays ?? null,
        active: s.active,
      })),
    };
    try {
      if (carrier) await update.mutateAsync({ id: carrier.id, body });
      else await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      notifySuccess(carrier ? tc('form.saved') : tc('form.created'));
      navigate(CARRIERS_PATH);
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      if (error instanceof ApiError && error.code === CarrierErrorCode.CARRIER_CODE_TAKEN) {
        form.setFields([{ name: 'code', errors: [text] }]);
        return;
      }
      const fields = serverFieldErrors<Values>(error, FIELDS);
      if (fields.length) form.setFields(fields);
      else setFailure(text);
    }
  };

  const back = (
    <Link to={CARRIERS_PATH} style={{ display: 'inline-flex', gap: token.marginXXS }}>
      {direction === 'rtl' ? <ArrowRightOutlined /> : <ArrowLeftOutlined />}
      {t('back')}
    </Link>
  );

  return (
    <>
      <PageHeader
        extra={
          canEdit ? (
            <>
              <Button onClick={() => navigate(CARRIERS_PATH)}>{tc('actions.cancel')}</Button>
              <Button
                type="primary"
                htmlType="submit"
                form={FORM_ID}
                loading={create.isPending || update.isPending}
                data-testid="submit"
              >
                {tc('actions.save')}
              </Button>
            </>
          ) : undefined
        }
      >
        {back}
      </PageHeader>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: token.margin }} /> : null}
      <Form<Values>
        form={form}
        name={FORM_ID}
        layout="vertical"
        onFinish={handleFinish}
        initialValues={initialValues(carrier)}
        disabled={!canEdit}
        scrollToFirstError
      >
        <Panel
          title={carrier ? t('editTitle', { name: carrier.name }) : t('createTitle')}
          style={{ marginBottom: token.margin }}
        >
          <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: token.margin }}>
            <Form.Item
              name="code"
              label={t('fields.code')}
              extra={t('codeHelp')}
              normalize={(value: string) => value.toUpperCase()}
              rules={codeRules}
              style={{ flex: '1 1 200px' }}
            >
              <Input autoFocus autoComplete="off" maxLength={CODE_MAX_LENGTH} spellCheck={false} />
            </Form.Item>
            <Form.Item name="name" label={t('fields.name')} rules={nameRules} style={{ flex: '2 1 280px' }}>
              <Input autoComplete="off" maxLength={NAME_MAX_LENGTH} />
            </Form.Item>
            <Form.Item
              name="integration"
              label={t('fields.integration')}
              extra={t('integrationHelp')}
              style={{ flex: '1 1 200px' }}
            >
              <Select options={CARRIER_INTEGRATIONS.map((value) => ({ value, label: t(`integrations.${value}`) }))} />
            </Form.Item>
          </div>
          <Form.Item
            name="trackingUrlTemplate"
            label={t('fields.trackingUrlTemplate')}
            extra={t('trackingHelp', { placeholder: TRACKING_PLACEHOLDER })}
            rules={[
              { max: TRACKING_URL_MAX_LENGTH, message: t('validation.maxLength', { max: TRACKING_URL_MAX_LENGTH }) },
              {
                validator: (_, value: string | undefined) => {
                  const text = (value ?? '').trim();
                  const problem = text ? trackingUrlProblem(text) : null;
                  if (problem === 'placeholder')
                    return Promise.reject(
                      new Error(t('validation.placeholder', { placeholder: TRACKING_PLACEHOLDER })),
                    );
                  if (problem === 'https') return Promise.reject(new Error(t('validation.https')));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              inputMode="url"
              maxLength={TRACKING_URL_MAX_LENGTH}
              placeholder={`https://www.example.com/track/${TRACKING_PLACEHOLDER}`}
            />
          </Form.Item>
          <TrackingPreview template={template} />
          <Form.Item name="active" label={t('fields.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Panel>
        <Form.List name="services">
          {(fields, { add, remove }) => (
            <Panel
              title={t('services.title')}
              extra={
                canEdit ? (
                  <Button
                    icon={<PlusOutlined />}
                    data-testid="add-service"
                    disabled={fields.length >= CARRIER_SERVICES_MAX}
                    onClick={() => add(newService())}
                  >
                    {t('services.add')}
                  </Button>
                ) : null
              }
            >
              {fields.length === 0 ? <p style={{ margin: 0 }}>{t('services.none')}</p> : null}
              {fields.map((field, index) => (
                <fieldset
                  key={form.getFieldValue(['services', field.name, 'rowKey']) ?? field.key}
                  data-testid={`service-row-${index}`}
                  aria-label={t('services.row', { index: index + 1 })}
                  style={{
                    margin: 0,
                    padding: 0,
                    border: 'none',
                    minWidth: 0,
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'flex-start',
                    columnGap: token.marginSM,
                    paddingTop: index ? token.paddingSM : 0,
                    borderTop: index ? `1px solid ${token.colorBorderSecondary}` : 'none',
                  }}
                >
                  <Form.Item
                    name={[field.name, 'code']}
                    label={t('services.code')}
                    normalize={(value: string) => value.toUpperCase()}
                    dependencies={fields.filter((f) => f.name !== field.name).map((f) => ['services', f.name, 'code'])}
                    rules={[
                      ...codeRules,
                      {
                        validator: (_, value: string | undefined) => {
                          const code = (value ?? '').trim().toUpperCase();
                          const codes = ((form.getFieldValue('services') ?? []) as ServiceValues[]).map((s) =>
                            (s?.code ?? '').trim().toUpperCase(),
                          );
                          return code && codes.indexOf(code) !== field.name
                            ? Promise.reject(new Error(t('validation.serviceCodeTwice')))
                            : Promise.resolve();
                        },
                      },
                    ]}
                    style={{ flex: '1 1 140px' }}
                  >
                    <Input autoComplete="off" maxLength={CODE_MAX_LENGTH} spellCheck={false} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'name']}
                    label={t('services.name')}
                    rules={nameRules}
                    style={{ flex: '2 1 200px' }}
                  >
                    <Input autoComplete="off" maxLength={NAME_MAX_LENGTH} placeholder={t('services.namePlaceholder')} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'deliveryDays']}
                    label={t('services.deliveryDays')}
                    rules={[
                      {
                        type: 'integer',
                        min: 0,
                        max: DELIVERY_DAYS_MAX,
                        message: t('validation.deliveryDays', { max: DELIVERY_DAYS_MAX }),
                      },
                    ]}
                    style={{ flex: '0 1 120px' }}
                  >
                    <InputNumber min={0} max={DELIVERY_DAYS_MAX} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'tracked']}
                    label={t('services.tracked')}
                    valuePropName="checked"
                    style={{ flex: '0 0 auto' }}
                  >
                    <Checkbox />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'signature']}
                    label={t('services.signature')}
                    valuePropName="checked"
                    style={{ flex: '0 0 auto' }}
                  >
                    <Checkbox />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'active']}
                    label={t('fields.active')}
                    valuePropName="checked"
                    style={{ flex: '0 0 auto' }}
                  >
                    <Switch size="small" />
                  </Form.Item>
                  {canEdit ? (
                    <Form.Item label=" " style={{ flex: '0 0 auto' }}>
                      <Tooltip title={t('services.remove')}>
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('services.removeNamed', { index: index + 1 })}
                          onClick={() => remove(field.name)}
                        />
                      </Tooltip>
                    </Form.Item>
                  ) : null}
                </fieldset>
              ))}
              {fields.length > 0 ? (
                <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('services.removeHint')}</p>
              ) : null}
            </Panel>
          )}
        </Form.List>
      </Form>
    </>
  );
}
