import { CloseOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { Alert, Avatar, Button, Empty, Skeleton, Switch, Tabs, Timeline, theme } from 'antd';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { systemLogsEndpoints } from '../shared/api/endpoints/system-logs.gen.ts';
import { useEndpointQuery } from '../shared/api/hooks.ts';
import { formatDate } from '../shared/lib/dates.ts';
import { i18n } from '../shared/lib/i18n.ts';
import type { ActivitySentenceKey } from '../shared/lib/i18n-keys.ts';
import { queryClient } from '../shared/lib/query-client.ts';
import { useErrorText } from '../shared/lib/use-error-text.ts';

const ACTIVITY_LIMIT = 10;

function Heading({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <h2
      style={{
        margin: `0 0 ${token.marginMD}px`,
        fontSize: token.fontSizeSM,
        fontWeight: 600,
        letterSpacing: '0.04em',
        color: token.colorTextSecondary,
      }}
    >
      {children}
    </h2>
  );
}

function isSentenceKey(key: string): key is ActivitySentenceKey {
  return i18n.exists(`activity.sentences.${key}`, { ns: 'shell' });
}

/** "YYYY-MM-DD HH:mm". */
function formatMinute(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", in the page's language. */
function relative(date: Date, language: string): string {
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, 'second');
}

/** The signed-in user's own recent actions, fetched each time the panel opens. */
function ActivityTab({ open }: { open: boolean }) {
  const {
    t,
    i18n: { language },
  } = useTranslation('shell');
  const errorText = useErrorText();
  const { token } = theme.useToken();
  const activity = useEndpointQuery(
    systemLogsEndpoints.mine,
    { query: { limit: ACTIVITY_LIMIT } },
    { enabled: open, staleTime: 0 },
  );

  let body: ReactNode;
  if (activity.isPending) body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  else if (activity.isError) {
    const message = errorText(activity.error);
    body = (
      <Alert
        type="error"
        showIcon
        title={t('activity.error')}
        {...(message ? { description: message } : {})}
        action={
          <Button size="small" onClick={() => void activity.refetch()}>
            {t('activity.retry')}
          </Button>
        }
      />
    );
  } else if (activity.data.items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('activity.empty')} />;
  else
    body = (
      <Timeline
        items={activity.data.items.map((item) => {
          const key = `${item.entity}_${item.action}`;
          const at = new Date(item.at);
          const failed = item.action.endsWith('_failed');
          return {
            key: item.id,
            color: failed ? 'red' : item.action === 'delete' ? 'gray' : 'blue',
            content: (
              <div data-testid="activity-item">
                <div>
                  {isSentenceKey(key)
                    ? t(`activity.sentences.${key}`)
                    : t('activity.other', { action: item.action, entity: item.entity })}
                </div>
                <time
                  dateTime={item.at}
                  title={formatMinute(at)}
                  style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}
                >
                  {/* Isolated, so that right-to-left pages do not reorder "1 minute ago". */}
                  <bdi>{formatMinute(at)}</bdi> · <bdi>{relative(at, language)}</bdi>
                </time>
              </div>
            ),
          };
        })}
      />
    );

  return (
    <>
      <Heading>{t('activity.heading')}</Heading>
      {body}
    </>
  );
}

/** Template sample content (specification section 2.6): fixed demo contacts with demo messages. */
const CONTACTS = [
  { name: 'Amelia Hart', message: 'm1', time: '09:12', status: 'online' },
  { name: 'Bruno Silva', message: 'm2', time: '09:05', status: 'online' },
  { name: 'Chloé Martin', message: 'm3', time: '08:47', status: 'busy' },
  { name: 'Daniel Okafor', message: 'm4', time: '08:30', status: 'away' },
  { name: 'Elena Petrova', message: 'm5', time: '08:02', status: 'online' },
  { name: 'Farid Haddad', message: 'm6', time: '07:55', status: 'offline' },
  { name: 'Grace Liu', message: 'm7', time: '07:41', status: 'online' },
  { name: 'Hannah Becker', message: 'm8', time: '07:20', status: 'busy' },
  { name: 'Iván Morales', message: 'm9', time: '06:58', status: 'offline' },
  { name: 'Julia Santos', message: 'm10', time: '06:44', status: 'away' },
  { name: 'Kenji Watanabe', message: 'm11', time: '06:31', status: 'online' },
  { name: 'Laura Fischer', message: 'm12', time: '06:10', status: 'offline' },
  { name: 'Mateo García', message: 'm13', time: '05:52', status: 'away' },
  { name: 'Nora Lindqvist', message: 'm14', time: '05:37', status: 'online' },
] as const;

