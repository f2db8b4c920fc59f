import { CODE_MAX_LENGTH, CODE_PATTERN, NAME_MAX_LENGTH } from '@backoffice/contracts';
import { Form, type FormInstance, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../shared/ui/form-drawer.tsx';
import { useRecordSave } from '../../shared/ui/kit/form-errors.ts';
import type { CodedInput, CodedRecord, CodedRecordKind } from './coded-record-kind.ts';

interface Values {
  code: string;
  name: string;
  active: boolean;
}
const FIELDS = ['code', 'name', 'active'] as const;

/** The fields, with the server's rules; a fresh form (and initial values) each time the drawer opens. */
function CodedRecordForm({
  formId,
  record,
  onSubmit,
}: {
  formId: string;
  record: CodedRecord | null;
  onSubmit: (values: Values, form: FormInstance<Values>) => Promise<void>;
}) {
  const { t } = useTranslation('masterData');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <Form<Values>
      form={form}
      name={formId}
      layout="vertical"
      onFinish={(values) => onSubmit(values, form)}
      initialValues={
        record ? { code: record.code, name: record.name, active: record.active } : { code: '', name: '', active: true }
      }
    >
      <Form.Item
        name="code"
        label={t('fields.code')}
        extra={t('codeHelp')}
        normalize={(value: string) => value.toUpperCase()}
        rules={[
          { required: true, whitespace: true, message: tc('form.required') },
          { max: CODE_MAX_LENGTH, message: t('validation.maxLength', { max: CODE_MAX_LENGTH }) },
          { pattern: CODE_PATTERN, message: t('validation.codePattern') },
        ]}
      >
        <Input autoFocus autoComplete="off" maxLength={CODE_MAX_LENGTH} spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('fields.name')}
        rules={[
          { required: true, whitespace: true, message: tc('form.required') },
          { max: NAME_MAX_LENGTH, message: t('validation.maxLength', { max: NAME_MAX_LENGTH }) },
        ]}
      >
        <Input autoComplete="off" maxLength={NAME_MAX_LENGTH} />
      </Form.Item>
      <Form.Item name="active" label={t('fields.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}

/** Creates a coded record, or edits one (`record` given): code, name and active flag. */
export function CodedRecordFormDrawer({
  kind,
  open,
  record,
  onClose,
}: {
  kind: CodedRecordKind;
  open: boolean;
  record: CodedRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('masterData');
  const create = kind.useCreate();
  const update = kind.useUpdate();
  // The one refusal that belongs to a field: the code is taken; what the server names goes under its field.
  const mapping = { fields: FIELDS, codes: { [kind.codeTakenCode]: 'code' } };
  const { failure, close, save, saving } = useRecordSave<Values, CodedInput, CodedRecord>(
    create,
    update,
    mapping,
    onClose,
  );

  const handleSubmit = async (values: Values, form: FormInstance<Values>) => {
    const body: CodedInput = { code: values.code.trim(), name: values.name.trim(), active: values.active };
    await save(form, body, record?.id);
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={record ? t(`${kind.texts}.editTitle`, { name: record.name }) : t(`${kind.texts}.createTitle`)}
      formId={kind.formId}
      width={480}
      saving={saving}
      failure={failure}
    >
      {open ? (
        <CodedRecordForm key={record?.id ?? 'new'} formId={kind.formId} record={record} onSubmit={handleSubmit} />
      ) : null}
    </FormDrawer>
  );
}
