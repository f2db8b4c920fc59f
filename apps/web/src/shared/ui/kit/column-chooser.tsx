import { TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, theme } from 'antd';
import {
  type Key,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';

/*
 * Wide tables fit the page (1440 px) with their essential columns; the rest wait in a column chooser.
 * The reader's choice is kept per table in localStorage (it is a preference about a screen, not about
 * a session), as the columns the reader changed from the table's default: a column added to the table
 * later follows its own default instead of being hidden by an old list.
 */

/** The prefix of each table's stored choice (`backoffice-columns:<table id>`). */
export const COLUMN_CHOICE_PREFIX = 'backoffice-columns:';

/** The reader's changes from a table's default: column key → shown. */
export type ColumnChoice = Readonly<Record<string, boolean>>;

/** What the chooser reads of a column (antd's column and column group both fit). */
export interface ChoosableColumn {
  key?: Key | undefined;
  dataIndex?: unknown;
  title?: unknown;
  fixed?: unknown;
}

/** What a table says about its columns for the chooser. */
export interface ColumnChooserOptions {
  /** The table's name in storage (unique in the product, e.g. `transfers.list`). */
  id: string;
  /** Keys of the columns not shown until the reader asks for them. */
  defaultHidden?: readonly string[];
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** The choice stored for a table; nothing (or anything unreadable) is no choice. */
export function readColumnChoice(id: string): ColumnChoice {
  try {
    const raw = localStorage.getItem(COLUMN_CHOICE_PREFIX + id);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

export function writeColumnChoice(id: string, choice: ColumnChoice): void {
  try {
    if (Object.keys(choice).length === 0) localStorage.removeItem(COLUMN_CHOICE_PREFIX + id);
    else localStorage.setItem(COLUMN_CHOICE_PREFIX + id, JSON.stringify(choice));
  } catch {
    // Storage full or refused (private mode): the choice lasts as long as the page.
  }
  notify();
}

/** The key a column is chosen by (its `key`, else its `dataIndex` when that is one name). */
export function columnKeyOf(column: ChoosableColumn): string | undefined {
  if (column.key !== undefined && column.key !== null) return String(column.key);
  return typeof column.dataIndex === 'string' ? column.dataIndex : undefined;
}

/**
 * Whether the reader may hide a column: not the actions, not a column pinned to the start (the record's
 * number or code, what a row is recognised by), not one without a key or a title.
 */
export function isChoosable(column: ChoosableColumn): boolean {
  const key = columnKeyOf(column);
  return !!key && key !== 'actions' && !column.fixed && column.title !== undefined && column.title !== null;
}

/** Whether a column is shown, by the reader's choice, else by the table's default. */
export function isColumnShown(key: string, choice: ColumnChoice, defaultHidden: readonly string[] = []): boolean {
  return choice[key] ?? !defaultHidden.includes(key);
}

/** The columns to draw: those shown, in the table's order; columns that cannot be hidden always. */
export function visibleColumns<C extends ChoosableColumn>(
  columns: readonly C[],
  choice: ColumnChoice,
  defaultHidden: readonly string[] = [],
): C[] {
  return columns.filter((column) => {
    const key = columnKeyOf(column);
    return !isChoosable(column) || !key || isColumnShown(key, choice, defaultHidden);
  });
}

/** The new choice after the reader shows or hides one column (a change back to the default is forgotten). */
export function chooseColumn(
  choice: ColumnChoice,
  key: string,
  shown: boolean,
  defaultHidden: readonly string[] = [],
): ColumnChoice {
  const next: Record<string, boolean> = { ...choice };
  if (shown === !defaultHidden.includes(key)) delete next[key];
  else next[key] = shown;
  return next;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(COLUMN_CHOICE_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** A table's stored choice, following changes made by another table of the same id or another tab. */
function useColumnChoice(id: string | undefined): ColumnChoice {
  // Read as text so that the snapshot is stable between two renders.
  const raw = useSyncExternalStore(subscribe, () => (id ? JSON.stringify(readColumnChoice(id)) : '{}'));
  return useMemo(() => JSON.parse(raw) as ColumnChoice, [raw]);
}

/**
 * A table's columns as the reader chose them, and the chooser to change them (`null` without options
 * or without any column to choose). Any antd table can use it; `DataTable` does, through `columnChooser`.
 */
export function useColumnChooser<C extends ChoosableColumn>(
  columns: readonly C[],
  options: ColumnChooserOptions | undefined,
): { columns: C[]; chooser: ReactNode } {
  const id = options?.id;
  const defaultHidden = options?.defaultHidden ?? [];
  const choice = useColumnChoice(id);
  if (!options || !id) return { columns: [...columns], chooser: null };
  const choosable = columns.filter(isChoosable);
  if (choosable.length === 0) return { columns: [...columns], chooser: null };
  return {
    columns: visibleColumns(columns, choice, defaultHidden),
    chooser: (
      <ColumnChooser
        tableId={id}
        items={choosable.map((column) => {
          const key = columnKeyOf(column) ?? '';
          return {
            key,
            // A title drawn by a function (antd allows it) is named by its key.
            label: typeof column.title === 'function' ? key : (column.title as ReactNode),
            shown: isColumnShown(key, choice, defaultHidden),
          };
        })}
        onChange={(key, shown) => writeColumnChoice(id, chooseColumn(readColumnChoice(id), key, shown, defaultHidden))}
        onReset={() => writeColumnChoice(id, {})}
        isDefault={Object.keys(choice).length === 0}
      />
    ),
  };
}

/**
 * The "Columns" button and its list of check boxes. The list opens right after the button in the page
 * (not at the end of the body), so Tab goes from the button into it; opening puts the focus on the
 * first box, Escape closes it and gives the focus back to the button. At least one column stays.
 */
export function ColumnChooser({
  tableId,
  items,
  onChange,
  onReset,
  isDefault,
}: {
  tableId: string;
  items: readonly { key: string; label: ReactNode; shown: boolean }[];
  onChange: (key: string, shown: boolean) => void;
  onReset: () => void;
  isDefault: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const shownCount = items.filter((item) => item.shown).length;

  useEffect(() => {
    if (!open) return;
    // After the popover has drawn its content.
    const timer = window.setTimeout(() => list.current?.querySelector<HTMLInputElement>('input')?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [open]);

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  const content = (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the list closes it.
    <div
      ref={list}
      data-testid={`columns-${tableId}-list`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close();
        }
      }}
      style={{ display: 'grid', gap: token.marginXXS, minWidth: 200, maxHeight: 360, overflowY: 'auto' }}
    >
      <div id={headingId} style={{ fontWeight: 600, marginBottom: token.marginXXS }}>
        {t('table.columns.heading')}
      </div>
      <fieldset aria-labelledby={headingId} style={{ border: 0, margin: 0, padding: 0, display: 'grid', gap: 2 }}>
        {items.map((item) => (
          <Checkbox
            key={item.key}
            data-testid={`column-choice-${item.key}`}
            checked={item.shown}
            // The last column shown stays: a table of no columns says nothing.
            disabled={item.shown && shownCount <= 1}
            onChange={(event) => onChange(item.key, event.target.checked)}
          >
            {item.label}
          </Checkbox>
        ))}
      </fieldset>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: token.marginXS, marginTop: token.marginXS }}>
        <Button size="small" onClick={onReset} disabled={isDefault} data-testid={`columns-${tableId}-reset`}>
          {t('table.columns.reset')}
        </Button>
        <Button size="small" type="primary" onClick={close}>
          {t('table.columns.done')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : setOpen(false))}
      trigger="click"
      placement="bottomRight"
      content={content}
      getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      destroyOnHidden
    >
      <Button
        ref={button}
        icon={<TableOutlined />}
        data-testid={`columns-${tableId}`}
        aria-expanded={open}
        aria-haspopup="true"
      >
        {t('table.columns.button', { shown: shownCount, total: items.length })}
      </Button>
    </Popover>
  );
}