type Status = (typeof CONTACTS)[number]['status'];

const STATUS_COLOR: Record<Status, string> = {
  online: '#52c41a',
  busy: '#ff4d4f',
  away: '#faad14',
  offline: '#bfbfbf',
};
const AVATAR_COLORS = ['#1677ff', '#13a8a8', '#722ed1', '#eb2f96', '#fa8c16', '#52c41a', '#2f54eb'];

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function ChatTab() {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  return (
    <>
      <Heading>{t('chat.heading')}</Heading>
      <p style={{ marginTop: 0, color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>{t('chat.sample')}</p>
      <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {CONTACTS.map((contact, index) => (
          <li
            key={contact.name}
            data-testid="chat-contact"
            style={{
              display: 'flex',
              gap: token.marginSM,
              alignItems: 'flex-start',
              padding: `${token.paddingXS}px 0`,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <span style={{ position: 'relative', flex: 'none' }}>
              <Avatar style={{ background: AVATAR_COLORS[index % AVATAR_COLORS.length] }} aria-hidden>
                {initials(contact.name)}
              </Avatar>
              <span
                role="img"
                aria-label={t(`chat.status.${contact.status}`)}
                title={t(`chat.status.${contact.status}`)}
                style={{
                  position: 'absolute',
                  bottom: 0,
                  insetInlineEnd: 0,
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  background: STATUS_COLOR[contact.status],
                  border: `2px solid ${token.colorBgElevated}`,
                }}
              />
            </span>
            <span style={{ flex: 1, minWidth: 0 }}>
              <span style={{ display: 'flex', justifyContent: 'space-between', gap: token.marginXS }}>
                <strong style={{ fontWeight: 600 }}>{contact.name}</strong>
                <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>{contact.time}</span>
              </span>
              <span
                style={{
                  display: 'block',
                  color: token.colorTextSecondary,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {t(`chat.messages.${contact.message}`)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

const SETTINGS = [
  ['notifications', true],
  ['showRecentActivity', true],
  ['autoUpdates', false],
  ['showOnlineStatus', true],
  ['compactNotifications', false],
] as const;

type SettingName = (typeof SETTINGS)[number][0];

/** Five placeholder toggles; nothing is stored (specification section 2.6). */
function SettingsTab() {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const baseId = useId();
  const [values, setValues] = useState<Record<SettingName, boolean>>(
    () => Object.fromEntries(SETTINGS) as Record<SettingName, boolean>,
  );
  return (
    <>
      <Heading>{t('settings.heading')}</Heading>
      <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {SETTINGS.map(([name]) => {
          const id = `${baseId}-${name}`;
          return (
            <li
              key={name}
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: token.marginSM,
                padding: `${token.paddingSM}px 0`,
                borderBottom: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              <label htmlFor={id}>
                <span style={{ display: 'block' }}>{t(`settings.${name}.label`)}</span>
                <span style={{ display: 'block', color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
                  {t(`settings.${name}.hint`)}
                </span>
              </label>
              <Switch
                id={id}
                data-testid="settings-toggle"
                checked={values[name]}
                onChange={(checked) => setValues((current) => ({ ...current, [name]: checked }))}
              />
            </li>
          );
        })}
      </ul>
      <p style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>{t('settings.notSaved')}</p>
    </>
  );
}

/**
 * The content of the notification sidebar: its close control (also Escape) and the tabs Activity,
 * Chat and Settings (specification section 2.6).
 */
export function NotificationPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const closeRef = useRef<HTMLButtonElement>(null);

  // Opened: the close control takes the focus, and Escape closes.
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const pane = (content: ReactNode) => (
    <div style={{ padding: `0 ${token.paddingLG}px ${token.paddingLG}px` }}>{content}</div>
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Button
        ref={closeRef}
        type="text"
        data-testid="notification-close"
        aria-label={tc('notificationSidebar.close')}
        icon={<CloseOutlined />}
        onClick={onClose}
        style={{ position: 'absolute', top: token.paddingXS, insetInlineEnd: token.paddingXS, zIndex: 1 }}
      />
      <Tabs
        centered
        items={[
          {
            key: 'activity',
            label: <span data-testid="notification-tab-activity">{t('tabs.activity')}</span>,
            children: pane(<ActivityTab open={open} />),
          },
          {
            key: 'chat',
            label: <span data-testid="notification-tab-chat">{t('tabs.chat')}</span>,
            children: pane(<ChatTab />),
          },
          {
            key: 'settings',
            label: <span data-testid="notification-tab-settings">{t('tabs.settings')}</span>,
            children: pane(<SettingsTab />),
          },
        ]}
      />
    </QueryClientProvider>
  );
}
