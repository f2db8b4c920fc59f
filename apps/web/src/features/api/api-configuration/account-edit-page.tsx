import { ApiOutlined, ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import {
  BASE_URL_MAX_LENGTH,
  CARRIER_ACCOUNT_TYPES,
  CHANNEL_ACCOUNT_TYPE_INFO,
  CHANNEL_ENVIRONMENTS,
  type ChannelAccount,
  ChannelAccountErrorCode,
  type ChannelAccountType,
  SALES_CHANNEL_ACCOUNT_TYPES,
} from '@backoffice/contracts';
import { Alert, Button, Form, Input, Radio, Select, Switch, Tag, Typography, theme } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { mapServerError, type ServerErrorMapping } from '../../../shared/ui/kit/form-errors.ts';
import { PageHeader, useRecordTitle } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import {
  type AccountFormValues,
  accountBody,
  accountValues,
  BASE_URL_PATTERN,
  formFieldOf,
  isAdministrator,
  newAccountValues,
  withType,
} from './account-form.ts';
import { SettingsPanel } from './account-settings.tsx';
import {
  API_CONFIG_PATH,
  accountUrl,
  EnvironmentTag,
  KindTag,
  TestResultAlert,
  useAccountErrorText,
  useCredentialLabel,
} from './account-words.tsx';
import { useChannelAccount, useCreateChannelAccount, useTestChannelAccount, useUpdateChannelAccount } from './api.ts';

const FORM_ID = 'channel-account';
const FIELDS = ['type', 'name', 'environment', 'marketplace', 'enabled', 'credentials', 'settings'] as const;

/** An account's page (`:id`), or a new account (`new`). */
export function AccountEditPage() {
  const { id = '' } = useParams();
  return id === 'new' ? <NewAccountPage /> : <SavedAccountPage id={id} />;
}

function BackLink() {
  const { t } = useTranslation('channels');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  return (
    <Link to={API_CONFIG_PATH} style={{ display: 'inline-flex', gap: token.marginXXS }}>
      {direction === 'rtl' ? <ArrowRightOutlined /> : <ArrowLeftOutlined />}
      {t('form.back')}
    </Link>
  );
}

function NewAccountPage() {
  const { t } = useTranslation('channels');
  useRecordTitle(t('form.createTitle'));
  return (
    <>
      <PageHeader>
        <BackLink />
      </PageHeader>
      <AccountForm account={null} />
    </>
  );
}

/** A saved account: its form, and Test connection with the outcome of the last test. */
function SavedAccountPage({ id }: { id: string }) {
  const { t } = useTranslation('channels');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const query = useChannelAccount(id);
  const test = useTestChannelAccount();
  const errorText = useAccountErrorText();
  const canEdit = has('edit_api_configuration');
  return (
    <DetailFrame
      query={query}
      number={(account) => account.name}
      back={<BackLink />}
      headingTestId="account-heading"
      tags={(account) => (
        <>
          <Tag style={{ marginInlineEnd: 0 }}>{t(`types.${account.type}`)}</Tag>
          <KindTag type={account.type} />
          <EnvironmentTag environment={account.environment} />
          {account.enabled ? null : <Tag style={{ marginInlineEnd: 0 }}>{t('list.disabled')}</Tag>}
        </>
      )}
      actions={(account) =>
        canEdit ? (
          <Button
            icon={<ApiOutlined />}
            loading={test.isPending}
            onClick={() => test.mutate(account.id)}
            data-testid="test-connection"
          >
            {t('list.test')}
          </Button>
        ) : null
      }
    >
      {(account) => (
        <>
          {canEdit || account.lastTest ? (
            <section
              aria-label={t('form.testTitle')}
              style={{ display: 'grid', gap: token.marginXS, marginBottom: token.margin }}
            >
              <TestResultAlert
                result={test.data ?? account.lastTest}
                error={test.error ? errorText(test.error) : null}
                testId="test-result"
              />
              {canEdit ? <Typography.Text type="secondary">{t('form.testHint')}</Typography.Text> : null}
            </section>
          ) : null}
          <AccountForm key={`${account.id}:${account.updatedAt}`} account={account} />
        </>
      )}
    </DetailFrame>
  );
}

function AccountForm({ account }: { account: ChannelAccount | null }) {
  const { t } = useTranslation('channels');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has, names } = usePermissions();
  const navigate = useNavigate();
  const errorText = useAccountErrorText();
  const create = useCreateChannelAccount();
  const update = useUpdateChannelAccount();
  const submission = useSubmissionKey();
  const [form] = Form.useForm<AccountFormValues>();
  const [failure, setFailure] = useState<string | null>(null);
  /** Saved credentials the reader asked to remove: sent as "" on save. */
  const [cleared, setCleared] = useState<ReadonlySet<string>>(new Set());
  const chosenType = Form.useWatch('type', form);
  const type: ChannelAccountType | undefined = account?.type ?? chosenType;
  const info = type ? CHANNEL_ACCOUNT_TYPE_INFO[type] : null;
  const canEdit = has('edit_api_configuration');
  const isAdmin = isAdministrator(names);
  const required: Rule = { required: true, whitespace: true, message: tc('form.required') };

  const serverErrors: ServerErrorMapping = {
    fields: isAdmin ? [...FIELDS, 'baseUrl'] : FIELDS,
    codes: {
      [ChannelAccountErrorCode.CHANNEL_ACCOUNT_NAME_TAKEN]: 'name',
      [ChannelAccountErrorCode.CHANNEL_ACCOUNT_OPERATION_UNSUPPORTED]: ['settings', 'operations'],
      WAREHOUSE_NOT_FOUND: ['settings', 'warehouseIds'],
      ...(isAdmin
        ? {
            [ChannelAccountErrorCode.CHANNEL_ACCOUNT_BASE_URL_NOT_HTTPS]: 'baseUrl',
            [ChannelAccountErrorCode.CHANNEL_ACCOUNT_BASE_URL_ADMIN_ONLY]: 'baseUrl',
          }
        : {}),
    },
  };

  const handleFinish = async () => {
    if (!type) return;
    setFailure(null);
    // Every value of the form, those of sections the type does not show included: the save sends them all as they are.
    const values = form.getFieldsValue(true) as AccountFormValues;
    const body = accountBody(values, { type, saved: account, cleared, isAdmin });
    try {
      if (account) {
        await update.mutateAsync({ id: account.id, body });
        notifySuccess(tc('form.saved'));
      } else {
        const created = await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
        submission.reset();
        notifySuccess(tc('form.created'));
        // On to the saved account, where its connection can be tested.
        navigate(accountUrl(created.id), { replace: true });
      }
    } catch (error) {
      const mapped = mapServerError(error, errorText(error), serverErrors);
      if (mapped.fields.length)
        form.setFields(
          mapped.fields.map((f) => ({ name: formFieldOf(f.name), errors: f.errors })) as Parameters<
            typeof form.setFields
          >[0],
        );
      setFailure(mapped.formMessage);
    }
  };

  const typeOptions = [
    { kind: 'CHANNEL' as const, types: SALES_CHANNEL_ACCOUNT_TYPES },
    { kind: 'CARRIER' as const, types: CARRIER_ACCOUNT_TYPES },
  ].map(({ kind, types }) => ({
    label: t(`kindGroups.${kind}`),
    title: t(`kindGroups.${kind}`),
    options: types.map((value) => ({ value, label: t(`types.${value}`) })),
  }));

  return (
    <Form<AccountFormValues>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={account ? accountValues(account) : newAccountValues()}
      onValuesChange={(changed: Partial<AccountFormValues>) => {
        if (!account && changed.type) {
          form.setFieldsValue(withType(form.getFieldsValue(true) as AccountFormValues, changed.type));
          setCleared(new Set());
        }
      }}
      onFinish={handleFinish}
      disabled={!canEdit}
      scrollToFirstError
    >
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: token.margin }}
          data-testid="account-failure"
        />
      ) : null}
      <Panel title={t('form.account')} style={{ marginBottom: token.margin }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: token.margin, alignItems: 'flex-start' }}>
          <Form.Item
            name="type"
            label={t('fields.type')}
            extra={account ? t('form.typeFixed') : t('form.typeHelp')}
            rules={[{ required: true, message: tc('form.required') }]}
            style={{ flex: '1 1 240px', minWidth: 0 }}
          >
            <Select
              autoFocus={!account}
              disabled={!!account || !canEdit}
              placeholder={t('form.typePlaceholder')}
              options={typeOptions}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="account-type"
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('fields.name')}
            extra={t('form.nameHelp')}
            rules={[required, { max: 100, message: t('validation.maxLength', { max: 100 }) }]}
            style={{ flex: '2 1 280px', minWidth: 0 }}
          >
            <Input autoFocus={!!account} autoComplete="off" maxLength={100} data-testid="account-name" />
          </Form.Item>
        </div>
        {info?.modelledOnly ? (
          <Alert type="info" showIcon title={t('form.modelled')} style={{ marginBottom: token.margin }} />
        ) : null}
        <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: token.margin, alignItems: 'flex-start' }}>
          <Form.Item
            name="environment"
            label={t('fields.environment')}
            extra={t('form.environmentHelp')}
            style={{ flex: '1 1 240px', minWidth: 0 }}
          >
            <Radio.Group
              optionType="button"
              aria-label={t('fields.environment')}
              options={CHANNEL_ENVIRONMENTS.map((value) => ({ value, label: t(`environments.${value}`) }))}
            />
          </Form.Item>
          {info?.marketplace ? (
            <Form.Item
              name="marketplace"
              label={t(`marketplaces.${info.marketplace}`)}
              extra={t(`marketplaceHelp.${info.marketplace}`, { default: info.defaultMarketplace ?? '' })}
              rules={[{ max: 200, message: t('validation.maxLength', { max: 200 }) }]}
              style={{ flex: '2 1 280px', minWidth: 0 }}
            >
              <Input
                autoComplete="off"
                spellCheck={false}
                maxLength={200}
                placeholder={info.defaultMarketplace ?? undefined}
                data-testid="account-marketplace"
              />
            </Form.Item>
          ) : null}
          <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked" style={{ flex: '0 0 auto' }}>
            <Switch data-testid="account-enabled" />
          </Form.Item>
        </div>
      </Panel>

      {type ? (
        <>
          <CredentialsPanel
            type={type}
            account={account}
            cleared={cleared}
            onCleared={(name, isCleared) => {
              const next = new Set(cleared);
              if (isCleared) next.add(name);
              else next.delete(name);
              setCleared(next);
              if (isCleared) form.setFieldValue(['credentials', name], '');
            }}
          />
          <AddressPanel account={account} isAdmin={isAdmin} />
          <SettingsPanel type={type} />
        </>
      ) : (
        <Alert type="info" showIcon title={t('form.chooseTypeFirst')} style={{ marginBottom: token.margin }} />
      )}

      {canEdit ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: token.marginXS }}>
          <Button onClick={() => navigate(API_CONFIG_PATH)} data-testid="account-cancel">
            {tc('actions.cancel')}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={create.isPending || update.isPending}
            data-testid="account-save"
          >
            {tc('actions.save')}
          </Button>
        </div>
      ) : null}
    </Form>
  );
}

