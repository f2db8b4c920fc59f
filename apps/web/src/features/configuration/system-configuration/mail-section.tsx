import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import {
  DEFAULT_MAIL_PORTS,
  MAIL_SECURITY,
  MAIL_SETTING_FIELDS,
  type MailSecurity,
  type MailSettings,
  type MailSettingsPatch,
  type TestMailResult,
} from '@backoffice/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jobsEndpoints } from '../../../shared/api/endpoints/jobs.gen.ts';
import { mailSettingsEndpoints as api } from '../../../shared/api/endpoints/mail-settings.gen.ts';
import { invalidateQueriesOf, useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';
import { useAuth } from '../../../shared/lib/auth.ts';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { schemaRule } from './rules.ts';

interface Values {
  host: string;
  port: number;
  security: MailSecurity;
  username: string;
  /** Typed only to replace the stored one; never filled from the server. */
  password: string;
  fromAddress: string;
  fromName: string;
  replyTo: string;
}

const valuesOf = (s: MailSettings): Values => ({
  host: s.host,
  port: s.port,
  security: s.security,
  username: s.username,
  password: '',
  fromAddress: s.fromAddress,
  fromName: s.fromName,
  replyTo: s.replyTo,
});

const toPatch = (v: Values): MailSettingsPatch => ({
  host: v.host.trim(),
  port: v.port,
  security: v.security,
  username: v.username.trim(),
  fromAddress: v.fromAddress.trim(),
  fromName: v.fromName.trim(),
  replyTo: v.replyTo.trim(),
  ...(v.password ? { password: v.password } : {}),
});

/** The fields the server named in a 400 VALIDATION_FAILED (`body.fromAddress` → fromAddress). */
function fieldIssues(error: unknown): { name: string; errors: string[] }[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  const issues = errorDetails(error).issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: { path?: unknown; message?: unknown }) => {
    const path = typeof issue.path === 'string' ? issue.path.replace(/^body\./, '').split('.')[0] : '';
    return path ? [{ name: path, errors: [String(issue.message ?? '')] }] : [];
  });
}

/**
 * Outgoing mail: the SMTP server, its security and sign-in, the sender; the password is write-only (the screen
 * says whether one is stored). A test e-mail tells at once whether the settings work, in words. Messages that
 * failed for good are listed with a retry.
 */
export function MailSection({ canEdit }: { canEdit: boolean }) {
  const settings = useEndpointQuery(api.getMailSettings, {});
  if (settings.isPending) return <Spinner />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  return <MailForm settings={settings.data} canEdit={canEdit} />;
}

