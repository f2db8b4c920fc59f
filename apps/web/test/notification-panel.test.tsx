// @vitest-environment happy-dom
import type { ActivityPage, NotificationPreferences } from '@backoffice/contracts';
import { ACTIVITY_KINDS } from '@backoffice/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import notificationsDe from '../src/locales/de/notifications.json';
import notificationsEn from '../src/locales/en/notifications.json';
import { i18n } from '../src/shared/lib/i18n.ts';
import { PermissionProvider, registerPermissions } from '../src/shared/lib/permissions.tsx';
import { queryClient } from '../src/shared/lib/query-client.ts';
import { activityLink, NotificationPanel } from '../src/shell/notification-panel.tsx';
import { setUpUi } from './ui-setup.tsx';

const ANNA = { id: '11111111-1111-4111-8111-111111111111', username: 'anna', name: 'Anna' };
const TRANSFER_ID = '22222222-2222-4222-8222-222222222222';

const page: ActivityPage = {
  items: [
    {
      id: '42',
      at: new Date().toISOString(),
      actor: ANNA,
      isOwn: false,
      action: 'dispatch',
      entity: 'inventory_transfer',
      kind: 'transfers',
      reference: 'TR-2026-00001',
      recordId: TRANSFER_ID,
    },
    {
      id: '40',
      at: new Date(Date.now() - 3_600_000).toISOString(),
      actor: { id: '33333333-3333-4333-8333-333333333333', username: 'me', name: 'Me' },
      isOwn: true,
      action: 'create',
      entity: 'warehouse',
      kind: 'warehouses',
      reference: 'MAIN',
      recordId: '44444444-4444-4444-8444-444444444444',
    },
    {
      id: '30',
      at: new Date(Date.now() - 86_400_000).toISOString(),
      actor: ANNA,
      isOwn: false,
      action: 'update',
      entity: 'product',
      kind: 'products',
      reference: 'SKU-1',
      recordId: '55555555-5555-4555-8555-555555555555',
    },
  ],
  total: 3,
  page: 1,
  pageSize: 10,
  unread: 1,
  seenUpTo: '41',
};
const preferences: NotificationPreferences = {
  notifications: Object.fromEntries(ACTIVITY_KINDS.map((k) => [k, true])) as NotificationPreferences['notifications'],
  emailOnTaskAssignment: true,
};

/** The network stand-in: every call the panel makes, answered as the server would. */
const net = vi.hoisted(() => ({
  call: vi.fn((ref: { method: string; path: string }, input: { body?: unknown }): Promise<unknown> => {
    void input;
    void ref;
    return Promise.resolve(null);
  }),
}));
vi.mock('../src/shared/lib/api.ts', async (original) => ({
  ...(await original<typeof import('../src/shared/lib/api.ts')>()),
  callEndpoint: net.call,
}));
vi.mock('../src/shared/lib/runtime-config.ts', () => ({ runtimeConfig: () => ({ apiBaseUrl: '/api/' }) }));

beforeAll(async () => {
  await setUpUi();
  i18n.addResourceBundle('en', 'notifications', notificationsEn, true, true);
  i18n.addResourceBundle('de', 'notifications', notificationsDe, true, true);
  net.call.mockImplementation((ref, input) => {
    const key = `${ref.method} ${ref.path}`;
    if (key === 'GET /api/me/activity') return Promise.resolve(page);
    if (key === 'PUT /api/me/activity/seen') return Promise.resolve({ seenUpTo: '42', unread: 0 });
    if (key === 'GET /api/me/preferences') return Promise.resolve(preferences);
    if (key === 'PUT /api/me/preferences') {
      const body = input.body as { notifications?: Record<string, boolean> };
      return Promise.resolve({
        ...preferences,
        notifications: { ...preferences.notifications, ...body.notifications },
      });
    }
    return Promise.reject(new Error(`unexpected ${key}`));
  });
});
afterEach(async () => {
  cleanup();
  queryClient.clear();
  net.call.mockClear();
  await i18n.changeLanguage('en');
});

