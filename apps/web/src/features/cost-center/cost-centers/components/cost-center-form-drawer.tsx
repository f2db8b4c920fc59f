import {
  CODE_MAX_LENGTH,
  CODE_PATTERN,
  type CostCenter,
  type CostCenterInput,
  NAME_MAX_LENGTH,
} from '@backoffice/contracts';
import { Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../../shared/lib/notify.ts';
import { useErrorText } from '../../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../../shared/lib/use-submission-key.ts';
import { FormDrawer } from '../../../../shared/ui/form-drawer.tsx';
import { useCreateCostCenter, useUpdateCostCenter } from '../api.ts';

interface Values {
  code: string;
  name: string;
  active: boolean;
}

const FORM_ID = 'cost-center-form';

/** Which field a server refusal belongs to. */
const FIELD_OF_CODE: Partial<Record<string, keyof Values>> = {
  COST_CENTER_CODE_TAKEN: 'code',
};

/** The fields, with the server's rules; a fresh form (and initial values) each time the drawer opens. */
function CostCenterForm({
  costCenter,
  onSubmit,
}: {
  costCenter: CostCenter | null;
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
      name={FORM_ID}
      layout="vertical"
      onFinish={handleFinish}
      initialValues={
        costCenter
          ? { code: costCenter.code, name: costCenter.name, active: costCenter.active }
          : { code: '', name: '', active: true }
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

/** Creates a cost centre, or edits one (`costCenter` given): code, name and active flag. */
export function CostCenterFormDrawer({
  open,
  costCenter,
  onClose,
}: {
  open: boolean;
  costCenter: CostCenter | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('masterData');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const create = useCreateCostCenter();
  const update = useUpdateCostCenter();
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
    const body: CostCenterInput = { code: values.code.trim(), name: values.name.trim(), active: values.active };
    try {
      if (costCenter) await update.mutateAsync({ id: costCenter.id, body });
      else await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      notifySuccess(costCenter ? tc('form.saved') : tc('form.created'));
      close();
      return null;
    } catch (error) {
      const text = errorText(error);
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      if (text && field) return [field, text];
      setFailure(text);
      return null;
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={costCenter ? t('costCenters.editTitle', { name: costCenter.name }) : t('costCenters.createTitle')}
      formId={FORM_ID}
      width={480}
      saving={create.isPending || update.isPending}
      failure={failure}
    >
      {open ? <CostCenterForm key={costCenter?.id ?? 'new'} costCenter={costCenter} onSubmit={handleSubmit} /> : null}
    </FormDrawer>
  );
}
