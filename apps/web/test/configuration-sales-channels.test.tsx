// @vitest-environment happy-dom
import type { SalesChannelSetting } from '@backoffice/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  channelChanges,
  SalesChannelsSection,
} from '../src/features/configuration/system-configuration/sales-channels-section.tsx';
import configuration from '../src/locales/en/configuration.json';
import salesInvoices from '../src/locales/en/salesInvoices.json';
import { ApiError } from '../src/shared/lib/errors.ts';
import { i18n } from '../src/shared/lib/i18n.ts';
import { renderUi, setUpUi } from './ui-setup.tsx';

const SETTINGS: SalesChannelSetting[] = [
  { channel: 'MANUAL', pricesIncludeVat: false, dispatchDays: 2 },
  { channel: 'AMAZON', pricesIncludeVat: true, dispatchDays: 1 },
  { channel: 'EBAY', pricesIncludeVat: true, dispatchDays: 1 },
  { channel: 'SHOPIFY', pricesIncludeVat: true, dispatchDays: 1 },
  { channel: 'TIKTOK', pricesIncludeVat: true, dispatchDays: 1 },
  { channel: 'SAMSUNG', pricesIncludeVat: true, dispatchDays: 2 },
];

type Ref = { method: string; path: string };
const net = vi.hoisted(() => ({
  call: vi.fn((_ref: { method: string; path: string }, _input?: unknown): Promise<unknown> => Promise.resolve(null)),
}));
vi.mock('../src/shared/lib/api.ts', async (original) => ({
  ...(await original<typeof import('../src/shared/lib/api.ts')>()),
  callEndpoint: net.call,
}));
vi.mock('../src/shared/lib/runtime-config.ts', () => ({ runtimeConfig: () => ({ apiBaseUrl: '/api/' }) }));

/** What the PUT answers: the settings with the change applied, or an error. */
let put: (body: { items: Partial<SalesChannelSetting>[] }) => Promise<unknown>;

beforeAll(async () => {
  await setUpUi();
  i18n.addResourceBundle('en', 'configuration', configuration, true, true);
  i18n.addResourceBundle('en', 'salesInvoices', salesInvoices, true, true);
});
beforeEach(() => {
  net.call.mockReset();
  put = async ({ items }) => ({
    items: SETTINGS.map((s) => ({ ...s, ...items.find((i) => i.channel === s.channel) })),
  });
  net.call.mockImplementation((ref: Ref, input?: unknown) => {
    if (ref.path !== '/api/sales-invoices/channel-settings') return new Promise(() => undefined);
    if (ref.method === 'GET') return Promise.resolve({ items: SETTINGS });
    return put((input as { body: { items: Partial<SalesChannelSetting>[] } }).body);
  });
});
afterEach(cleanup);

const puts = () => net.call.mock.calls.filter(([ref]) => ref.method === 'PUT').map(([, input]) => input);
const dispatchInput = (channel: string) =>
  screen.getByRole('spinbutton', { name: `Dispatch promise, ${channel}` }) as HTMLInputElement;

describe('System Config → Sales channels', () => {
  it('lists every channel by name with its labelled controls; Save waits for a change', async () => {
    renderUi(<SalesChannelsSection canEdit />, { permissions: ['edit_system_configuration'] });
    const table = await screen.findByTestId('channel-settings-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual([
      'Manual',
      'Amazon',
      'eBay',
      'Shopify',
      'TikTok',
      'Samsung',
    ]);
    expect(dispatchInput('Amazon').value).toBe('1');
    expect(dispatchInput('Manual').value).toBe('2');
    const vat = screen.getByRole('switch', { name: 'Prices include VAT, Manual' });
    expect(vat.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Prices include VAT, Amazon' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByTestId('channel-settings-help').textContent).toContain('Daily Control and Ship List');
    const save = screen.getByTestId('save-salesChannels') as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    // A switch turned and turned back is no change.
    fireEvent.click(vat);
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(vat);
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it('sends only what changed, then shows the saved values with Save off again', async () => {
    renderUi(<SalesChannelsSection canEdit />, { permissions: ['edit_system_configuration'] });
    await screen.findByTestId('channel-settings-table');
    fireEvent.change(dispatchInput('Amazon'), { target: { value: '2' } });
    fireEvent.blur(dispatchInput('Amazon'));
    fireEvent.click(screen.getByRole('switch', { name: 'Prices include VAT, Samsung' }));
    const save = screen.getByTestId('save-salesChannels') as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      body: {
        items: [
          { channel: 'AMAZON', dispatchDays: 2 },
          { channel: 'SAMSUNG', pricesIncludeVat: false },
        ],
      },
    });
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(dispatchInput('Amazon').value).toBe('2');
  });

  it('shows a refusal above the table and on the field it names', async () => {
    put = async () => {
      throw new ApiError(400, 'VALIDATION_FAILED', 'Some values are not valid', {
        issues: [{ path: 'body.items.0.dispatchDays', message: 'from 0 to 30' }],
      });
    };
    renderUi(<SalesChannelsSection canEdit />, { permissions: ['edit_system_configuration'] });
    await screen.findByTestId('channel-settings-table');
    fireEvent.change(dispatchInput('eBay'), { target: { value: '4' } });
    fireEvent.blur(dispatchInput('eBay'));
    const save = screen.getByTestId('save-salesChannels') as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('from 0 to 30')).toBeTruthy();
    expect(screen.getByText('Some values are not valid. Check the form and try again.')).toBeTruthy();
    expect(puts()[0]).toEqual({ body: { items: [{ channel: 'EBAY', dispatchDays: 4 }] } });
  });

  it('is read-only without the permission to edit', async () => {
    renderUi(<SalesChannelsSection canEdit={false} />, { permissions: ['view_system_configuration'] });
    await screen.findByTestId('channel-settings-table');
    expect(screen.queryByTestId('save-salesChannels')).toBeNull();
    expect(dispatchInput('Amazon').disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Prices include VAT, Amazon' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('says when the settings could not be read, with a retry', async () => {
    net.call.mockImplementation(() => Promise.reject(new ApiError(500, 'INTERNAL', 'The server failed.')));
    renderUi(<SalesChannelsSection canEdit />, { permissions: ['edit_system_configuration'] });
    expect(await screen.findByText('Something went wrong on the server. It has been logged.')).toBeTruthy();
    const calls = net.call.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(net.call.mock.calls.length).toBe(calls + 1));
  });
});

describe('channelChanges', () => {
  it('names only the channels and settings that changed, never a cleared number', () => {
    expect(
      channelChanges(SETTINGS, {
        MANUAL: { pricesIncludeVat: false, dispatchDays: 2 },
        AMAZON: { pricesIncludeVat: true, dispatchDays: 0 },
        EBAY: { pricesIncludeVat: false, dispatchDays: null },
        TIKTOK: { pricesIncludeVat: true, dispatchDays: null },
      }),
    ).toEqual([
      { channel: 'AMAZON', dispatchDays: 0 },
      { channel: 'EBAY', pricesIncludeVat: false },
    ]);
    expect(channelChanges(SETTINGS, undefined)).toEqual([]);
  });
});
