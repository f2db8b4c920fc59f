import './sidebar-menu.css';
import {
  type FocusEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePermissions } from '../shared/lib/permissions.tsx';
import { groupChain, groupKey, groupsLeadingTo, menuLeaves, targetOf, visibleMenu } from './menu.ts';
import { MENU, type MenuItem } from './menu-config.ts';
import { mainMenuAction } from './shell-service.ts';

/**
 * The sidebar's navigation, the product's own (no antd Menu: rc-menu, rc-trigger and rc-motion cost about
 * 25 KB gzipped in the first chunk). A list of links and group buttons (`nav > ul`): a group's button says
 * whether it is open (`aria-expanded`) and which list it shows (`aria-controls`), the current page's link
 * has `aria-current="page"`, a disabled entry is text marked `aria-disabled`. Colours, sizes and the
 * compact fly-out are drawn by sidebar-menu.css.
 */

type Translate = (key: MenuItem['titleKey']) => string;

interface MenuState {
  t: Translate;
  pathname: string;
  openKeys: readonly string[];
  toggleGroup: (key: string) => void;
  /** An internal link was followed. */
  onNavigate: (item: MenuItem) => void;
  /** A prefix for the ids of the groups' lists. */
  idPrefix: string;
  /** The start padding of an entry at `level` (1 = top), in pixels. */
  indent: (level: number) => number;
}

