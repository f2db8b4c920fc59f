import { groupsLeadingTo } from './menu.ts';

/**
 * The application shell's service: what the sidebar, the navbar and the customizer do to the layout
 * beyond their own state.
 */

/** Toggling the sidebar fires a window resize after 300 ms, so charts and tables re-measure (spec 2.1, 9). */
export const RESIZE_DELAY_MS = 300;

/** The layout's width changed (sidebar toggled, compacted or resized): tell whoever measures, after 300 ms. */
export function announceLayoutChange() {
  window.setTimeout(() => window.dispatchEvent(new Event('resize')), RESIZE_DELAY_MS);
}

export interface MainMenuContext {
  /** Below antd's `lg` breakpoint the menu lies over the page. */
  small: boolean;
  /** Closes the menu (small screens). */
  closeMenu: () => void;
  /** Sets the menu's open groups. */
  setOpenGroups: (keys: string[]) => void;
}

/**
 * The "main-menu action" run when an internal submenu link is clicked (specification section 2.3):
 * - the groups leading to the link stay open and every other open group collapses (accordion), so
 *   the menu shows one branch;
 * - on small screens the menu closes, uncovering the page the link opens.
 */
export function mainMenuAction(path: string, context: MainMenuContext) {
  context.setOpenGroups(groupsLeadingTo(path));
  if (context.small) context.closeMenu();
}
