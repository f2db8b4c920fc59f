import {
  BI_REPORT_DESCRIPTION_MAX_LENGTH,
  BI_REPORT_NAME_MAX_LENGTH,
  BI_REPORT_ROLES_MAX,
  BI_REPORT_SORT_ORDER_MAX,
  BI_REPORT_URL_MAX_LENGTH,
  type BiReport,
  BiReportErrorCode,
  type BiReportInput,
  embedUrlProblem,
  UserErrorCode,
} from '@backoffice/contracts';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { useRecordSave } from '../../../shared/ui/kit/form-errors.ts';
import { useBiReportRoles, useCreateBiReport, useUpdateBiReport } from './api.ts';

interface Values {
  name: string;
  embedUrl: string;
  description: string;
  roleIds: string[];
  sortOrder: number | null;
  active: boolean;
}

const FORM_ID = 'bi-report-form';
const SERVER_ERRORS = {
  fields: ['name', 'embedUrl', 'description', 'roleIds', 'sortOrder', 'active'],
  codes: {
    [BiReportErrorCode.BI_REPORT_NAME_TAKEN]: 'name',
    [UserErrorCode.UNKNOWN_ROLE]: 'roleIds',
  },
};

function initialValues(record: BiReport | null): Values {
  return {
    name: record?.name ?? '',
    embedUrl: record?.embedUrl ?? '',
    description: record?.description ?? '',
    roleIds: record?.roles.map((r) => r.id) ?? [],
    sortOrder: record?.sortOrder ?? 0,
    active: record?.active ?? true,
  };
}

/** The fields with the server's rules (BiReportInput), the address checked as the server checks it. */
function BiReportForm({
  record,
  onSubmit,
}: {
  record: BiReport | null;
  onSubmit: (values: Values, form: ReturnType<typeof Form.useForm<Values>>[0]) => Promise<void>;
}) {
  const { t } = useTranslation('dashboards');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const roles = useBiReportRoles();
  const required: Rule = { required: true, whitespace: true, message: tc('form.required') };
  // A role the record names stays choosable even if the list were cut short.
  const known = new Map((roles.data?.items ?? []).map((r) => [r.id, r.name]));
  for (const role of record?.roles ?? []) if (!known.has(role.id)) known.set(role.id, role.name);

  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      onFinish={(values) => onSubmit(values, form)}
      initialValues={initialValues(record)}
    >
      <Form.Item
        name="name"
        label={t('biReports.fields.name')}
        rules={[
          required,
          {
            max: BI_REPORT_NAME_MAX_LENGTH,
            message: t('biReports.validation.maxLength', { max: BI_REPORT_NAME_MAX_LENGTH }),
          },
        ]}
      >
        <Input autoFocus autoComplete="off" maxLength={BI_REPORT_NAME_MAX_LENGTH} />
      </Form.Item>
      <Form.Item
        name="embedUrl"
        label={t('biReports.fields.embedUrl')}
        extra={t('biReports.embedUrlHelp')}
        rules={[
          required,
          {
            validator: (_, value: string | undefined) => {
              const text = (value ?? '').trim();
              if (!text) return Promise.resolve();
              const problem = embedUrlProblem(text);
              return problem
                ? Promise.reject(new Error(t(`biReports.validation.url.${problem}`, { max: BI_REPORT_URL_MAX_LENGTH })))
                : Promise.resolve();
            },
          },
        ]}
      >
        <Input
          type="url"
          dir="ltr"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://app.powerbi.com/reportEmbed?reportId=…"
          maxLength={BI_REPORT_URL_MAX_LENGTH}
        />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('biReports.fields.description')}
        rules={[
          {
            max: BI_REPORT_DESCRIPTION_MAX_LENGTH,
            message: t('biReports.validation.maxLength', { max: BI_REPORT_DESCRIPTION_MAX_LENGTH }),
          },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={BI_REPORT_DESCRIPTION_MAX_LENGTH} showCount />
      </Form.Item>
      <Form.Item
        name="roleIds"
        label={t('biReports.fields.roles')}
        extra={t('biReports.rolesHelp')}
        rules={[
          {
            type: 'array',
            max: BI_REPORT_ROLES_MAX,
            message: t('biReports.validation.maxRoles', { max: BI_REPORT_ROLES_MAX }),
          },
        ]}
      >
        <Select
          mode="multiple"
          allowClear
          loading={roles.isPending}
          placeholder={t('biReports.noRoles')}
          showSearch={{ optionFilterProp: 'label' }}
          options={[...known].map(([value, label]) => ({ value, label }))}
        />
      </Form.Item>
      <Form.Item
        name="sortOrder"
        label={t('biReports.fields.sortOrder')}
        extra={t('biReports.sortOrderHelp')}
        rules={[{ required: true, message: tc('form.required') }]}
      >
        <InputNumber min={0} max={BI_REPORT_SORT_ORDER_MAX} precision={0} style={{ width: '100%', maxWidth: 200 }} />
      </Form.Item>
      <Form.Item name="active" label={t('biReports.fields.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}

/** Registers a BI report, or edits one (`record` given). */
export function BiReportFormDrawer({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: BiReport | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboards');
  const create = useCreateBiReport();
  const update = useUpdateBiReport();
  const { failure, close, save, saving } = useRecordSave<Values, BiReportInput, BiReport>(
    create,
    update,
    SERVER_ERRORS,
    onClose,
  );

  const handleSubmit = async (values: Values, form: ReturnType<typeof Form.useForm<Values>>[0]) => {
    const body: BiReportInput = {
      name: values.name.trim(),
      embedUrl: values.embedUrl.trim(),
      description: (values.description ?? '').trim(),
      roleIds: values.roleIds ?? [],
      sortOrder: values.sortOrder ?? 0,
      active: values.active,
    };
    await save(form, body, record?.id);
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={record ? t('biReports.editTitle', { name: record.name }) : t('biReports.createTitle')}
      formId={FORM_ID}
      width={560}
      saving={saving}
      failure={failure}
      testId="bi-report-drawer"
    >
      {open ? <BiReportForm key={record?.id ?? 'new'} record={record} onSubmit={handleSubmit} /> : null}
    </FormDrawer>
  );
}
