import { STOCK_COUNT_NOTES_MAX_LENGTH, type StockCount, type StockCountInput } from '@backoffice/contracts';
import { Checkbox, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { useStartCount, useZones } from './api.ts';

const FORM_ID = 'start-count-form';

interface Values {
  warehouseId?: string | null;
  zone: string;
  blind: boolean;
  notes: string;
}

/** The fields; a fresh form each time the drawer opens (the drawer destroys its content when hidden). */
function StartCountForm({ onSubmit }: { onSubmit: (values: Values) => Promise<void> }) {
  const { t } = useTranslation('stockCounts');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const warehouseId = Form.useWatch('warehouseId', form);
  const zones = useZones(warehouseId);
  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={{ warehouseId: null, zone: '', blind: false, notes: '' }}
      onValuesChange={(changed: Partial<Values>) => {
        // Zones are the warehouse's own: another warehouse starts from the whole of it.
        if ('warehouseId' in changed) form.setFieldValue('zone', '');
      }}
      onFinish={(values) => onSubmit(values)}
    >
      <Typography.Paragraph type="secondary">{t('start.intro')}</Typography.Paragraph>
      <Form.Item
        name="warehouseId"
        label={t('fields.warehouse')}
        rules={[{ required: true, message: tc('form.required') }]}
      >
        <WarehouseSelect activeOnly testId="start-count-warehouse" />
      </Form.Item>
      <Form.Item name="zone" label={t('fields.zone')} extra={t('start.zoneHelp')}>
        <Select
          data-testid="start-count-zone"
          disabled={!warehouseId}
          loading={zones.isFetching}
          options={[
            { value: '', label: t('wholeWarehouse') },
            ...(zones.data?.zones ?? []).map((z) => ({
              value: z.zone,
              label: t('start.zoneOption', { zone: z.zone, bins: z.binCount }),
            })),
          ]}
        />
      </Form.Item>
      <Form.Item name="blind" valuePropName="checked" extra={t('start.blindHelp')}>
        <Checkbox data-testid="start-count-blind">{t('fields.blind')}</Checkbox>
      </Form.Item>
      <Form.Item
        name="notes"
        label={t('fields.notes')}
        rules={[{ max: STOCK_COUNT_NOTES_MAX_LENGTH, message: t('start.notesTooLong') }]}
      >
        <Input.TextArea rows={3} maxLength={STOCK_COUNT_NOTES_MAX_LENGTH} showCount data-testid="start-count-notes" />
      </Form.Item>
    </Form>
  );
}

/** "Start a count": warehouse, optionally one zone, blind or not; the snapshot is taken on the server. */
export function StartCountDrawer({
  open,
  onClose,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  onStarted: (count: StockCount) => void;
}) {
  const { t } = useTranslation('stockCounts');
  const errorText = useErrorText();
  const start = useStartCount();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: Values) => {
    setFailure(null);
    const body: StockCountInput = {
      warehouseId: values.warehouseId ?? '',
      zone: values.zone || null,
      blind: values.blind,
      notes: values.notes.trim(),
    };
    try {
      const count = await start.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      submission.reset();
      notifySuccess(t('start.started', { number: count.number, lines: count.lineCount }));
      onStarted(count);
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <FormDrawer
      open={open}
      title={t('start.title')}
      formId={FORM_ID}
      width={480}
      saving={start.isPending}
      failure={failure}
      onClose={() => {
        setFailure(null);
        onClose();
      }}
      testId="start-count-drawer"
      submitTestId="start-count-submit"
    >
      <StartCountForm onSubmit={submit} />
    </FormDrawer>
  );
}