/**
 * One input per credential of the type, in its order. Nothing saved is ever shown: a saved field says so in its
 * placeholder, typing replaces it, Clear removes it on save.
 */
function CredentialsPanel({
  type,
  account,
  cleared,
  onCleared,
}: {
  type: ChannelAccountType;
  account: ChannelAccount | null;
  cleared: ReadonlySet<string>;
  onCleared: (name: string, cleared: boolean) => void;
}) {
  const { t } = useTranslation('channels');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const label = useCredentialLabel();
  const canEdit = has('edit_api_configuration');
  const saved = new Map((account?.credentials ?? []).map((c) => [c.name, c.set]));
  return (
    <Panel title={t('form.credentials')} style={{ marginBottom: token.margin }}>
      <Alert type="warning" showIcon title={t('form.credentialsNotice')} style={{ marginBottom: token.margin }} />
      <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: token.margin, alignItems: 'flex-start' }}>
        {CHANNEL_ACCOUNT_TYPE_INFO[type].credentials.map((field) => {
          const id = `${FORM_ID}-credential-${field.name}`;
          const name = label(field.name);
          const isSaved = saved.get(field.name) === true;
          const isCleared = cleared.has(field.name);
          const placeholder =
            isSaved && !isCleared ? t('form.savedPlaceholder') : account ? t('form.notSet') : undefined;
          const input = field.secret ? (
            <Input.Password
              id={id}
              autoComplete="new-password"
              spellCheck={false}
              placeholder={placeholder}
              maxLength={4000}
              data-testid={`credential-${field.name}`}
            />
          ) : (
            <Input
              id={id}
              autoComplete="off"
              spellCheck={false}
              placeholder={placeholder}
              maxLength={4000}
              data-testid={`credential-${field.name}`}
            />
          );
          return (
            <Form.Item
              key={`${type}:${field.name}`}
              label={name}
              htmlFor={id}
              extra={isCleared ? t('form.willClear') : undefined}
              style={{ flex: '1 1 360px', minWidth: 0 }}
            >
              <div style={{ display: 'flex', gap: token.marginXS }}>
                <Form.Item name={['credentials', field.name]} noStyle>
                  {input}
                </Form.Item>
                {canEdit && isSaved ? (
                  <Button
                    aria-label={
                      isCleared ? t('form.keepNamed', { field: name }) : t('form.clearNamed', { field: name })
                    }
                    onClick={() => onCleared(field.name, !isCleared)}
                    data-testid={`credential-${field.name}-${isCleared ? 'keep' : 'clear'}`}
                  >
                    {isCleared ? t('form.keep') : t('form.clear')}
                  </Button>
                ) : null}
              </div>
            </Form.Item>
          );
        })}
      </div>
    </Panel>
  );
}

