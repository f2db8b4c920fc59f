import {
  CODE_MAX_LENGTH,
  CODE_PATTERN,
  PICK_SEQUENCE_MAX,
  WarehouseErrorCode,
  type WarehouseLocation,
  type WarehouseLocationInput,
  ZONE_MAX_LENGTH,
} from '@backoffice/contracts';
import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { useCreateLocation, useUpdateLocation } from './api.ts';

interface Values {
  code: string;
  zone: string;
  pickSequence: number;
  pickable: boolean;
  active: boolean;
}

const FORM_ID = 'location-form';

function LocationForm({
  location,
  onSubmit,
}: {
  location: WarehouseLocation | null;
  onSubmit: (values: Values) => Promise<string | null>;
}) {
  const { t } = useTranslation('warehouses');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const handleFinish = async (values: Values) => {
    const codeError = await onSubmit(values);
    if (codeError) form.setFields([{ name: 'code', errors: [codeError] }]);
  };
  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      onFinish={handleFinish}
      initialValues={
        location
          ? {
              code: location.code,
              zone: location.zone,
              pickSequence: location.pickSequence,
              pickable: location.pickable,
              active: location.active,
            }
          : { code: '', zone: '', pickSequence: 0, pickable: true, active: true }
      }
    >
      <Form.Item
        name="code"
        label={t('locations.fields.code')}
        extra={t('locations.codeHelp')}
        normalize={(value: string) => value.toUpperCase()}
        rules={[
          { required: true, whitespace: true, message: tc('form.required') },
          { max: CODE_MAX_LENGTH, message: t('validation.maxLength', { max: CODE_MAX_LENGTH }) },
          { pattern: CODE_PATTERN, message: t('validation.codePattern') },
        ]}
      >
        <Input autoFocus autoComplete="off" maxLength={CODE_MAX_LENGTH} spellCheck={false} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="zone"
            label={t('locations.fields.zone')}
            rules={[{ max: ZONE_MAX_LENGTH, message: t('validation.maxLength', { max: ZONE_MAX_LENGTH }) }]}
          >
            <Input autoComplete="off" maxLength={ZONE_MAX_LENGTH} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="pickSequence"
            label={t('locations.fields.pickSequence')}
            extra={t('locations.pickSequenceHelp')}
            rules={[{ required: true, message: tc('form.required') }]}
          >
            <InputNumber min={0} max={PICK_SEQUENCE_MAX} precision={0} step={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={12}>
          <Form.Item name="pickable" label={t('locations.fields.pickable')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="active" label={t('fields.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

/** Adds a bin to a warehouse, or edits one (`location` given). */
export function LocationFormDrawer({
  warehouseId,
  open,
  location,
  onClose,
}: {
  warehouseId: string;
  open: boolean;
  location: WarehouseLocation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('warehouses');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    submission.reset();
    onClose();
  };

  const handleSubmit = async (values: Values): Promise<string | null> => {
    setFailure(null);
    const body: WarehouseLocationInput = {
      code: values.code.trim(),
      zone: values.zone?.trim() ?? '',
      pickSequence: values.pickSequence,
      pickable: values.pickable,
      active: values.active,
    };
    try {
      if (location) await update.mutateAsync({ warehouseId, id: location.id, body });
      else await create.mutateAsync({ warehouseId, body, idempotencyKey: submission.keyFor(body) });
      notifySuccess(location ? tc('form.saved') : tc('form.created'));
      close();
      return null;
    } catch (error) {
      const text = errorText(error);
      if (text && error instanceof ApiError && error.code === WarehouseErrorCode.LOCATION_CODE_TAKEN)
        return t('locations.codeTaken');
      setFailure(text);
      return null;
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={location ? t('locations.editTitle', { name: location.code }) : t('locations.createTitle')}
      formId={FORM_ID}
      width={480}
      saving={create.isPending || update.isPending}
      failure={failure}
    >
      {open ? <LocationForm key={location?.id ?? 'new'} location={location} onSubmit={handleSubmit} /> : null}
    </FormDrawer>
  );
}
