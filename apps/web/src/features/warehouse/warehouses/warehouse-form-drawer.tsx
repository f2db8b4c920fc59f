import {
  ADDRESS_LINE_MAX_LENGTH,
  addressPostcodeProblem,
  CITY_MAX_LENGTH,
  CODE_MAX_LENGTH,
  CODE_PATTERN,
  DEFAULT_COUNTRY,
  NAME_MAX_LENGTH,
  POSTCODE_MAX_LENGTH,
  WAREHOUSE_KINDS,
  type Warehouse,
  WarehouseErrorCode,
  type WarehouseInput,
  type WarehouseKind,
} from '@backoffice/contracts';
import { Col, Form, type FormInstance, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../lookups/country-select.tsx';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { useFormSave } from '../../../shared/ui/kit/form-errors.ts';
import { useCreateWarehouse, useUpdateWarehouse } from './api.ts';

interface Values {
  code: string;
  name: string;
  kind: WarehouseKind;
  active: boolean;
  address: { line1: string; line2: string; city: string; postcode: string; country: string };
}

export const WAREHOUSE_FORM_ID = 'warehouse-form';
/** A taken code shows under the code; what else the server names, under its field; the rest above the form. */
const SERVER_ERRORS = {
  fields: ['code', 'name', 'kind', 'active', 'address'],
  codes: { [WarehouseErrorCode.WAREHOUSE_CODE_TAKEN]: 'code' },
};

function initialValues(warehouse: Warehouse | null): Values {
  if (!warehouse)
    return {
      code: '',
      name: '',
      kind: 'OWN',
      active: true,
      address: { line1: '', line2: '', city: '', postcode: '', country: DEFAULT_COUNTRY },
    };
  const { code, name, kind, active, address } = warehouse;
  return { code, name, kind, active, address: { ...address } };
}

/** The fields, with the server's rules; a fresh form each time the drawer opens. */
function WarehouseForm({
  warehouse,
  onSubmit,
}: {
  warehouse: Warehouse | null;
  onSubmit: (values: Values, form: FormInstance<Values>) => Promise<void>;
}) {
  const { t } = useTranslation('warehouses');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const max = (n: number) => ({ max: n, message: t('validation.maxLength', { max: n }) });
  return (
    <Form<Values>
      form={form}
      name={WAREHOUSE_FORM_ID}
      layout="vertical"
      onFinish={(values) => onSubmit(values, form)}
      initialValues={initialValues(warehouse)}
    >
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <Form.Item
            name="code"
            label={t('fields.code')}
            extra={t('codeHelp')}
            normalize={(value: string) => value.toUpperCase()}
            rules={[
              { required: true, whitespace: true, message: tc('form.required') },
              max(CODE_MAX_LENGTH),
              { pattern: CODE_PATTERN, message: t('validation.codePattern') },
            ]}
          >
            <Input autoFocus autoComplete="off" maxLength={CODE_MAX_LENGTH} spellCheck={false} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item name="kind" label={t('fields.kind')} rules={[{ required: true, message: tc('form.required') }]}>
            <Select options={WAREHOUSE_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="name"
        label={t('fields.name')}
        rules={[{ required: true, whitespace: true, message: tc('form.required') }, max(NAME_MAX_LENGTH)]}
      >
        <Input autoComplete="off" maxLength={NAME_MAX_LENGTH} />
      </Form.Item>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend style={{ fontSize: 'inherit', fontWeight: 600, marginBottom: 8 }}>{t('fields.address')}</legend>
        <Form.Item name={['address', 'line1']} label={t('fields.line1')} rules={[max(ADDRESS_LINE_MAX_LENGTH)]}>
          <Input autoComplete="off" maxLength={ADDRESS_LINE_MAX_LENGTH} />
        </Form.Item>
        <Form.Item name={['address', 'line2']} label={t('fields.line2')} rules={[max(ADDRESS_LINE_MAX_LENGTH)]}>
          <Input autoComplete="off" maxLength={ADDRESS_LINE_MAX_LENGTH} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={14}>
            <Form.Item name={['address', 'city']} label={t('fields.city')} rules={[max(CITY_MAX_LENGTH)]}>
              <Input autoComplete="off" maxLength={CITY_MAX_LENGTH} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item
              name={['address', 'postcode']}
              label={t('fields.postcode')}
              dependencies={[['address', 'country']]}
              rules={[
                max(POSTCODE_MAX_LENGTH),
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) =>
                    value?.trim() && addressPostcodeProblem(value, getFieldValue(['address', 'country']))
                      ? Promise.reject(new Error(t('validation.postcode')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Input autoComplete="off" maxLength={POSTCODE_MAX_LENGTH} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name={['address', 'country']} label={t('fields.country')}>
          <CountrySelect />
        </Form.Item>
      </fieldset>
      <Form.Item name="active" label={t('fields.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}

/** Creates a warehouse, or edits one (`warehouse` given): code, name, kind, address and active flag. */
export function WarehouseFormDrawer({
  open,
  warehouse,
  onClose,
  onCreated,
}: {
  open: boolean;
  warehouse: Warehouse | null;
  onClose: () => void;
  onCreated?: (warehouse: Warehouse) => void;
}) {
  const { t } = useTranslation('warehouses');
  const create = useCreateWarehouse();
  const update = useUpdateWarehouse();
  const { failure, close, submit } = useFormSave<Values>(SERVER_ERRORS, onClose);

  const handleSubmit = async (values: Values, form: FormInstance<Values>) => {
    const body: WarehouseInput = {
      code: values.code.trim(),
      name: values.name.trim(),
      kind: values.kind,
      active: values.active,
      address: {
        line1: values.address.line1?.trim() ?? '',
        line2: values.address.line2?.trim() ?? '',
        city: values.address.city?.trim() ?? '',
        postcode: values.address.postcode?.trim() ?? '',
        country: values.address.country,
      },
    };
    await submit(
      form,
      body,
      async (idempotencyKey) => {
        if (warehouse) return update.mutateAsync({ id: warehouse.id, body });
        const created = await create.mutateAsync({ body, idempotencyKey });
        onCreated?.(created);
        return created;
      },
      !warehouse,
    );
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={warehouse ? t('warehouses.editTitle', { name: warehouse.code }) : t('warehouses.createTitle')}
      formId={WAREHOUSE_FORM_ID}
      width={560}
      saving={create.isPending || update.isPending}
      failure={failure}
    >
      {open ? <WarehouseForm key={warehouse?.id ?? 'new'} warehouse={warehouse} onSubmit={handleSubmit} /> : null}
    </FormDrawer>
  );
}