/** Groups have no path: their key (their title) makes their list's id. */
const listId = (prefix: string, item: MenuItem) => `${prefix}${groupKey(item).replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** Paths of the pages some group leads to, so a group leading to the current page shows it. */
function leadsTo(item: MenuItem, pathname: string): boolean {
  return menuLeaves(item.submenu).some((leaf) => leaf.path === pathname);
}

/** A menu title, with its badge only when the badge text is not empty (specification section 2.3). */
function Label({ item, text, hidden = false }: { item: MenuItem; text: string; hidden?: boolean }) {
  return (
    <>
      <span className={hidden ? 'bo-visually-hidden' : 'bo-side-menu__label'}>{text}</span>
      {item.badge.trim() === '' ? null : (
        <span className={`bo-side-menu__badge ${item.badgeClass}`.trim()}>{item.badge}</span>
      )}
    </>
  );
}

function Icon({ item }: { item: MenuItem }) {
  const Glyph = item.icon;
  return Glyph ? (
    <span className="bo-side-menu__icon" aria-hidden>
      <Glyph />
    </span>
  ) : null;
}

/** An entry that is not a group: an internal link, an external link (new tab) or disabled text. */
function Leaf({
  item,
  state,
  level,
  compact = false,
}: {
  item: MenuItem;
  state: MenuState;
  level: number;
  compact?: boolean;
}) {
  const text = state.t(item.titleKey);
  const content = (
    <>
      <Icon item={item} />
      <Label item={item} text={text} hidden={compact} />
    </>
  );
  const indent = compact ? undefined : { paddingInlineStart: state.indent(level) };
  const title = compact ? text : undefined;
  if (item.disabled)
    return (
      // A link that leads nowhere: found by the keyboard and read as a disabled link (an <a> without an
      // address would be no link at all).
      // biome-ignore lint/a11y/useSemanticElements: a disabled link has no address, so it cannot be an <a href>
      <span role="link" tabIndex={0} aria-disabled="true" className="bo-side-menu__item" style={indent} title={title}>
        {content}
      </span>
    );
  if (item.isExternalLink)
    return (
      <a
        href={item.path}
        target="_blank"
        rel="noopener noreferrer"
        className="bo-side-menu__item"
        style={indent}
        title={title}
      >
        {content}
      </a>
    );
  const current = item.path === state.pathname;
  return (
    <Link
      to={targetOf(item)}
      className="bo-side-menu__item"
      aria-current={current ? 'page' : undefined}
      style={indent}
      title={title}
      onClick={() => state.onNavigate(item)}
    >
      {content}
    </Link>
  );
}

/** An entry of the open (wide) menu at `level` (1 = top): a leaf, or a group that unfolds its list below. */
function Entry({ item, state, level }: { item: MenuItem; state: MenuState; level: number }) {
  if (item.submenu.length === 0)
    return (
      <li>
        <Leaf item={item} state={state} level={level} />
      </li>
    );
  const key = groupKey(item);
  const open = state.openKeys.includes(key);
  const id = listId(state.idPrefix, item);
  return (
    <li>
      <button
        type="button"
        className="bo-side-menu__item bo-side-menu__group"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-active={leadsTo(item, state.pathname) || undefined}
        style={{ paddingInlineStart: state.indent(level) }}
        onClick={() => state.toggleGroup(key)}
      >
        <Icon item={item} />
        <Label item={item} text={state.t(item.titleKey)} />
        <span className="bo-side-menu__arrow" aria-hidden />
      </button>
      {open ? (
        <ul id={id} className="bo-side-menu__list bo-side-menu__sub">
          {item.submenu.map((child) => (
            <Entry key={child.path || groupKey(child)} item={child} state={state} level={level + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The focusable entries of a fly-out, in order (for the arrow keys). */
function focusables(root: HTMLElement | null): HTMLElement[] {
  return root ? [...root.querySelectorAll<HTMLElement>('a[href], button, [role="link"][tabindex]')] : [];
}

/**
 * A group of the compact (icons only) menu: its icon is a button that opens the group's list beside the
 * sidebar, by pointer (hover or click) or keyboard (Enter or Space; the arrow key pointing into the page
 * also moves into it). Escape, or the arrow key pointing back, closes it and returns the focus to the icon;
 * a click elsewhere, or the focus leaving, closes it too.
 */
function CompactGroup({
  item,
  state,
  open,
  onOpen,
  onClose,
  onPointerLeave,
}: {
  item: MenuItem;
  state: MenuState;
  open: boolean;
  onOpen: (key: string, sticky: boolean) => void;
  onClose: (key: string) => void;
  onPointerLeave: (key: string) => void;
}) {
  const key = groupKey(item);
  const id = listId(state.idPrefix, item);
  const text = state.t(item.titleKey);
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const flyoutRef = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; start: number } | null>(null);
  const focusFirstOnOpen = useRef(false);

  // Beside the list item's edge (the sidebar's), kept inside the window; measured again while the
  // sidebar or the window moves.
  useLayoutEffect(() => {
    if (!open) {
      setPlace(null);
      return;
    }
    const measure = () => {
      const anchor = itemRef.current?.getBoundingClientRect();
      if (!anchor) return;
      const rtl = getComputedStyle(itemRef.current as Element).direction === 'rtl';
      const width = document.documentElement.clientWidth;
      const height = flyoutRef.current?.offsetHeight ?? 0;
      const top = Math.max(8, Math.min(anchor.top, window.innerHeight - height - 8));
      setPlace({ top, start: rtl ? width - anchor.left : anchor.right });
    };
    measure();
    const onScroll = (event: Event) => {
      if (!flyoutRef.current?.contains(event.target as Node)) measure();
    };
    window.addEventListener('resize', measure);
    document.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('resize', measure);
      document.removeEventListener('scroll', onScroll, true);
    };
  }, [open]);

  // Once placed, the height is known: place again so a tall list stays inside the window.
  useLayoutEffect(() => {
    if (!open || !place || !flyoutRef.current) return;
    const height = flyoutRef.current.offsetHeight;
    const top = Math.max(8, Math.min(place.top, window.innerHeight - height - 8));
    if (top !== place.top) setPlace({ ...place, top });
    if (focusFirstOnOpen.current) {
      focusFirstOnOpen.current = false;
      focusables(flyoutRef.current)[0]?.focus();
    }
  }, [open, place]);

  // A press anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node)) onClose(key);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open, key, onClose]);

  const rtl = () => getComputedStyle(buttonRef.current as Element).direction === 'rtl';
  const closeAndReturn = () => {
    onClose(key);
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    const inward = rtl() ? 'ArrowLeft' : 'ArrowRight';
    if (event.key === inward || event.key === 'ArrowDown') {
      event.preventDefault();
      focusFirstOnOpen.current = true;
      if (open) focusables(flyoutRef.current)[0]?.focus();
      else onOpen(key, true);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      onClose(key);
    }
  };

  const onFlyoutKeyDown = (event: KeyboardEvent) => {
    const back = rtl() ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === 'Escape' || event.key === back) {
      event.preventDefault();
      event.stopPropagation();
      closeAndReturn();
      return;
    }
    const entries = focusables(flyoutRef.current);
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'ArrowDown'
        ? (at + 1) % entries.length
        : event.key === 'ArrowUp'
          ? (at - 1 + entries.length) % entries.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? entries.length - 1
              : -1;
    if (next >= 0 && entries.length > 0) {
      event.preventDefault();
      entries[next]?.focus();
    }
  };

  const onBlur = (event: FocusEvent) => {
    if (open && !itemRef.current?.contains(event.relatedTarget as Node | null)) onClose(key);
  };

  return (
    <li ref={itemRef} onMouseEnter={() => onOpen(key, false)} onMouseLeave={() => onPointerLeave(key)} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="bo-side-menu__item bo-side-menu__group"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-active={leadsTo(item, state.pathname) || undefined}
        onClick={() => onOpen(key, true)}
        onKeyDown={onButtonKeyDown}
      >
        <Icon item={item} />
        <Label item={item} text={text} hidden />
      </button>
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: the keys move between the links inside it
        <div
          ref={flyoutRef}
          id={id}
          className="bo-side-menu__flyout"
          style={place ? { top: place.top, insetInlineStart: place.start } : { visibility: 'hidden' }}
          onKeyDown={onFlyoutKeyDown}
        >
          <p className="bo-side-menu__flyout-title" aria-hidden>
            {text}
          </p>
          <ul className="bo-side-menu__list">
            {item.submenu.map((child) => (
              <Entry key={child.path || groupKey(child)} item={child} state={state} level={1} />
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

/** The compact menu: icons only, each group's list opening beside it. */
function CompactMenu({ items, state }: { items: readonly MenuItem[]; state: MenuState }) {
  // One fly-out at a time; `sticky` when opened by a click or a key (then only a click elsewhere, Escape
  // or the focus leaving closes it), else it follows the pointer, with a short grace to cross the gap.
  const [flyout, setFlyout] = useState<{ key: string; sticky: boolean } | null>(null);
  const leaveTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(leaveTimer.current), []);

  const onOpen = useCallback((key: string, sticky: boolean) => {
    window.clearTimeout(leaveTimer.current);
    setFlyout((current) => {
      if (!sticky) return current?.sticky && current.key === key ? current : { key, sticky: false };
      // A click on the open group's icon closes it.
      return current?.key === key && current.sticky ? null : { key, sticky: true };
    });
  }, []);
  const onClose = useCallback((key: string) => {
    window.clearTimeout(leaveTimer.current);
    setFlyout((current) => (current?.key === key ? null : current));
  }, []);
  const onPointerLeave = useCallback((key: string) => {
    window.clearTimeout(leaveTimer.current);
    leaveTimer.current = window.setTimeout(
      () => setFlyout((current) => (current?.key === key && !current.sticky ? null : current)),
      200,
    );
  }, []);

  const compactState: MenuState = {
    ...state,
    // The fly-out's entries start 16 px in, nested ones 24 px more each (antd's vertical pop-up).
    indent: (level) => 16 + 24 * (level - 1),
    onNavigate: (item) => {
      setFlyout(null);
      state.onNavigate(item);
    },
  };

  return (
    <ul className="bo-side-menu bo-side-menu__list" data-compact="true">
      {items.map((item) =>
        item.submenu.length === 0 ? (
          <li key={item.path}>
            <Leaf item={item} state={compactState} level={1} compact />
          </li>
        ) : (
          <CompactGroup
            key={groupKey(item)}
            item={item}
            state={compactState}
            open={flyout?.key === groupKey(item)}
            onOpen={onOpen}
            onClose={onClose}
            onPointerLeave={onPointerLeave}
          />
        ),
      )}
    </ul>
  );
}

/**
 * The navigation list built from the menu configuration, filtered by the user's permissions. Internal
 * items link to their path and are current on exact match; external items open in a new tab. Groups
 * open as an accordion: opening one folds the others (its enclosing groups stay open), and the groups
 * leading to the current page open when it is reached. Compact: icons only, a group's list beside it.
 */
export function SidebarMenu({
  collapsed,
  small,
  onCloseMenu,
}: {
  collapsed: boolean;
  small: boolean;
  onCloseMenu: () => void;
}) {
  const { pathname } = useLocation();
  const { names } = usePermissions();
  const { t } = useTranslation('menu');
  const idPrefix = `${useId().replace(/[^A-Za-z0-9_-]/g, '')}-menu-`;
  const items = useMemo(() => visibleMenu(MENU, names), [names]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => groupsLeadingTo(pathname));

  // Opening a page from elsewhere (a link, the breadcrumb) unfolds the groups that lead to it.
  useEffect(() => {
    const needed = groupsLeadingTo(pathname);
    if (needed.length) setOpenKeys((open) => [...new Set([...open, ...needed])]);
  }, [pathname]);

  const state: MenuState = {
    t,
    pathname,
    openKeys,
    idPrefix,
    // antd's inline menu: 24 px per level.
    indent: (level) => 24 * level,
    toggleGroup: (key) => setOpenKeys((open) => (open.includes(key) ? open.filter((k) => k !== key) : groupChain(key))),
    onNavigate: (item) =>
      mainMenuAction(item.path, { small, closeMenu: onCloseMenu, setOpenGroups: (keys) => setOpenKeys(keys) }),
  };

  if (collapsed) return <CompactMenu items={items} state={state} />;
  return (
    <ul className="bo-side-menu bo-side-menu__list">
      {items.map((item) => (
        <Entry key={item.path || groupKey(item)} item={item} state={state} level={1} />
      ))}
    </ul>
  );
}
