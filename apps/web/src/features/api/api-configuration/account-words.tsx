import {
  accountKindOf,
  type ChannelAccount,
  ChannelAccountErrorCode,
  type ChannelAccountType,
  type ChannelEnvironment,
  type ConnectionTestResult,
} from '@backoffice/contracts';
import { Alert, Tag, theme } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { menuLeavesOfArea } from '../../../shell/menu.ts';
import { missingCredentials } from './account-form.ts';

/** The list's in-app address as the menu declares it: addresses under /api/ are written there only. */
export const API_CONFIG_PATH = menuLeavesOfArea('api').find((item) => item.titleKey === 'apiConfig')?.path ?? '/';
export const accountUrl = (id: string) => `${API_CONFIG_PATH}/${id}`;

const CREDENTIAL_NAMES = [
  'clientId',
  'clientSecret',
  'refreshToken',
  'accessToken',
  'appKey',
  'appSecret',
  'apiKey',
  'username',
  'password',
  'accountNumber',
  'contractNumber',
] as const;
type CredentialName = (typeof CREDENTIAL_NAMES)[number];
const isCredentialName = (name: string): name is CredentialName =>
  (CREDENTIAL_NAMES as readonly string[]).includes(name);

/** A credential field's label ("Client secret"); a field this screen has no word for shows its own name. */
export function useCredentialLabel() {
  const { t } = useTranslation('channels');
  return useCallback((name: string) => (isCredentialName(name) ? t(`credentialFields.${name}`) : name), [t]);
}

const ACCOUNT_CODES = [
  ...Object.values(ChannelAccountErrorCode),
  'CHANNEL_ACCOUNT_TYPE_FIXED',
  'WAREHOUSE_NOT_FOUND',
] as const;
type AccountErrorCode = (typeof ACCOUNT_CODES)[number];
const isAccountCode = (code: string): code is AccountErrorCode => (ACCOUNT_CODES as readonly string[]).includes(code);

/** An error in words: this screen's own codes from its texts (missing credentials named), the rest as everywhere. */
export function useAccountErrorText(): (error: unknown) => string | null {
  const { t, i18n } = useTranslation('channels');
  const errorText = useErrorText();
  const label = useCredentialLabel();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || !isAccountCode(error.code)) return errorText(error);
      const missing = errorDetails(error).missing;
      const names = Array.isArray(missing) ? missing.filter((m): m is string => typeof m === 'string') : [];
      return t(`errors.${error.code}`, {
        missing: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names.map(label)),
      });
    },
    [t, i18n.language, errorText, label],
  );
}

/** Whether the type is a sales channel or a carrier, as a tag. */
export function KindTag({ type }: { type: ChannelAccountType }) {
  const { t } = useTranslation('channels');
  const kind = accountKindOf(type);
  return (
    <Tag color={kind === 'CHANNEL' ? 'geekblue' : 'purple'} style={{ marginInlineEnd: 0 }}>
      {t(`kinds.${kind}`)}
    </Tag>
  );
}

/** The type's name with a tag saying whether it is a sales channel or a carrier. */
export function AccountTypeLabel({ type }: { type: ChannelAccountType }) {
  const { t } = useTranslation('channels');
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 }}>
      <span>{t(`types.${type}`)}</span>
      <KindTag type={type} />
    </span>
  );
}

/** Production plainly; a sandbox stands out, since nothing it does is real. */
export function EnvironmentTag({ environment }: { environment: ChannelEnvironment }) {
  const { t } = useTranslation('channels');
  return (
    <Tag color={environment === 'SANDBOX' ? 'gold' : undefined} style={{ marginInlineEnd: 0 }}>
      {t(`environments.${environment}`)}
    </Tag>
  );
}

/** The outcome of a connection test, fresh or the last one saved: success or error, the provider's words and when. */
export function TestResultAlert({
  result,
  error,
  testId,
}: {
  result: Pick<ConnectionTestResult, 'ok' | 'message' | 'at'> | null;
  /** The test could not run at all (the server could not be reached, the account is gone). */
  error?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation('channels');
  const { token } = theme.useToken();
  if (error)
    return <Alert type="error" showIcon title={t('form.testFailed')} description={error} data-testid={testId} />;
  if (!result) return null;
  return (
    <Alert
      type={result.ok ? 'success' : 'error'}
      showIcon
      title={result.ok ? t('form.testOk') : t('form.testFailed')}
      description={
        <>
          {result.message ? <p style={{ margin: 0, overflowWrap: 'anywhere' }}>{result.message}</p> : null}
          <p style={{ margin: 0, color: token.colorTextSecondary }}>
            {t('form.testedAt', { at: formatDateTime(result.at) })}
          </p>
        </>
      }
      data-testid={testId}
    />
  );
}

/** What the list says of an account's credentials: complete, or which are missing. */
export function CredentialsState({ account }: { account: Pick<ChannelAccount, 'credentials'> }) {
  const { t } = useTranslation('channels');
  const label = useCredentialLabel();
  const missing = missingCredentials(account).map(label);
  return missing.length === 0 ? (
    <Tag color="green" style={{ marginInlineEnd: 0 }}>
      {t('list.complete')}
    </Tag>
  ) : (
    <Tag color="orange" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
      {t('list.missing', { fields: missing.join(', ') })}
    </Tag>
  );
}
