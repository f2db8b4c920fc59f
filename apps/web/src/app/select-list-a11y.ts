import useBaseProps from '@rc-component/select/es/hooks/useBaseProps';
import RawOptionList, { type RefOptionListProps } from '@rc-component/select/es/OptionList';
import SelectContext from '@rc-component/select/es/SelectContext';
import { createElement, forwardRef, useContext, useLayoutEffect } from 'react';

/**
 * Stands in for the option list of antd's Select (and AutoComplete) by way of vite.config.ts, which resolves only
 * @rc-component/select's own `./OptionList` here: the list is the original, and after each of its renders while open
 * three things rc-select leaves wrong for axe and screen readers are put right (each fails a WCAG rule with the list
 * open: `aria-input-field-name`, `aria-required-children`, `aria-valid-attr-value`):
 * - the `role="listbox"` element gets the name of the field it belongs to: the combobox's `aria-labelledby` or
 *   `aria-label` when given, else its `<label for>` (a Form.Item's label), referred to by `aria-labelledby` so that
 *   the name is computed exactly as the combobox's is (a required mark included) and follows the label's language;
 * - with no options (nothing found, or still loading) the element holds only a message, which is no listbox: its
 *   role is taken away (the combobox still controls it, and the message is read as text);
 * - the combobox's `aria-activedescendant` is dropped while it points at no element (`…_list_-1`: no option active).
 * React sets these attributes again whenever their value changes, and this runs after every such render.
 */
const A11yOptionList = forwardRef<RefOptionListProps>(function A11yOptionList(props, ref) {
  const base = useBaseProps();
  // Read so that this renders whenever the options or the active one change.
  useContext(SelectContext);
  const { id, open, prefixCls } = base;
  const label = base['aria-label'];
  const labelledBy = base['aria-labelledby'];
  useLayoutEffect(() => {
    if (!open) return;
    const combobox = document.getElementById(id);
    const active = combobox?.getAttribute('aria-activedescendant');
    if (combobox && active && !document.getElementById(active)) combobox.removeAttribute('aria-activedescendant');
    const listbox = document.getElementById(`${id}_list`);
    if (!listbox) return;
    if (listbox.classList.contains(`${prefixCls}-item-empty`)) {
      listbox.removeAttribute('role');
      return;
    }
    if (listbox.getAttribute('role') !== 'listbox') return;
    const byIds = labelledBy ?? combobox?.getAttribute('aria-labelledby') ?? labelIds(combobox, id);
    if (byIds) {
      listbox.removeAttribute('aria-label');
      listbox.setAttribute('aria-labelledby', byIds);
      return;
    }
    listbox.removeAttribute('aria-labelledby');
    const name = label ?? combobox?.getAttribute('aria-label') ?? combobox?.getAttribute('title') ?? '';
    if (name) listbox.setAttribute('aria-label', name);
    else listbox.removeAttribute('aria-label');
  });
  return createElement(RawOptionList, { ...props, ref });
});

/** The ids of a form control's labels (`<label for>` or around it), given one where a label has none; '' if none. */
function labelIds(element: HTMLElement | null, id: string): string {
  if (!(element instanceof HTMLInputElement)) return '';
  return Array.from(element.labels ?? [])
    .map((l, i) => {
      if (!l.id) l.id = `${id}_label${i ? `_${i}` : ''}`;
      return l.id;
    })
    .join(' ');
}

export default A11yOptionList;