function renderPanel() {
  const onUnread = vi.fn();
  const onClose = vi.fn();
  registerPermissions(['view_inventory_transfer', 'view_warehouse', 'view_product']);
  render(
    <MemoryRouter>
      <PermissionProvider>
        <NotificationPanel open onClose={onClose} onUnread={onUnread} />
      </PermissionProvider>
    </MemoryRouter>,
  );
  return { onUnread, onClose };
}

describe('the notification sidebar', () => {
  it('tells what happened in words, links the record, tags what is new and marks it seen', async () => {
    const { onUnread, onClose } = renderPanel();
    const items = await screen.findAllByTestId('activity-item');
    expect(items.map((i) => i.textContent?.replace(/\d{4}-\d\d-\d\d.*$/, '').trim())).toEqual([
      'Anna dispatched transfer TR-2026-00001New',
      'You created warehouse MAIN',
      'Anna updated product SKU-1',
    ]);
    const link = within(items[0] as HTMLElement).getByTestId('activity-link');
    expect(link.getAttribute('href')).toBe(`/inventory-transfer/transfer/${TRANSFER_ID}`);
    expect(items.map((i) => i.dataset.new)).toEqual(['true', 'false', 'false']);
    await waitFor(() => expect(onUnread).toHaveBeenLastCalledWith(0));
    const seen = net.call.mock.calls.find(([ref]) => ref.path === '/api/me/activity/seen');
    expect(seen?.[1]).toEqual({ body: { upTo: '42' } });
    fireEvent.click(link);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows no invented colleagues in Chat, only what the tab will hold', async () => {
    renderPanel();
    fireEvent.click(screen.getByTestId('notification-tab-chat'));
    const chat = await screen.findByTestId('chat-placeholder');
    expect(chat.textContent).toContain('Messages between the people who use this back office');
    expect(screen.queryAllByTestId('chat-contact')).toEqual([]);
  });

  it('offers the kinds of the user’s areas and saves one when it is switched', async () => {
    renderPanel();
    fireEvent.click(screen.getByTestId('notification-tab-settings'));
    const toggle = await screen.findByTestId('preference-warehouses');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await act(async () => {
      fireEvent.click(toggle);
    });
    await waitFor(() =>
      expect(
        net.call.mock.calls.find(([ref]) => ref.method === 'PUT' && ref.path === '/api/me/preferences')?.[1],
      ).toEqual({
        body: { notifications: { warehouses: false } },
      }),
    );
    expect(await screen.findByTestId('preferences-saved')).toBeTruthy();
    // Only the kinds of the user's areas are offered.
    const offered = ACTIVITY_KINDS.filter((kind) => screen.queryByTestId(`preference-${kind}`));
    expect(offered).toEqual(['transfers', 'bundleTasks', 'products', 'warehouses', 'imports']);
    expect(screen.getByTestId('preference-emailOnTaskAssignment')).toBeTruthy();
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    renderPanel();
    const items = await screen.findAllByTestId('activity-item');
    expect(items[0]?.textContent).toContain('Anna: Umlagerung TR-2026-00001 versendet');
    expect(items[1]?.textContent).toContain('Sie: Lager MAIN erstellt');
  });
});

describe('activity links', () => {
  it('lead to the record’s page, or its list searched for it; never to a deleted record', () => {
    expect(activityLink({ entity: 'product', action: 'update', recordId: 'x', reference: 'SKU 1' })).toBe(
      '/product/product?q=SKU%201',
    );
    expect(activityLink({ entity: 'warehouse', action: 'delete', recordId: TRANSFER_ID, reference: 'W' })).toBeNull();
    expect(
      activityLink({ entity: 'inventory_transfer', action: 'dispatch', recordId: null, reference: 'TR-1' }),
    ).toBeNull();
    expect(activityLink({ entity: 'stock', action: 'adjust', recordId: '17', reference: 'SKU-1' })).toBeNull();
  });
});
