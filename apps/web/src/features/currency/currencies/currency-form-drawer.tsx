import { CURRENCY_NAME_MAX_LENGTH, CURRENCY_SYMBOL_MAX_LENGTH, type Currency } from '@backoffice/contracts';
import { Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { useUpdateCurrency } from './api.ts';

interface Values {
  name: string;
  symbol: string;
  active: boolean;
}

const FORM_ID = 'currency-form';

type CurrencyFormInstance = ReturnType<typeof Form.useForm<Values>>[0];

/** The fields with the server's rules; a fresh form (and initial values) for each currency edited. */
function CurrencyForm({
  currency,
  onSubmit,
}: {
  currency: Currency;
  onSubmit: (values: Values, form: CurrencyFormInstance) => Promise<void>;
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
      initialValues={{ name: currency.name, symbol: currency.symbol, active: currency.active }}
    >
      <Form.Item label={t('fields.code')} extra={t('currencies.codeFixed', { places: currency.decimalPlaces })}>
        <Input value={currency.code} disabled />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('fields.name')}
        rules={[
          { required: true, whitespace: true, message: tc('form.required') },
          { max: CURRENCY_NAME_MAX_LENGTH, message: t('validation.maxLength', { max: CURRENCY_NAME_MAX_LENGTH }) },
        ]}
      >
        <Input autoFocus autoComplete="off" maxLength={CURRENCY_NAME_MAX_LENGTH} />
      </Form.Item>
      <Form.Item
        name="symbol"
        label={t('fields.symbol')}
        rules={[
          { required: true, whitespace: true, message: tc('form.required') },
          {
            max: CURRENCY_SYMBOL_MAX_LENGTH,
            message: t('validation.maxLength', { max: CURRENCY_SYMBOL_MAX_LENGTH }),
          },
        ]}
      >
        <Input autoComplete="off" maxLength={CURRENCY_SYMBOL_MAX_LENGTH} style={{ maxWidth: 120 }} />
      </Form.Item>
      <Form.Item
        name="active"
        label={t('fields.active')}
        valuePropName="checked"
        extra={currency.isBase ? t('currencies.baseAlwaysActive') : t('currencies.deactivateHelp')}
      >
        <Switch disabled={currency.isBase} />
      </Form.Item>
    </Form>
  );
}

/** Edits a currency's name, symbol and active flag; its code and decimal places are fixed. */
export function CurrencyFormDrawer({ currency, onClose }: { currency: Currency | null; onClose: () => void }) {
  const { t } = useTranslation('currencies');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateCurrency();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const handleFinish = async (values: Values, form: CurrencyFormInstance) => {
    if (!currency) return;
    setFailure(null);
    try {
      await update.mutateAsync({
        code: currency.code,
        body: { name: values.name.trim(), symbol: values.symbol.trim(), active: values.active },
      });
      notifySuccess(tc('form.saved'));
      close();
    } catch (error) {
      const text = errorText(error);
      // Deactivating is what can be refused: the message belongs under the switch.
      if (text && error instanceof ApiError && error.status === 409)
        form.setFields([{ name: 'active', errors: [text] }]);
      else setFailure(text);
    }
  };

  return (
    <FormDrawer
      open={currency !== null}
      onClose={close}
      title={currency ? t('currencies.editTitle', { code: currency.code }) : ''}
      formId={FORM_ID}
      width={440}
      saving={update.isPending}
      failure={failure}
    >
      {currency ? <CurrencyForm key={currency.code} currency={currency} onSubmit={handleFinish} /> : null}
    </FormDrawer>
  );
}
