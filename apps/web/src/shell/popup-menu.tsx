import './popup-menu.css';
import {
  Fragment,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';

/**
 * The navbar's pop-up menus (user, language, portals, earlier pages): a menu button of the product's own
 * rather than antd's Dropdown, which brought rc-trigger, rc-menu and rc-motion into the first chunk.
 * The WAI-ARIA menu button: the button has `aria-haspopup="menu"` and `aria-expanded`; opening moves the
 * focus to the first entry (the chosen one of a choice); ↑ ↓ Home End move, Enter or Space takes an entry,
 * Escape closes and gives the focus back to the button, Tab or a click elsewhere closes.
 */

export interface PopupMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  testId?: string;
  lang?: string;
  /** The chosen entry of a choice (the language): a radio entry, checked. */
  checked?: boolean;
  /** A line above the entry. */
  dividerBefore?: boolean;
  /** What the entry does: a command, an address (a new tab) or a page of the app. */
  onSelect?: () => void;
  href?: string;
  to?: string;
}

/** What the trigger button needs: spread these on it. */
export interface PopupTriggerProps {
  ref: Ref<HTMLButtonElement>;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: (event: MouseEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/** The menu's entries, in order. */
function entriesOf(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
}

export function PopupMenu({
  items,
  label,
  align = 'end',
  choice = false,
  trigger,
}: {
  items: readonly PopupMenuItem[];
  /** The menu's accessible name. */
  label: string;
  /** Which edge of the button the menu lines up with (end: the right one, left on a mirrored page). */
  align?: 'start' | 'end';
  /** The entries are a choice of one (radio entries). */
  choice?: boolean;
  trigger: (props: PopupTriggerProps) => ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  /** Which entry takes the focus once the menu shows. */
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const all = entriesOf(menuRef.current);
    const chosen = all.find((entry) => entry.getAttribute('aria-checked') === 'true');
    (focusOnOpen.current === 'last' ? all.at(-1) : (chosen ?? all[0]))?.focus();
    // A press anywhere else closes it (the press still does what it does there).
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open, close]);

  const show = (at: 'first' | 'last') => {
    focusOnOpen.current = at;
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowUp' ? 'last' : 'first');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    if (event.key === 'Tab') {
      close(false);
      return;
    }
    const all = entriesOf(menuRef.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'ArrowDown'
        ? (at + 1) % all.length
        : event.key === 'ArrowUp'
          ? (at - 1 + all.length) % all.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? all.length - 1
              : -1;
    if (next >= 0) {
      event.preventDefault();
      all[next]?.focus();
    } else if (event.key === ' ' && document.activeElement?.tagName === 'A') {
      // Space takes a link entry too, as it does a button entry.
      event.preventDefault();
      (document.activeElement as HTMLElement).click();
    }
  };

  const role = choice ? 'menuitemradio' : 'menuitem';
  const entry = (item: PopupMenuItem) => {
    const common = {
      role,
      tabIndex: -1,
      className: 'bo-popup-menu__item',
      'data-testid': item.testId,
      lang: item.lang,
      ...(choice ? { 'aria-checked': item.checked === true } : {}),
    };
    const content = (
      <>
        {item.icon ? (
          <span className="bo-popup-menu__icon" aria-hidden>
            {item.icon}
          </span>
        ) : null}
        <span className="bo-popup-menu__label">{item.label}</span>
      </>
    );
    if (item.to !== undefined)
      return (
        <Link {...common} to={item.to} onClick={() => close(false)}>
          {content}
        </Link>
      );
    if (item.href !== undefined)
      return (
        <a {...common} href={item.href} target="_blank" rel="noopener noreferrer" onClick={() => close(false)}>
          {content}
        </a>
      );
    return (
      <button
        {...common}
        type="button"
        onClick={() => {
          close(true);
          item.onSelect?.();
        }}
      >
        {content}
      </button>
    );
  };

  return (
    <span ref={rootRef} className="bo-popup">
      {trigger({
        ref: buttonRef,
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': open ? id : undefined,
        onClick: () => (open ? close(false) : show('first')),
        onKeyDown: onTriggerKeyDown,
      })}
      {open ? (
        <div
          ref={menuRef}
          id={id}
          role="menu"
          aria-label={label}
          className="bo-popup-menu"
          data-align={align}
          onKeyDown={onMenuKeyDown}
          onBlur={(event) => {
            // The focus left the menu (not for its button): it closes.
            if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close(false);
          }}
        >
          {items.map((item) => (
            <Fragment key={item.key}>
              {item.dividerBefore ? <hr className="bo-popup-menu__divider" /> : null}
              {entry(item)}
            </Fragment>
          ))}
        </div>
      ) : null}
    </span>
  );
}
