import {
  ACCOUNT_NUMBER_PATTERN,
  BANK_TEXT_MAX_LENGTH,
  CODE_MAX_LENGTH,
  CODE_PATTERN,
  CURRENCY_CODES,
  type CurrencyCode,
  CurrencyErrorCode,
  compactBankText,
  formatIban,
  formatSortCode,
  isValidIban,
  NAME_MAX_LENGTH,
  PROCESSOR_DETAIL_FIELDS,
  PROCESSOR_FIELDS_BY_TYPE,
  PROCESSOR_TYPES,
  type Processor,
  type ProcessorDetailField,
  ProcessorErrorCode,
  type ProcessorInput,
  type ProcessorType,
  SORT_CODE_PATTERN,
} from '@backoffice/contracts';
import { Form, Input, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { useRecordSave } from '../../../shared/ui/kit/form-errors.ts';
import { useCurrencies } from '../currencies/api.ts';
import { useCreateProcessor, useUpdateProcessor } from './api.ts';

type Values = {
  code: string;
  name: string;
  type: ProcessorType;
  currency: CurrencyCode;
  active: boolean;
} & Record<ProcessorDetailField, string>;

const FORM_ID = 'processor-form';
const FIELDS = ['code', 'name', 'type', 'currency', 'active', ...PROCESSOR_DETAIL_FIELDS];
/** Refusals that belong to a field; what else the server names goes under its field, the rest above the form. */
const SERVER_ERRORS = {
  fields: FIELDS,
  codes: {
    [ProcessorErrorCode.PROCESSOR_CODE_TAKEN]: 'code',
    [CurrencyErrorCode.CURRENCY_INACTIVE]: 'currency',
    [ProcessorErrorCode.PROCESSOR_CURRENCY_LOCKED]: 'currency',
  },
};

function initialValues(record: Processor | null): Values {
  return {
    code: record?.code ?? '',
    name: record?.name ?? '',
    type: record?.type ?? 'BANK_ACCOUNT',
    currency: record?.currency ?? 'GBP',
    active: record?.active ?? true,
    bankName: record?.bankName ?? '',
    accountName: record?.accountName ?? '',
    sortCode: record?.sortCode ? formatSortCode(record.sortCode) : '',
    accountNumber: record?.accountNumber ?? '',
    iban: record?.iban ? formatIban(record.iban) : '',
    paypalEmail: record?.paypalEmail ?? '',
  };
}

/** The fields with the server's rules (ProcessorInput); account details show by type. */
function ProcessorForm({
  record,
  onSubmit,
}: {
  record: Processor | null;
  onSubmit: (values: Values, form: ReturnType<typeof Form.useForm<Values>>[0]) => Promise<void>;
}) {
  const { t } = useTranslation('currencies');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? record?.type ?? 'BANK_ACCOUNT';
  const currencies = useCurrencies({ page: 1, pageSize: 20 });
  const shown = new Set<ProcessorDetailField>(PROCESSOR_FIELDS_BY_TYPE[type]);
  const isBank = type === 'BANK_ACCOUNT';
  const required: Rule = { required: true, whitespace: true, message: tc('form.required') };
  const bankText: Rule = {
    max: BANK_TEXT_MAX_LENGTH,
    message: t('validation.maxLength', { max: BANK_TEXT_MAX_LENGTH }),
  };
  const filled = (field: ProcessorDetailField) =>
    ((form.getFieldValue(field) as string | undefined) ?? '').trim() !== '';

  const activeByCode = new Map((currencies.data?.items ?? []).map((c) => [c.code, c]));

  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      onFinish={(values) => onSubmit(values, form)}
      initialValues={initialValues(record)}
    >
      <Form.Item
        name="code"
        label={t('fields.code')}
        extra={t('processors.codeHelp')}
        normalize={(value: string) => value.toUpperCase()}
        rules={[
          required,
          { max: CODE_MAX_LENGTH, message: t('validation.maxLength', { max: CODE_MAX_LENGTH }) },
          { pattern: CODE_PATTERN, message: t('validation.codePattern') },
        ]}
      >
        <Input autoFocus autoComplete="off" maxLength={CODE_MAX_LENGTH} spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('fields.name')}
        rules={[required, { max: NAME_MAX_LENGTH, message: t('validation.maxLength', { max: NAME_MAX_LENGTH }) }]}
      >
        <Input autoComplete="off" maxLength={NAME_MAX_LENGTH} />
      </Form.Item>
      <Form.Item name="type" label={t('fields.type')} rules={[{ required: true, message: tc('form.required') }]}>
        <Select options={PROCESSOR_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} />
      </Form.Item>
      <Form.Item
        name="currency"
        label={t('fields.currency')}
        extra={record ? t('processors.currencyHelp') : undefined}
        rules={[{ required: true, message: tc('form.required') }]}
      >
        <Select
          loading={currencies.isPending}
          options={CURRENCY_CODES.map((code) => {
            const currency = activeByCode.get(code);
            const inactive = currency ? !currency.active : false;
            return {
              value: code,
              label: currency ? `${code} · ${currency.name}${inactive ? ` (${t('status.inactive')})` : ''}` : code,
              // Nothing new goes into a deactivated currency; a processor already in one may stay.
              disabled: inactive && record?.currency !== code,
            };
          })}
        />
      </Form.Item>
      {shown.has('bankName') ? (
        <Form.Item
          name="bankName"
          label={type === 'CARD' ? t('fields.cardIssuer') : t('fields.bankName')}
          rules={isBank ? [required, bankText] : [bankText]}
        >
          <Input autoComplete="off" maxLength={BANK_TEXT_MAX_LENGTH} />
        </Form.Item>
      ) : null}
      {shown.has('accountName') ? (
        <Form.Item
          name="accountName"
          label={type === 'MARKETPLACE_BALANCE' ? t('fields.sellerAccount') : t('fields.accountName')}
          rules={isBank ? [required, bankText] : [bankText]}
        >
          <Input autoComplete="off" maxLength={BANK_TEXT_MAX_LENGTH} />
        </Form.Item>
      ) : null}
      {shown.has('sortCode') ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16 }}>
          <Form.Item
            name="sortCode"
            label={t('fields.sortCode')}
            dependencies={['accountNumber']}
            style={{ flex: '1 1 140px' }}
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const text = compactBankText(value ?? '');
                  if (!text)
                    return filled('accountNumber')
                      ? Promise.reject(new Error(t('validation.sortCodeWithAccount')))
                      : Promise.resolve();
                  return SORT_CODE_PATTERN.test(text)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.sortCode')));
                },
              },
            ]}
          >
            <Input autoComplete="off" inputMode="numeric" placeholder="12-34-56" maxLength={8} spellCheck={false} />
          </Form.Item>
          <Form.Item
            name="accountNumber"
            label={t('fields.accountNumber')}
            dependencies={['sortCode']}
            style={{ flex: '1 1 160px' }}
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const text = compactBankText(value ?? '');
                  if (!text)
                    return filled('sortCode')
                      ? Promise.reject(new Error(t('validation.sortCodeWithAccount')))
                      : Promise.resolve();
                  return ACCOUNT_NUMBER_PATTERN.test(text)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.accountNumber')));
                },
              },
            ]}
          >
            <Input autoComplete="off" inputMode="numeric" placeholder="12345678" maxLength={10} spellCheck={false} />
          </Form.Item>
        </div>
      ) : null}
      {shown.has('iban') ? (
        <Form.Item
          name="iban"
          label={t('fields.iban')}
          extra={t('processors.ibanHelp')}
          dependencies={['sortCode', 'accountNumber']}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const text = compactBankText(value ?? '');
                if (!text)
                  return filled('sortCode') || filled('accountNumber')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.bankIdentifier')));
                return isValidIban(text) ? Promise.resolve() : Promise.reject(new Error(t('validation.iban')));
              },
            },
          ]}
        >
          <Input autoComplete="off" placeholder="GB82 WEST 1234 5698 7654 32" maxLength={42} spellCheck={false} />
        </Form.Item>
      ) : null}
      {shown.has('paypalEmail') ? (
        <Form.Item
          name="paypalEmail"
          label={t('fields.paypalEmail')}
          rules={[required, { type: 'email', message: t('validation.email') }]}
        >
          <Input type="email" autoComplete="off" maxLength={254} />
        </Form.Item>
      ) : null}
      <Form.Item name="active" label={t('fields.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}

/** Creates a processor, or edits one (`record` given). */
export function ProcessorFormDrawer({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: Processor | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('currencies');
  const create = useCreateProcessor();
  const update = useUpdateProcessor();
  const { failure, close, save, saving } = useRecordSave<Values, ProcessorInput, Processor>(
    create,
    update,
    SERVER_ERRORS,
    onClose,
  );

  const handleSubmit = async (values: Values, form: ReturnType<typeof Form.useForm<Values>>[0]) => {
    const shown = new Set<string>(PROCESSOR_FIELDS_BY_TYPE[values.type]);
    const detail = (field: ProcessorDetailField) => (shown.has(field) ? (values[field] ?? '').trim() || null : null);
    const body: ProcessorInput = {
      code: values.code.trim(),
      name: values.name.trim(),
      type: values.type,
      currency: values.currency,
      bankName: detail('bankName'),
      accountName: detail('accountName'),
      sortCode: detail('sortCode'),
      accountNumber: detail('accountNumber'),
      iban: detail('iban'),
      paypalEmail: detail('paypalEmail'),
      active: values.active,
    };
    await save(form, body, record?.id);
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={record ? t('processors.editTitle', { name: record.name }) : t('processors.createTitle')}
      formId={FORM_ID}
      width={520}
      saving={saving}
      failure={failure}
    >
      {open ? <ProcessorForm key={record?.id ?? 'new'} record={record} onSubmit={handleSubmit} /> : null}
    </FormDrawer>
  );
}
