import type { TableRef } from 'antd/es/table';
import { type RefObject, useEffect } from 'react';

/** The parts of an antd Table that scroll (sideways, or down with a fixed header). */
const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * Makes a table's scrolling box reachable from the keyboard while its content overflows (WCAG 2.1.1; axe
 * `scrollable-region-focusable`): a tab stop named `label`, so the arrow keys scroll it. A box that fits
 * takes no tab stop. Checked again when the table's size or rows change.
 */
export function useFocusableScroll(table: RefObject<TableRef | null>, label: string) {
  useEffect(() => {
    const element = table.current?.nativeElement;
    if (!element) return;
    const update = () => {
      for (const box of element.querySelectorAll<HTMLElement>(SCROLLERS)) {
        const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
        if (scrolls && box.getAttribute('tabindex') !== '0') {
          box.setAttribute('tabindex', '0');
          box.setAttribute('role', 'region');
          box.setAttribute('aria-label', label);
        } else if (!scrolls && box.hasAttribute('tabindex')) {
          box.removeAttribute('tabindex');
          box.removeAttribute('role');
          box.removeAttribute('aria-label');
        }
      }
    };
    update();
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(element);
    const changed = new MutationObserver(update);
    changed.observe(element, { childList: true, subtree: true });
    return () => {
      resized?.disconnect();
      changed.disconnect();
    };
  }, [table, label]);
}
