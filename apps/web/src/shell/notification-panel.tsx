import { CloseOutlined, MessageOutlined } from '@ant-design/icons';
import {
  ACTIVITY_KINDS,
  type ActivityItem,
  type ActivityKind,
  type NotificationPreferences,
  visibleActivityEntities,
} from '@backoffice/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { Alert, Button, Empty, Pagination, Skeleton, Switch, Tabs, Tag, Timeline, theme } from 'antd';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type notifications from '../locales/en/notifications.json';
import { notificationsEndpoints as api } from '../shared/api/endpoints/notifications.gen.ts';
import { useEndpointMutation, useEndpointQuery } from '../shared/api/hooks.ts';
import { formatDate } from '../shared/lib/dates.ts';
import { i18n } from '../shared/lib/i18n.ts';
import { usePermissions } from '../shared/lib/permissions.tsx';
import { queryClient } from '../shared/lib/query-client.ts';
import { useErrorText } from '../shared/lib/use-error-text.ts';

const PAGE_SIZE = 10;

type ActionKey = keyof typeof notifications.activity.actions;
type EntityKey = keyof typeof notifications.activity.entities;

const isAction = (action: string): action is ActionKey =>
  i18n.exists(`activity.actions.${action}`, { ns: 'notifications' });
const isEntity = (entity: string): entity is EntityKey =>
  i18n.exists(`activity.entities.${entity}`, { ns: 'notifications' });