function MailForm({ settings, canEdit }: { settings: MailSettings; canEdit: boolean }) {
  const { t } = useTranslation('configuration');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useEndpointMutation(api.updateMailSettings, {
    input: (body: MailSettingsPatch) => ({ body }),
  });
  const F = MAIL_SETTING_FIELDS;

  const handleFinish = async (values: Values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(toPatch(values));
      form.setFieldsValue(valuesOf(saved));
      notifySuccess(tc('form.saved'));
    } catch (error) {
      const issues = fieldIssues(error);
      if (issues.length) form.setFields(issues as Parameters<typeof form.setFields>[0]);
      setFailure(errorText(error));
    }
  };

  const forgetPassword = async () => {
    try {
      await save.mutateAsync({ password: null });
      notifySuccess(tc('form.saved'));
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(text);
    }
  };

  const { source, server, environmentServer } = settings.status;
  return (
    <div style={{ maxWidth: 880 }}>
      <Alert
        type={source === 'none' ? 'warning' : 'info'}
        showIcon
        data-testid="mail-source"
        title={
          source === 'configuration'
            ? t('mail.sourceConfiguration', { server })
            : source === 'environment'
              ? t('mail.sourceEnvironment', { server })
              : t('mail.sourceNone')
        }
        description={
          source === 'configuration' && environmentServer
            ? t('mail.environmentFallback', { server: environmentServer })
            : undefined
        }
        style={{ marginBottom: 16 }}
      />
      <Form<Values>
        form={form}
        name="settings-mail"
        layout="vertical"
        disabled={!canEdit}
        initialValues={valuesOf(settings)}
        onFinish={handleFinish}
      >
        {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="host"
              label={t('mail.host')}
              extra={t('mail.hostHelp')}
              rules={[schemaRule(F.host, t('mail.hostInvalid'))]}
            >
              <Input data-testid="mail-host" maxLength={253} placeholder="smtp.example.com" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={16} md={8}>
            <Form.Item name="security" label={t('mail.security')}>
              <Select
                data-testid="mail-security"
                options={MAIL_SECURITY.map((value) => ({ value, label: t(`mail.securities.${value}`) }))}
                onChange={(value: MailSecurity) => {
                  // The usual port of the new security, unless another was chosen.
                  const port = form.getFieldValue('port');
                  if (Object.values(DEFAULT_MAIL_PORTS).includes(port))
                    form.setFieldValue('port', DEFAULT_MAIL_PORTS[value]);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item name="port" label={t('mail.port')} rules={[{ required: true, message: tc('form.required') }]}>
              <InputNumber data-testid="mail-port" min={1} max={65535} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="username" label={t('mail.username')} extra={t('mail.usernameHelp')}>
              <Input data-testid="mail-username" maxLength={254} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="password"
              label={t('mail.password')}
              extra={settings.passwordSet ? t('mail.passwordSet') : t('mail.passwordNotSet')}
            >
              <Input.Password
                data-testid="mail-password"
                autoComplete="new-password"
                maxLength={256}
                placeholder={settings.passwordSet ? t('mail.passwordKeep') : undefined}
                // The show/hide toggle is the clickable element: 24 px at least (WCAG 2.2 target size).
                iconRender={(visible) => (
                  <span
                    style={{
                      display: 'inline-flex',
                      minWidth: 24,
                      minHeight: 24,
                      alignItems: 'center',
                      justifyContent: 'center',
                    }}
                  >
                    {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                  </span>
                )}
              />
            </Form.Item>
            {settings.passwordSet && canEdit ? (
              <Button
                size="small"
                onClick={() => void forgetPassword()}
                data-testid="mail-forget-password"
                style={{ marginTop: -12, marginBottom: 16 }}
              >
                {t('mail.forgetPassword')}
              </Button>
            ) : null}
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="fromAddress"
              label={t('mail.fromAddress')}
              extra={t('mail.fromAddressHelp')}
              rules={[schemaRule(F.fromAddress, t('validation.email'))]}
            >
              <Input
                data-testid="mail-from-address"
                type="email"
                maxLength={254}
                placeholder="backoffice@example.com"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="fromName" label={t('mail.fromName')}>
              <Input data-testid="mail-from-name" maxLength={120} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="replyTo"
              label={t('mail.replyTo')}
              extra={t('mail.replyToHelp')}
              rules={[schemaRule(F.replyTo, t('validation.email'))]}
            >
              <Input data-testid="mail-reply-to" type="email" maxLength={254} />
            </Form.Item>
          </Col>
        </Row>
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-mail">
            {tc('actions.save')}
          </Button>
        ) : null}
      </Form>
      {canEdit ? <TestMail /> : null}
      <MailQueue settings={settings} canEdit={canEdit} />
    </div>
  );
}

/** "Send a test e-mail": to the address typed, the signed-in user's by default; the answer in words. */
function TestMail() {
  const { t } = useTranslation('configuration');
  const errorText = useErrorText();
  const { profile } = useAuth();
  const [to, setTo] = useState(profile?.email ?? '');
  const [result, setResult] = useState<{ ok: true; sent: TestMailResult } | { ok: false; text: string } | null>(null);
  const send = useEndpointMutation(api.sendTestMail, {
    input: (address: string) => ({ body: address ? { to: address } : {} }),
    invalidateOn: 'never',
  });
  const run = async () => {
    setResult(null);
    try {
      setResult({ ok: true, sent: await send.mutateAsync(to.trim()) });
    } catch (error) {
      setResult({ ok: false, text: errorText(error) ?? '' });
    }
  };
  return (
    <section aria-labelledby="mail-test-title" style={{ marginTop: 32 }}>
      <Typography.Title level={5} id="mail-test-title">
        {t('mail.testTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('mail.testHelp')}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
        <Input
          aria-label={t('mail.testTo')}
          data-testid="mail-test-to"
          type="email"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          onPressEnter={() => void run()}
          placeholder="name@example.com"
        />
        <Button onClick={() => void run()} loading={send.isPending} data-testid="mail-test-send">
          {t('mail.testSend')}
        </Button>
      </Space.Compact>
      {result ? (
        <Alert
          data-testid="mail-test-result"
          role="status"
          showIcon
          type={result.ok ? 'success' : 'error'}
          title={result.ok ? t('mail.testSent', { to: result.sent.to, server: result.sent.server }) : result.text}
          style={{ marginTop: 12, maxWidth: 720 }}
        />
      ) : null}
    </section>
  );
}

/** Messages waiting, and those that failed for good with their reason and a retry. */
function MailQueue({ settings, canEdit }: { settings: MailSettings; canEdit: boolean }) {
  const { t } = useTranslation('configuration');
  const errorText = useErrorText();
  const client = useQueryClient();
  const retry = useEndpointMutation(jobsEndpoints.retryJob, {
    input: (id: string) => ({ params: { id } }),
    onSuccess: () => invalidateQueriesOf(client, api.getMailSettings),
  });
  const { queued, failed } = settings.status;
  if (!queued && !failed.length) return null;
  return (
    <section aria-labelledby="mail-queue-title" style={{ marginTop: 32 }}>
      <Typography.Title level={5} id="mail-queue-title">
        {t('mail.queueTitle')}
      </Typography.Title>
      {queued ? <Typography.Paragraph>{t('mail.queued', { count: queued })}</Typography.Paragraph> : null}
      {failed.length ? (
        <Table
          size="small"
          rowKey="jobId"
          pagination={false}
          dataSource={failed}
          data-testid="mail-failed"
          columns={[
            { key: 'to', title: t('mail.to'), render: (_, row) => row.to.join(', ') },
            { key: 'subject', title: t('mail.subject'), dataIndex: 'subject' },
            { key: 'error', title: t('mail.lastError'), dataIndex: 'lastError' },
            ...(canEdit
              ? [
                  {
                    key: 'retry',
                    title: '',
                    render: (_: unknown, row: (typeof failed)[number]) => (
                      <Button
                        size="small"
                        loading={retry.isPending && retry.variables === row.jobId}
                        onClick={() =>
                          retry.mutate(row.jobId, {
                            onError: (error) => {
                              const text = errorText(error);
                              if (text) notifyError(text);
                            },
                          })
                        }
                      >
                        {t('mail.retry')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : null}
    </section>
  );
}
