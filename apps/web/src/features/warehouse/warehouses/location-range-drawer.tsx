import {
  CODE_MAX_LENGTH,
  CODE_PATTERN,
  expandLocationRange,
  PICK_SEQUENCE_MAX,
  WarehouseErrorCode,
  type WarehouseLocationRangeInput,
  ZONE_MAX_LENGTH,
} from '@backoffice/contracts';
import { Alert, Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { useCreateLocationRange } from './api.ts';

interface Values {
  from: string;
  to: string;
  zone: string;
  pickSequenceStart: number;
  pickSequenceStep: number;
  pickable: boolean;
}

const FORM_ID = 'location-range-form';

/** What the range would add, as the reader types: how many bins, the first and the last. */
function RangePreview({ from, to, start, step }: { from?: string; to?: string; start?: number; step?: number }) {
  const { t } = useTranslation('warehouses');
  if (!from || !to) return null;
  const range = expandLocationRange(from, to);
  if ('error' in range) return null;
  const last = (start ?? 0) + (step ?? 0) * (range.codes.length - 1);
  return (
    <Alert
      type="info"
      showIcon
      data-testid="range-preview"
      title={t('range.preview', {
        count: range.codes.length,
        first: range.codes[0],
        last: range.codes.at(-1),
        start: start ?? 0,
        end: last,
      })}
      style={{ marginBottom: 16 }}
    />
  );
}

function RangeForm({ onSubmit }: { onSubmit: (values: Values) => Promise<void> }) {
  const { t } = useTranslation('warehouses');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const from = Form.useWatch('from', form);
  const to = Form.useWatch('to', form);
  const start = Form.useWatch('pickSequenceStart', form);
  const step = Form.useWatch('pickSequenceStep', form);
  const codeRules = [
    { required: true, whitespace: true, message: tc('form.required') },
    { max: CODE_MAX_LENGTH, message: t('validation.maxLength', { max: CODE_MAX_LENGTH }) },
    { pattern: CODE_PATTERN, message: t('validation.codePattern') },
  ];
  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      onFinish={onSubmit}
      initialValues={{ from: '', to: '', zone: '', pickSequenceStart: 0, pickSequenceStep: 1, pickable: true }}
    >
      <p style={{ marginTop: 0 }}>{t('range.help')}</p>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="from"
            label={t('range.from')}
            normalize={(value: string) => value.toUpperCase()}
            rules={codeRules}
          >
            <Input autoFocus autoComplete="off" placeholder="A-01-01" maxLength={CODE_MAX_LENGTH} spellCheck={false} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="to"
            label={t('range.to')}
            dependencies={['from']}
            normalize={(value: string) => value.toUpperCase()}
            rules={[
              ...codeRules,
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) => {
                  const first = getFieldValue('from') as string | undefined;
                  if (!value || !first) return Promise.resolve();
                  return 'error' in expandLocationRange(first, value)
                    ? Promise.reject(new Error(t('range.invalid')))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <Input autoComplete="off" placeholder="A-01-20" maxLength={CODE_MAX_LENGTH} spellCheck={false} />
          </Form.Item>
        </Col>
      </Row>
      <RangePreview from={from} to={to} start={start} step={step} />
      <Form.Item
        name="zone"
        label={t('locations.fields.zone')}
        rules={[{ max: ZONE_MAX_LENGTH, message: t('validation.maxLength', { max: ZONE_MAX_LENGTH }) }]}
      >
        <Input autoComplete="off" maxLength={ZONE_MAX_LENGTH} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={12}>
          <Form.Item
            name="pickSequenceStart"
            label={t('range.pickSequenceStart')}
            rules={[{ required: true, message: tc('form.required') }]}
          >
            <InputNumber min={0} max={PICK_SEQUENCE_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="pickSequenceStep"
            label={t('range.pickSequenceStep')}
            rules={[{ required: true, message: tc('form.required') }]}
          >
            <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="pickable" label={t('locations.fields.pickable')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}

/** Adds a range of bins (A-01-01 … A-01-20) in one go: all of them, or none when a code exists. */
export function LocationRangeDrawer({
  warehouseId,
  open,
  onClose,
}: {
  warehouseId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('warehouses');
  const errorText = useErrorText();
  const create = useCreateLocationRange();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    submission.reset();
    onClose();
  };

  const handleSubmit = async (values: Values) => {
    setFailure(null);
    const body: WarehouseLocationRangeInput = {
      from: values.from.trim(),
      to: values.to.trim(),
      zone: values.zone?.trim() ?? '',
      pickSequenceStart: values.pickSequenceStart,
      pickSequenceStep: values.pickSequenceStep,
      pickable: values.pickable,
    };
    try {
      const result = await create.mutateAsync({ warehouseId, body, idempotencyKey: submission.keyFor(body) });
      notifySuccess(t('range.created', { count: result.created }));
      close();
    } catch (error) {
      if (error instanceof ApiError && error.code === WarehouseErrorCode.LOCATION_CODE_TAKEN) {
        const codes = errorDetails(error).codes;
        setFailure(t('range.taken', { codes: Array.isArray(codes) ? codes.join(', ') : '' }));
        return;
      }
      setFailure(errorText(error));
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={t('range.title')}
      formId={FORM_ID}
      width={520}
      saving={create.isPending}
      failure={failure}
    >
      {open ? <RangeForm onSubmit={handleSubmit} /> : null}
    </FormDrawer>
  );
}
