/** What Tab can reach. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex], [contenteditable="true"]';

const shown = (element: HTMLElement) =>
  element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';

/**
 * Tab and Shift+Tab go round inside the open dialog or drawer (`aria-modal="true"`, the topmost when
 * several are open): from its last control to its first and back, never out to the page behind or to
 * the browser (antd's own lock lets one Tab slip out before it pulls the focus back). Installed once for
 * the whole app (app/providers.tsx); returns the uninstaller.
 */
export function keepTabInsideDialogs(): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const dialog = [...document.querySelectorAll<HTMLElement>('[aria-modal="true"]')].filter(shown).at(-1);
    if (!dialog) return;
    const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.tabIndex >= 0 && shown(element),
    );
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (!active || !dialog.contains(active)) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    } else if (event.shiftKey && active === first) {
      event.preventDefault();
      last.focus();
    }
  };
  document.addEventListener('keydown', onKeyDown, true);
  return () => document.removeEventListener('keydown', onKeyDown, true);
}
