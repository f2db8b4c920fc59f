// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ExternalReports } from '../src/features/dashboard/external-reports.tsx';
import { ManageDashboardsPage } from '../src/features/dashboard/pages/manage-dashboards-page.tsx';
import dashboards from '../src/locales/en/dashboards.json';
import { i18n } from '../src/shared/lib/i18n.ts';
import { renderUi, setUpUi } from './ui-setup.tsx';

let answer: unknown = { items: [] };

const net = vi.hoisted(() => ({
  call: vi.fn((_ref: { method: string; path: string }): Promise<unknown> => Promise.resolve(null)),
}));
vi.mock('../src/shared/lib/api.ts', async (original) => ({
  ...(await original<typeof import('../src/shared/lib/api.ts')>()),
  callEndpoint: net.call,
}));
vi.mock('../src/shared/lib/runtime-config.ts', () => ({ runtimeConfig: () => ({ apiBaseUrl: '/api/' }) }));

beforeAll(async () => {
  await setUpUi();
  i18n.addResourceBundle('en', 'dashboards', dashboards, true, true);
  net.call.mockImplementation((ref) => {
    if (ref.path === '/api/bi-reports/visible') return Promise.resolve(answer);
    if (ref.path === '/api/bi-reports/roles')
      return Promise.resolve({ items: [{ id: '00000000-0000-4000-8000-0000000000aa', name: 'Finance' }] });
    if (ref.method === 'GET' && ref.path === '/api/bi-reports')
      return Promise.resolve({ items: [register], total: 1, page: 1, pageSize: 20 });
    return new Promise(() => undefined);
  });
});
afterEach(cleanup);

const sales = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Sales overview',
  embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=1',
  description: 'Monthly sales by channel',
};
const stock = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Stock turn',
  embedUrl: 'https://reports.example.com/embed/2',
  description: '',
};

const register = {
  ...sales,
  roles: [{ id: '00000000-0000-4000-8000-0000000000aa', name: 'Finance' }],
  active: true,
  sortOrder: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
};

describe('Management Dashboards', () => {
  it('lists the register and refuses a plain http address in the form before sending it', async () => {
    renderUi(<ManageDashboardsPage />, { url: '/dashboard/manage-dashboard', permissions: ['powerbi_dashboard_flow'] });
    expect(await screen.findByText('Sales overview')).toBeTruthy();
    expect(screen.getAllByText('Finance').length).toBeGreaterThan(0);
    expect(screen.getByText('app.powerbi.com')).toBeTruthy();
    fireEvent.click(screen.getByTestId('create-bi-report'));
    await screen.findByRole('dialog');
    fireEvent.change(document.getElementById('bi-report-form_name') as HTMLInputElement, {
      target: { value: 'Plain' },
    });
    fireEvent.change(document.getElementById('bi-report-form_embedUrl') as HTMLInputElement, {
      target: { value: 'http://reports.example.com/1' },
    });
    fireEvent.submit(document.getElementById('bi-report-form') as HTMLFormElement);
    await waitFor(() => expect(screen.getByText('The address must start with https://')).toBeTruthy());
    expect(net.call.mock.calls.some(([ref]) => ref.method === 'POST')).toBe(false);
  });
});

describe('external reports on Analytics', () => {
  it('shows the first visible report in a sandboxed frame that sends no referrer, with a link to a new tab', async () => {
    answer = { items: [sales, stock] };
    renderUi(<ExternalReports />, { permissions: ['powerbi_dashboard_view'] });
    const frame = (await screen.findByTestId('external-report-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(sales.embedUrl);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups allow-forms');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(frame.getAttribute('title')).toBe('BI report: Sales overview');
    expect(screen.getByRole('status')).toBeTruthy();
    fireEvent.load(frame);
    expect(screen.queryByRole('status')).toBeNull();
    const open = screen.getByTestId('external-report-open');
    expect(open.getAttribute('href')).toBe(sales.embedUrl);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Monthly sales by channel')).toBeTruthy();
  });

  it('says none is registered, and points whoever keeps the register to Management Dashboards', async () => {
    answer = { items: [] };
    renderUi(<ExternalReports />, { permissions: ['powerbi_dashboard_flow'] });
    expect((await screen.findByTestId('external-reports-empty')).textContent).toContain(
      'No external report is registered for you yet.',
    );
    const link = screen.getByRole('link', { name: 'Management Dashboards' });
    expect(link.getAttribute('href')).toBe('/dashboard/manage-dashboard');
  });

  it('offers a viewer no link to the register, and never frames an address that is not https', async () => {
    answer = { items: [{ ...sales, embedUrl: 'http://app.powerbi.com/x' }] };
    renderUi(<ExternalReports />, { permissions: ['powerbi_dashboard_view'] });
    await screen.findByTestId('external-reports-empty');
    expect(screen.queryByRole('link', { name: 'Management Dashboards' })).toBeNull();
    expect(screen.queryByTestId('external-report-frame')).toBeNull();
  });
});
