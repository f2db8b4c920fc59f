/**
 * antd's Select renders its option list as `role="listbox"` (id `<input id>_list`) with no accessible name, so a
 * screen reader announces an unnamed list and WCAG's "input fields have a name" rule fails on it. Each such list
 * gets the name of its combobox as the list appears: the combobox's aria-label, else its aria-labelledby, else the
 * text of the form label pointing at it.
 */

const LISTBOX = '[role="listbox"][id$="_list"]';

function nameOf(list: Element) {
  if (list.hasAttribute('aria-label') || list.hasAttribute('aria-labelledby')) return;
  const id = list.id.slice(0, -'_list'.length);
  const input = id ? document.getElementById(id) : null;
  if (!input) return;
  const label = input.getAttribute('aria-label');
  if (label) {
    list.setAttribute('aria-label', label);
    return;
  }
  const labelledBy = input.getAttribute('aria-labelledby');
  if (labelledBy) {
    list.setAttribute('aria-labelledby', labelledBy);
    return;
  }
  const text = document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent?.trim();
  if (text) list.setAttribute('aria-label', text);
}

/** Watches the document for option lists and names each; call once at start. */
export function nameListboxes(): void {
  if (typeof MutationObserver === 'undefined') return;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(LISTBOX)) nameOf(node);
        for (const list of node.querySelectorAll(LISTBOX)) nameOf(list);
      }
  }).observe(document.body, { childList: true, subtree: true });
}
