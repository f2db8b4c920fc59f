import {
  DISPATCH_DAYS_MAX,
  type SalesChannel,
  type SalesChannelSetting,
  type SalesChannelSettingsInput,
} from '@backoffice/contracts';
import { Alert, Button, Form, InputNumber, Switch, Table, Typography } from 'antd';
import type { TableRef } from 'antd/es/table';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { salesInvoicesEndpoints as api } from '../../../shared/api/endpoints/sales-invoices.gen.ts';
import { useEndpointMutation } from '../../../shared/api/hooks.ts';
import { useChannelSettings } from '../../../shared/api/sales-channel-settings.ts';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useFocusableScroll } from '../../../shared/ui/kit/scroll-focus.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../../shared/ui/states.tsx';
import { NonWorkingDaysCard } from './non-working-days-card.tsx';

/** One channel's values on the form; the number is empty while the field is cleared. */
interface ChannelValues {
  pricesIncludeVat: boolean;
  dispatchDays: number | null;
}
type ChannelsValues = Partial<Record<SalesChannel, Partial<ChannelValues>>>;
interface Values {
  channels: ChannelsValues;
}

type Change = SalesChannelSettingsInput['items'][number];

const valuesOf = (items: readonly SalesChannelSetting[]): Values => ({
  channels: Object.fromEntries(
    items.map((s) => [s.channel, { pricesIncludeVat: s.pricesIncludeVat, dispatchDays: s.dispatchDays }]),
  ),
});

/**
 * What the form changed against what was saved: one item per channel changed, naming only the settings that
 * changed (the endpoint keeps the others). A cleared number is no change to send (the form refuses it first).
 */
export function channelChanges(saved: readonly SalesChannelSetting[], values: ChannelsValues | undefined): Change[] {
  const changes: Change[] = [];
  for (const s of saved) {
    const now = values?.[s.channel];
    if (!now) continue;
    const change: Change = { channel: s.channel };
    if (typeof now.pricesIncludeVat === 'boolean' && now.pricesIncludeVat !== s.pricesIncludeVat)
      change.pricesIncludeVat = now.pricesIncludeVat;
    if (typeof now.dispatchDays === 'number' && now.dispatchDays !== s.dispatchDays)
      change.dispatchDays = now.dispatchDays;
    if (change.pricesIncludeVat !== undefined || change.dispatchDays !== undefined) changes.push(change);
  }
  return changes;
}

/** Whether anything on the form differs from what was saved, a cleared number included. */
function isChanged(saved: readonly SalesChannelSetting[], values: ChannelsValues | undefined): boolean {
  return saved.some((s) => {
    const now = values?.[s.channel];
    if (!now) return false;
    return (
      (now.pricesIncludeVat !== undefined && now.pricesIncludeVat !== s.pricesIncludeVat) ||
      (now.dispatchDays !== undefined && now.dispatchDays !== s.dispatchDays)
    );
  });
}

/**
 * The fields the server named in a 400 VALIDATION_FAILED (`body.items.0.dispatchDays` → the first channel sent, its
 * dispatch promise), with its messages.
 */
function fieldIssues(error: unknown, sent: readonly Change[]): { name: (string | number)[]; errors: string[] }[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  const issues = errorDetails(error).issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: { path?: unknown; message?: unknown }) => {
    const match =
      typeof issue.path === 'string' ? /^body\.items\.(\d+)\.(pricesIncludeVat|dispatchDays)$/.exec(issue.path) : null;
    const channel = match ? sent[Number(match[1])]?.channel : undefined;
    return match && channel
      ? [{ name: ['channels', channel, match[2] as string], errors: [String(issue.message ?? '')] }]
      : [];
  });
}

/**
 * Sales channels: per channel, whether its prices include VAT (a new invoice's default) and its dispatch promise
 * in working days (past weekends and the non-working days of NonWorkingDaysCard), which decides the late shipments of the dashboard and the Daily Control and Ship List. Saved
 * together on the sales invoices' channel-settings endpoint, sending only what changed.
 */
