import {
  type CurrencyCode,
  CurrencyErrorCode,
  type ExchangeRateRecord,
  RATE_SOURCE_MAX_LENGTH,
} from '@backoffice/contracts';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { serverFieldErrors } from '../field-errors.ts';
import { useCreateRate, useUpdateRate } from './api.ts';

export const DATE_FORMAT = 'YYYY-MM-DD';
/** The server's rule for a rate (ExchangeRate): up to 6 digits, up to 8 places, above zero. */
export const RATE_PATTERN = /^\d{1,6}(\.\d{1,8})?$/;

interface Values {
  effectiveDate: Dayjs | null;
  rate: string;
  source: string;
}

const FORM_ID = 'rate-form';

type RateFormInstance = ReturnType<typeof Form.useForm<Values>>[0];

/** The fields with the server's rules; a fresh form (and initial values) each time the drawer opens. */
function RateForm({
  code,
  rate,
  onSubmit,
}: {
  code: CurrencyCode;
  rate: ExchangeRateRecord | null;
  onSubmit: (values: Values, form: RateFormInstance) => Promise<void>;
}) {
  const { t } = useTranslation('currencies');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      onFinish={(values) => onSubmit(values, form)}
      initialValues={
        rate
          ? { effectiveDate: dayjs(rate.effectiveDate, DATE_FORMAT), rate: rate.rate, source: rate.source }
          : { effectiveDate: dayjs(), rate: '', source: '' }
      }
    >
      <Form.Item
        name="effectiveDate"
        label={t('fields.effectiveDate')}
        extra={t('rates.effectiveHelp')}
        rules={[{ required: true, message: tc('form.required') }]}
      >
        <DatePicker format={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="rate"
        label={t('rates.rateLabel', { code })}
        extra={t('rates.rateHelp', { code })}
        rules={[
          { required: true, whitespace: true, message: tc('form.required') },
          {
            validator: (_, value: string | undefined) => {
              const text = (value ?? '').trim();
              if (!text) return Promise.resolve();
              if (!RATE_PATTERN.test(text)) return Promise.reject(new Error(t('validation.rateFormat')));
              if (!/[1-9]/.test(text)) return Promise.reject(new Error(t('validation.ratePositive')));
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input autoFocus inputMode="decimal" autoComplete="off" spellCheck={false} suffix="GBP" maxLength={15} />
      </Form.Item>
      <Form.Item
        name="source"
        label={t('fields.source')}
        rules={[{ max: RATE_SOURCE_MAX_LENGTH, message: t('validation.maxLength', { max: RATE_SOURCE_MAX_LENGTH }) }]}
      >
        <Input autoComplete="off" maxLength={RATE_SOURCE_MAX_LENGTH} placeholder={t('rates.sourcePlaceholder')} />
      </Form.Item>
    </Form>
  );
}

/** Adds a rate to a currency, or changes one (`rate` given): effective date, value and source. */
export function RateFormDrawer({
  code,
  open,
  rate,
  onClose,
}: {
  code: CurrencyCode;
  open: boolean;
  rate: ExchangeRateRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('currencies');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const create = useCreateRate();
  const update = useUpdateRate();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    submission.reset();
    onClose();
  };

  const handleFinish = async (values: Values, form: RateFormInstance) => {
    setFailure(null);
    const body = {
      effectiveDate: values.effectiveDate?.format(DATE_FORMAT) ?? '',
      rate: values.rate.trim(),
      source: (values.source ?? '').trim(),
    };
    try {
      if (rate) await update.mutateAsync({ code, id: rate.id, body });
      else await create.mutateAsync({ code, body, idempotencyKey: submission.keyFor(body) });
      notifySuccess(rate ? tc('form.saved') : tc('form.created'));
      close();
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      if (error instanceof ApiError && error.code === CurrencyErrorCode.EXCHANGE_RATE_DATE_TAKEN) {
        form.setFields([{ name: 'effectiveDate', errors: [text] }]);
        return;
      }
      const fields = serverFieldErrors<Values>(error, ['effectiveDate', 'rate', 'source']);
      if (fields.length) form.setFields(fields);
      else setFailure(text);
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={rate ? t('rates.editTitle', { code, date: rate.effectiveDate }) : t('rates.createTitle', { code })}
      formId={FORM_ID}
      width={420}
      saving={create.isPending || update.isPending}
      failure={failure}
    >
      {open ? <RateForm key={rate?.id ?? 'new'} code={code} rate={rate} onSubmit={handleFinish} /> : null}
    </FormDrawer>
  );
}
