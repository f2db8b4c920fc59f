import { CODE_MAX_LENGTH, CODE_PATTERN, NAME_MAX_LENGTH } from '@backoffice/contracts';
import { Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/lib/errors.ts';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { useErrorText } from '../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../shared/lib/use-submission-key.ts';
import { FormDrawer } from '../../shared/ui/form-drawer.tsx';
import type { CodedInput, CodedRecord, CodedRecordKind } from './coded-record-kind.ts';

interface Values {
  code: string;
  name: string;
  active: boolean;
}

/** The fields, with the server's rules; a fresh form (and initial values) each time the drawer opens. */
function CodedRecordForm({
  formId,
  record,
  onSubmit,
}: {
  formId: string;
  record: CodedRecord | null;
  onSubmit: (values: Values) => Promise<[keyof Values, string] | null>;
}) {
  const { t } = useTranslation('masterData');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const handleFinish = async (values: Values) => {
    const fieldError = await onSubmit(values);
    if (fieldError) form.setFields([{ name: fieldError[0], errors: [fieldError[1]] }]);
  };
  return (
    <Form<Values>
      form={form}
      name={formId}
      layout="vertical"
      onFinish={handleFinish}
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
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const create = kind.useCreate();
  const update = kind.useUpdate();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    submission.reset();
    onClose();
  };

  /** Saves; resolves the field and message when the server refuses a field's value. */
  const handleSubmit = async (values: Values): Promise<[keyof Values, string] | null> => {
    setFailure(null);
    const body: CodedInput = { code: values.code.trim(), name: values.name.trim(), active: values.active };
    try {
      if (record) await update.mutateAsync({ id: record.id, body });
      else await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      notifySuccess(record ? tc('form.saved') : tc('form.created'));
      close();
      return null;
    } catch (error) {
      const text = errorText(error);
      // The one refusal that belongs to a field: the code is taken.
      const field = error instanceof ApiError && error.code === kind.codeTakenCode ? 'code' : undefined;
      if (text && field) return [field, text];
      setFailure(text);
      return null;
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={record ? t(`${kind.texts}.editTitle`, { name: record.name }) : t(`${kind.texts}.createTitle`)}
      formId={kind.formId}
      width={480}
      saving={create.isPending || update.isPending}
      failure={failure}
    >
      {open ? (
        <CodedRecordForm key={record?.id ?? 'new'} formId={kind.formId} record={record} onSubmit={handleSubmit} />
      ) : null}
    </FormDrawer>
  );
}