export function SalesChannelsSection({ canEdit }: { canEdit: boolean }) {
  const settings = useChannelSettings();
  if (settings.isPending) return <Spinner />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <>
      <ChannelSettingsForm initial={settings.data.items} canEdit={canEdit} />
      <NonWorkingDaysCard canEdit={canEdit} />
    </>
  );
}

function ChannelSettingsForm({ initial, canEdit }: { initial: SalesChannelSetting[]; canEdit: boolean }) {
  const { t } = useTranslation('configuration');
  const { t: tc } = useTranslation();
  const { t: ts } = useTranslation('salesInvoices');
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const [saved, setSaved] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const tableRef = useRef<TableRef>(null);
  useFocusableScroll(tableRef, tc('table.scrollable'));
  const save = useEndpointMutation(api.updateSalesChannelSettings, {
    input: (body: SalesChannelSettingsInput) => ({ body }),
  });
  const watched = Form.useWatch('channels', form) as ChannelsValues | undefined;
  const changed = isChanged(saved, watched);

  const handleFinish = async (values: Values) => {
    setFailure(null);
    const items = channelChanges(saved, values.channels);
    if (!items.length) return;
    try {
      const answer = await save.mutateAsync({ items });
      setSaved(answer.items);
      form.setFieldsValue(valuesOf(answer.items));
      notifySuccess(tc('form.saved'));
    } catch (error) {
      const issues = fieldIssues(error, items);
      if (issues.length) form.setFields(issues as Parameters<typeof form.setFields>[0]);
      setFailure(errorText(error));
    }
  };

  const channelName = (channel: SalesChannel) => ts(`channels.${channel}`);
  return (
    <Form<Values>
      form={form}
      name="settings-salesChannels"
      layout="vertical"
      disabled={!canEdit}
      initialValues={valuesOf(initial)}
      onFinish={handleFinish}
      style={{ maxWidth: 880 }}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Table<SalesChannelSetting>
        ref={tableRef}
        data-testid="channel-settings-table"
        rowKey="channel"
        size="middle"
        pagination={false}
        dataSource={saved}
        scroll={{ x: true }}
        tableLayout="auto"
        locale={{ emptyText: <EmptyState /> }}
        columns={[
          {
            key: 'channel',
            title: t('salesChannels.channel'),
            render: (_, row) => <bdi>{channelName(row.channel)}</bdi>,
          },
          {
            key: 'pricesIncludeVat',
            title: t('salesChannels.pricesIncludeVat'),
            render: (_, row) => (
              <Form.Item name={['channels', row.channel, 'pricesIncludeVat']} valuePropName="checked" noStyle>
                <Switch
                  aria-label={t('salesChannels.pricesIncludeVatFor', { channel: channelName(row.channel) })}
                  data-testid={`channel-vat-${row.channel}`}
                />
              </Form.Item>
            ),
          },
          {
            key: 'dispatchDays',
            title: t('salesChannels.dispatchDays'),
            render: (_, row) => (
              <Form.Item
                name={['channels', row.channel, 'dispatchDays']}
                style={{ marginBottom: 0 }}
                rules={[
                  {
                    required: true,
                    type: 'integer',
                    min: 0,
                    max: DISPATCH_DAYS_MAX,
                    message: t('validation.dispatchDays', { max: DISPATCH_DAYS_MAX }),
                  },
                ]}
              >
                <InputNumber
                  aria-label={t('salesChannels.dispatchDaysFor', { channel: channelName(row.channel) })}
                  data-testid={`channel-dispatch-${row.channel}`}
                  min={0}
                  max={DISPATCH_DAYS_MAX}
                  precision={0}
                  inputMode="numeric"
                  style={{ width: 96 }}
                />
              </Form.Item>
            ),
          },
        ]}
      />
      <div data-testid="channel-settings-help" style={{ marginTop: 16, marginBottom: 16 }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {t('salesChannels.dispatchHelp')}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('salesChannels.pricesIncludeVatHelp')}
        </Typography.Paragraph>
      </div>
      {canEdit ? (
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          disabled={!changed}
          data-testid="save-salesChannels"
        >
          {tc('actions.save')}
        </Button>
      ) : null}
    </Form>
  );
}