function Heading({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <h2
      style={{
        margin: `0 0 ${token.marginXS}px`,
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

function Intro({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <p dir="auto" style={{ margin: `0 0 ${token.marginMD}px`, color: token.colorTextSecondary }}>
      {children}
    </p>
  );
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

const q = (reference: string) => `?q=${encodeURIComponent(reference)}`;

/**
 * Where an activity row's record is shown: its own page where it has one, else its list searched for it.
 * Nothing for a deleted record, or one the row does not identify.
 */
export function activityLink(item: Pick<ActivityItem, 'entity' | 'action' | 'recordId' | 'reference'>): string | null {
  if (item.action === 'delete') return null;
  const id = item.recordId ? encodeURIComponent(item.recordId) : null;
  const ref = item.reference;
  const isUuid = !!item.recordId && /^[0-9a-f-]{36}$/i.test(item.recordId);
  switch (item.entity) {
    case 'inventory_transfer':
      return id && `/inventory-transfer/transfer/${id}`;
    case 'stock_count':
      return id && `/warehouse/warehouse-inventory-stock-process/${id}`;
    case 'bundle_task':
      return id && `/warehouse/fmcg/task-list/${id}`;
    case 'stock':
      return isUuid ? `/inventory/product/${id}` : null;
    case 'product':
      return ref && `/product/product${q(ref)}`;
    case 'warehouse':
    case 'warehouse_configuration':
      return isUuid ? `/warehouse/warehouse/${id}` : null;
    case 'brand':
      return ref && `/product/brand${q(ref)}`;
    case 'cost_center':
      return ref && `/cost-center/cost-center${q(ref)}`;
    case 'currency':
      return id && `/currency/currencies/${id}`;
    case 'processor':
      return ref && `/currency/processors${q(ref)}`;
    case 'shipping_carrier':
      return isUuid ? `/shipping-carrier/shipping-carrier-list/${id}` : null;
    case 'business_partner':
      return isUuid ? `/person/people/${id}` : null;
    case 'customer':
      return isUuid ? `/customer/customers/${id}` : null;
    case 'role':
      return ref && `/usermanagement/role${q(ref)}`;
    case 'user':
      return ref && `/usermanagement/user${q(ref)}`;
    case 'system_configuration':
      return '/configuration/system-configuration';
    default:
      return null;
  }
}

/** One event in words: "Anna dispatched transfer TR-2026-00001", the record a link to it. */
function ActivityLine({ item, onNavigate }: { item: ActivityItem; onNavigate: () => void }) {
  const { t } = useTranslation('notifications');
  const actor = item.isOwn
    ? t('activity.you')
    : item.actor
      ? item.actor.name || item.actor.username
      : t('activity.system');
  const what = isAction(item.action)
    ? t(`activity.actions.${item.action}`)
    : t('activity.otherAction', { action: item.action });
  const noun = isEntity(item.entity) ? t(`activity.entities.${item.entity}`) : item.entity;
  const record = [noun, item.reference].filter(Boolean).join(' ');
  const link = activityLink(item);
  return (
    // The line is in the page's language, its record reference isolated, so right-to-left pages keep both readable.
    <span dir="auto">
      <Trans
        t={t}
        i18nKey="activity.line"
        values={{ actor, what, record }}
        components={{
          record: link ? <Link to={link} onClick={onNavigate} data-testid="activity-link" /> : <strong />,
        }}
      />
    </span>
  );
}

/**
 * What happened to the records of the user's areas, newest first, a page at a time. Opening it marks
 * everything shown as seen; what was new since the last look keeps its "New" tag while the panel is open.
 */
function ActivityTab({
  open,
  onUnread,
  onNavigate,
}: {
  open: boolean;
  onUnread: (count: number) => void;
  onNavigate: () => void;
}) {
  const {
    t,
    i18n: { language },
  } = useTranslation('notifications');
  const errorText = useErrorText();
  const { token } = theme.useToken();
  const [page, setPage] = useState(1);
  const activity = useEndpointQuery(
    api.activity,
    { query: { page, pageSize: PAGE_SIZE } },
    { enabled: open, staleTime: 0, keepPreviousData: true },
  );
  const markSeen = useEndpointMutation(api.markActivitySeen, {
    onSuccess: (answer) => onUnread(answer.unread),
  });
  // The read mark as it was when the panel opened: rows after it are tagged "New" until it closes.
  const [seenAtOpen, setSeenAtOpen] = useState<string | null>(null);
  const data = activity.data;
  const { mutate } = markSeen;

  useEffect(() => {
    if (!open) {
      setSeenAtOpen(null);
      setPage(1);
      return;
    }
    if (!data || seenAtOpen !== null) return;
    setSeenAtOpen(data.seenUpTo);
    onUnread(data.unread);
    const newest = data.page === 1 ? data.items[0]?.id : undefined;
    if (newest && BigInt(newest) > BigInt(data.seenUpTo)) mutate({ body: { upTo: newest } });
  }, [open, data, seenAtOpen, mutate, onUnread]);

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
      <>
        <Timeline
          items={activity.data.items.map((item) => {
            const at = new Date(item.at);
            const isNew = !item.isOwn && seenAtOpen !== null && BigInt(item.id) > BigInt(seenAtOpen);
            return {
              key: item.id,
              color: item.action === 'delete' || item.action === 'cancel' ? 'gray' : isNew ? 'green' : 'blue',
              content: (
                <div data-testid="activity-item" data-new={isNew}>
                  <div>
                    <ActivityLine item={item} onNavigate={onNavigate} />
                    {isNew ? (
                      <Tag color="green" style={{ marginInlineStart: token.marginXS }}>
                        {t('activity.new')}
                      </Tag>
                    ) : null}
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
        {activity.data.total > PAGE_SIZE ? (
          <nav aria-label={t('activity.pages')}>
            <Pagination
              simple
              size="small"
              align="center"
              current={page}
              pageSize={PAGE_SIZE}
              total={activity.data.total}
              onChange={setPage}
            />
          </nav>
        ) : null}
      </>
    );

  return (
    <>
      <Heading>{t('activity.heading')}</Heading>
      <Intro>{t('activity.intro')}</Intro>
      {body}
    </>
  );
}

/** What the Chat tab will hold; until messages between users exist, it invents none. */
function ChatTab() {
  const { t } = useTranslation('notifications');
  const { token } = theme.useToken();
  return (
    <div data-testid="chat-placeholder">
      <Heading>{t('chat.heading')}</Heading>
      <Empty
        image={<MessageOutlined style={{ fontSize: 40, color: token.colorTextTertiary }} aria-hidden />}
        styles={{ image: { height: 48 } }}
        description={
          <div dir="auto">
            <strong style={{ display: 'block', marginBottom: token.marginXS, color: token.colorText }}>
              {t('chat.title')}
            </strong>
            <span style={{ display: 'block', marginBottom: token.marginXS, color: token.colorTextSecondary }}>
              {t('chat.body')}
            </span>
            <span style={{ color: token.colorTextSecondary }}>{t('chat.notYet')}</span>
          </div>
        }
      />
    </div>
  );
}

function SettingRow({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <li
      style={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        gap: token.marginSM,
        padding: `${token.paddingXS}px 0`,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <label htmlFor={id}>
        <span dir="auto" style={{ display: 'block' }}>
          {label}
        </span>
        <span dir="auto" style={{ display: 'block', color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          {hint}
        </span>
      </label>
      <Switch id={id} data-testid={testId} checked={checked} disabled={disabled} onChange={onChange} />
    </li>
  );
}

/** The user's own notification preferences, saved on each change; only the kinds of activity of their areas. */
function SettingsTab({ open }: { open: boolean }) {
  const { t } = useTranslation('notifications');
  const { names } = usePermissions();
  const kinds = ACTIVITY_KINDS.filter((kind) => visibleActivityEntities(names, (k) => k === kind).length > 0);
  const { token } = theme.useToken();
  const errorText = useErrorText();
  const baseId = useId();
  const preferences = useEndpointQuery(api.preferences, {}, { enabled: open });
  // A change refreshes the preferences (and the activity they filter) before it counts as saved.
  const save = useEndpointMutation(api.updatePreferences);

  if (preferences.isPending) return <Skeleton active paragraph={{ rows: 6 }} title={false} />;
  if (preferences.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('settings.error')}
        description={errorText(preferences.error)}
        action={
          <Button size="small" onClick={() => void preferences.refetch()}>
            {t('settings.retry')}
          </Button>
        }
      />
    );
  const values: NotificationPreferences =
    save.isPending && save.variables?.body ? merge(preferences.data, save.variables.body) : preferences.data;
  const list = { margin: `0 0 ${token.marginMD}px`, padding: 0, listStyle: 'none' } as const;
  const subheading = { margin: `0 0 ${token.marginXXS}px`, fontSize: token.fontSize, fontWeight: 600 } as const;
  return (
    <>
      <Heading>{t('settings.heading')}</Heading>
      <Intro>{t('settings.intro')}</Intro>
      {kinds.length ? <h3 style={subheading}>{t('settings.kinds')}</h3> : null}
      <ul style={list}>
        {kinds.map((kind: ActivityKind) => (
          <SettingRow
            key={kind}
            id={`${baseId}-${kind}`}
            testId={`preference-${kind}`}
            label={t(`settings.kind.${kind}.label`)}
            hint={t(`settings.kind.${kind}.hint`)}
            checked={values.notifications[kind]}
            disabled={save.isPending}
            onChange={(checked) => save.mutate({ body: { notifications: { [kind]: checked } } })}
          />
        ))}
      </ul>
      <h3 style={subheading}>{t('settings.email')}</h3>
      <ul style={list}>
        <SettingRow
          id={`${baseId}-email`}
          testId="preference-emailOnTaskAssignment"
          label={t('settings.emailOnTaskAssignment.label')}
          hint={t('settings.emailOnTaskAssignment.hint')}
          checked={values.emailOnTaskAssignment}
          disabled={save.isPending}
          onChange={(checked) => save.mutate({ body: { emailOnTaskAssignment: checked } })}
        />
      </ul>
      <div role="status" aria-live="polite" style={{ minHeight: token.controlHeight }}>
        {save.isError ? (
          <Alert type="error" showIcon title={t('settings.saveFailed')} description={errorText(save.error)} />
        ) : save.isSuccess ? (
          <span data-testid="preferences-saved" style={{ color: token.colorSuccessText }}>
            {t('settings.saved')}
          </span>
        ) : null}
      </div>
    </>
  );
}

function merge(
  current: NotificationPreferences,
  change: { notifications?: Partial<Record<ActivityKind, boolean>>; emailOnTaskAssignment?: boolean },
): NotificationPreferences {
  return {
    notifications: { ...current.notifications, ...change.notifications },
    emailOnTaskAssignment: change.emailOnTaskAssignment ?? current.emailOnTaskAssignment,
  };
}

/**
 * The content of the notification sidebar: its close control (also Escape) and the tabs Activity,
 * Chat and Settings (specification section 2.6), with real activity and saved preferences.
 */
export function NotificationPanel({
  open,
  onClose,
  onUnread,
}: {
  open: boolean;
  onClose: () => void;
  onUnread: (count: number) => void;
}) {
  const { t } = useTranslation('notifications');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const closeRef = useRef<HTMLButtonElement>(null);
  const [tab, setTab] = useState('activity');

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
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'activity',
            label: <span data-testid="notification-tab-activity">{t('tabs.activity')}</span>,
            children: pane(<ActivityTab open={open} onUnread={onUnread} onNavigate={onClose} />),
          },
          {
            key: 'chat',
            label: <span data-testid="notification-tab-chat">{t('tabs.chat')}</span>,
            children: pane(<ChatTab />),
          },
          {
            key: 'settings',
            label: <span data-testid="notification-tab-settings">{t('tabs.settings')}</span>,
            children: pane(<SettingsTab open={open && tab === 'settings'} />),
          },
        ]}
      />
    </QueryClientProvider>
  );
}
