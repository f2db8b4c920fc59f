// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import menu from '../src/locales/en/menu.json';
import { i18n } from '../src/shared/lib/i18n.ts';
import { PopupMenu } from '../src/shell/popup-menu.tsx';
import { SidebarMenu } from '../src/shell/sidebar-menu.tsx';
import { renderUi, setUpUi } from './ui-setup.tsx';

beforeAll(async () => {
  await setUpUi();
  i18n.addResourceBundle('en', 'menu', menu, true, true);
});
afterEach(cleanup);

const ADMIN = ['view_system_logs', 'view_role', 'view_user', 'view_inventory_summary', 'view_manual_stock'];

function sidebar(url: string, { collapsed = false, small = false, permissions = ADMIN, onCloseMenu = () => {} } = {}) {
  renderUi(
    <nav aria-label="Main navigation">
      <SidebarMenu collapsed={collapsed} small={small} onCloseMenu={onCloseMenu} />
    </nav>,
    { url, permissions },
  );
  return screen.getByRole('navigation');
}

const group = (nav: HTMLElement, name: string) => within(nav).getByRole('button', { name });

describe('the sidebar menu (wide)', () => {
  it('opens the groups leading to the current page and marks its link current', () => {
    const nav = sidebar('/usermanagement/role');
    const admin = group(nav, 'Admin');
    const users = group(nav, 'Users');
    expect(admin.getAttribute('aria-expanded')).toBe('true');
    expect(users.getAttribute('aria-expanded')).toBe('true');
    // Each open group names the list it shows, and that list is there.
    const list = document.getElementById(users.getAttribute('aria-controls') ?? '');
    expect(list?.tagName).toBe('UL');
    const roles = within(list as HTMLElement).getByRole('link', { name: 'Roles' });
    expect(roles.getAttribute('aria-current')).toBe('page');
    expect(roles.getAttribute('href')).toBe('/usermanagement/role');
    expect(within(nav).getByRole('link', { name: 'System Logs' }).getAttribute('aria-current')).toBeNull();
    // Folded: no list, so nothing named that is missing.
    const inventory = group(nav, 'Inventory');
    expect(inventory.getAttribute('aria-expanded')).toBe('false');
    expect(inventory.getAttribute('aria-controls')).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Summary' })).toBeNull();
  });

  it('shows only what the permissions allow', () => {
    const nav = sidebar('/log/system-log', { permissions: ['view_system_logs'] });
    expect(within(nav).queryByRole('button', { name: 'Purchase' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Users' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'System Logs' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'System Config' })).toBeNull();
  });

  it('opens as an accordion: opening a group folds the others but keeps the groups around it', () => {
    const nav = sidebar('/dashboard/dashboard1');
    fireEvent.click(group(nav, 'Inventory'));
    expect(group(nav, 'Inventory').getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(group(nav, 'Admin'));
    expect(group(nav, 'Inventory').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(group(nav, 'Users'));
    expect(group(nav, 'Admin').getAttribute('aria-expanded')).toBe('true');
    expect(group(nav, 'Users').getAttribute('aria-expanded')).toBe('true');
    // A second click folds it.
    fireEvent.click(group(nav, 'Users'));
    expect(group(nav, 'Users').getAttribute('aria-expanded')).toBe('false');
    expect(group(nav, 'Admin').getAttribute('aria-expanded')).toBe('true');
  });

  it('runs the main-menu action on an internal link: on a small screen the menu closes', () => {
    const onCloseMenu = vi.fn();
    const nav = sidebar('/dashboard/dashboard1', { small: true, onCloseMenu });
    fireEvent.click(group(nav, 'Admin'));
    fireEvent.click(within(nav).getByRole('link', { name: 'System Logs' }));
    expect(onCloseMenu).toHaveBeenCalledOnce();
    expect(group(nav, 'Admin').getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a disabled entry as a link that leads nowhere', () => {
    const nav = sidebar('/inventory/summary');
    const override = within(nav).getByRole('link', { name: 'Manual Stock Override' });
    expect(override.getAttribute('aria-disabled')).toBe('true');
    expect(override.hasAttribute('href')).toBe(false);
    expect(override.tabIndex).toBe(0);
  });
});

describe('the sidebar menu (compact)', () => {
  it('names every icon and opens a group beside it; Escape closes it and gives the focus back', () => {
    const nav = sidebar('/dashboard/dashboard1', { collapsed: true });
    const dashboard = within(nav).getByRole('link', { name: 'Dashboard' });
    expect(dashboard.getAttribute('aria-current')).toBe('page');
    const admin = group(nav, 'Admin');
    expect(admin.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(admin);
    expect(admin.getAttribute('aria-expanded')).toBe('true');
    const flyout = document.getElementById(admin.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(flyout).getByRole('link', { name: 'System Logs' })).toBeTruthy();
    // Nested groups unfold inside it.
    fireEvent.click(within(flyout).getByRole('button', { name: 'Users' }));
    within(flyout).getByRole('link', { name: 'Roles' }).focus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(admin.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(admin);
  });

  it('moves into the list with the arrow key, between its links with up and down, and closes on a press elsewhere', () => {
    const nav = sidebar('/dashboard/dashboard1', { collapsed: true });
    const admin = group(nav, 'Admin');
    admin.focus();
    fireEvent.keyDown(admin, { key: 'ArrowRight' });
    const flyout = document.getElementById(admin.getAttribute('aria-controls') ?? '') as HTMLElement;
    const links = within(flyout).getAllByRole('link');
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(within(flyout).getAllByRole('button').at(-1) ?? null);
    fireEvent.pointerDown(document.body);
    expect(admin.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the list when one of its pages is chosen', () => {
    const nav = sidebar('/dashboard/dashboard1', { collapsed: true });
    const admin = group(nav, 'Admin');
    fireEvent.click(admin);
    fireEvent.click(within(nav).getByRole('link', { name: 'System Logs' }));
    expect(admin.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the navbar pop-up menu', () => {
  function popup(onSelect = vi.fn()) {
    renderUi(
      <PopupMenu
        label="Language"
        choice
        items={[
          { key: 'en', label: 'English', checked: false, onSelect },
          { key: 'de', label: 'Deutsch', checked: true, onSelect, testId: 'language-de' },
          { key: 'pt', label: 'Português', checked: false, onSelect },
        ]}
        trigger={(props) => (
          <button type="button" {...props}>
            Language
          </button>
        )}
      />,
    );
    return screen.getByRole('button', { name: 'Language' });
  }

  it('is a menu button: opening focuses the chosen entry, arrows move, Escape closes and returns the focus', () => {
    const button = popup();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Language' });
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    const entries = within(menu).getAllByRole('menuitemradio');
    expect(entries.map((entry) => entry.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false']);
    expect(document.activeElement).toBe(entries[1]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(entries[2]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(entries[0]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(entries[2]);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('runs the chosen entry and closes; a press elsewhere closes without choosing', () => {
    const onSelect = vi.fn();
    const button = popup(onSelect);
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.click(screen.getByTestId('language-de'));
    expect(onSelect).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    act(() => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onSelect).toHaveBeenCalledOnce();
  });
});