/** Where calls go: the provider's own address unless an administrator overrides it. */
function AddressPanel({ account, isAdmin }: { account: ChannelAccount | null; isAdmin: boolean }) {
  const { t } = useTranslation('channels');
  const { token } = theme.useToken();
  // A type whose connector this server lacks has no address of its own to show.
  const effective = account?.effectiveBaseUrl || t('form.providerAddress');
  return (
    <Panel title={t('form.address')} style={{ marginBottom: token.margin }}>
      {isAdmin ? (
        <Form.Item
          name="baseUrl"
          label={t('fields.baseUrl')}
          dependencies={['environment']}
          extra={
            <>
              {t('form.baseUrlHelp')}
              {account ? (
                <p style={{ margin: 0 }}>
                  {t('form.callsGoTo')}: <bdi>{effective}</bdi>
                </p>
              ) : null}
            </>
          }
          rules={[
            { max: BASE_URL_MAX_LENGTH, message: t('validation.maxLength', { max: BASE_URL_MAX_LENGTH }) },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) => {
                const text = (value ?? '').trim();
                if (!text) return Promise.resolve();
                if (!BASE_URL_PATTERN.test(text)) return Promise.reject(new Error(t('validation.url')));
                if (getFieldValue('environment') === 'PRODUCTION' && !text.startsWith('https://'))
                  return Promise.reject(new Error(t('validation.https')));
                return Promise.resolve();
              },
            }),
          ]}
          style={{ marginBottom: 0 }}
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            inputMode="url"
            maxLength={BASE_URL_MAX_LENGTH}
            placeholder={
              account && !account.baseUrl && account.effectiveBaseUrl ? account.effectiveBaseUrl : 'https://'
            }
            data-testid="account-base-url"
          />
        </Form.Item>
      ) : (
        <div data-testid="account-base-url-readonly">
          <p style={{ margin: `0 0 ${token.marginXXS}px`, fontWeight: 500 }}>{t('form.callsGoTo')}</p>
          <p style={{ margin: 0, overflowWrap: 'anywhere' }}>
            <bdi>{effective}</bdi>
          </p>
          <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary }}>
            {t('form.baseUrlAdminOnly')} {t('form.baseUrlHelp')}
          </p>
        </div>
      )}
    </Panel>
  );
}
