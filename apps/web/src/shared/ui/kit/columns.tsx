import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/dates.ts';
import { sortOrderOf } from '../../lib/list-state.ts';
import { formatMoney } from '../../lib/numbers.ts';
import { DeleteAction } from './delete-record.tsx';
import { EditAction, RowActions } from './row-actions.tsx';

export type Column<T> = ColumnType<T>;

/** What the factories need besides each column's own options: the URL's sort, the reader's language, two words. */
export interface ColumnKitOptions {
  /** The URL's `sort` (`field` or `-field`). */
  sort: string | undefined;
  /** The sort the API applies when the URL names none, so its column shows the arrow. */
  defaultSort: string;
  language: string;
  texts: { active: string; inactive: string; actions: string };
}

export interface EditDeleteOptions<T> {
  /** How the record is named in the buttons' accessible names and the confirmation. */
  name: (record: T) => string;
  onEdit?: ((record: T) => void) | undefined;
  remove?:
    | {
        /** The question, naming the record. */
        confirm: (record: T) => string;
        hint?: (record: T) => ReactNode;
        /** Why this record can never be deleted (a system role), if so. */
        blocked?: (record: T) => string | undefined;
        run: (record: T) => unknown;
      }
    | undefined;
}

interface Common<T> {
  title: ReactNode;
  /** The record's field (and the column's key, which is what the API sorts by). */
  key?: keyof T & string;
  sortable?: boolean;
}

/**
 * The columns master-data and administration lists have in common, each sorted through the URL: pages
 * list their columns with these and write by hand only what is theirs.
 */
export function columnKit<T extends object>({ sort, defaultSort, language, texts }: ColumnKitOptions) {
  const sorted = (key: string, sortable: boolean): Column<T> =>
    sortable ? { sorter: true, sortOrder: sortOrderOf(sort ?? defaultSort, key) } : {};

  /** A field shown as it is (or through `render` among `extra`), sortable unless `sortable: false`. */
  const text = (key: keyof T & string, title: ReactNode, extra: Column<T> & { sortable?: boolean } = {}): Column<T> => {
    const { sortable = true, ...rest } = extra;
    return { key, dataIndex: key, title, ...sorted(key, sortable), ...rest };
  };

  const actions = (render: (record: T) => ReactNode): Column<T> => ({
    key: 'actions',
    title: texts.actions,
    fixed: 'end',
    render: (_: unknown, record: T) => render(record),
  });

  return {
    text,
    /** Sorting by `key` through the URL, for a column written by hand. */
    sorted: (key: string) => sorted(key, true),

    /** The record's code (SKU, username…), a link to its page when `link` is given. */
    code: (options: Common<T> & { link?: (record: T) => string }): Column<T> => {
      const key = options.key ?? ('code' as keyof T & string);
      return {
        key,
        dataIndex: key,
        title: options.title,
        ...sorted(key, options.sortable ?? true),
        render: (value: string, record: T) =>
          options.link ? <Link to={options.link(record)}>{value}</Link> : <bdi>{value}</bdi>,
      };
    },

    name: (options: Common<T> & { link?: (record: T) => string }): Column<T> => {
      const key = options.key ?? ('name' as keyof T & string);
      return {
        key,
        dataIndex: key,
        title: options.title,
        ...sorted(key, options.sortable ?? true),
        ...(options.link
          ? { render: (value: string, record: T) => <Link to={options.link?.(record) ?? ''}>{value}</Link> }
          : {}),
      };
    },

    /** Active or inactive, as a green or grey tag; `extra` adds the record's other marks beside it. */
    active: (options: {
      title: ReactNode;
      key?: string;
      value: (record: T) => boolean;
      extra?: (record: T) => ReactNode;
    }): Column<T> => ({
      key: options.key ?? 'active',
      title: options.title,
      render: (_: unknown, record: T) => {
        const tag = options.value(record) ? <Tag color="green">{texts.active}</Tag> : <Tag>{texts.inactive}</Tag>;
        const extra = options.extra?.(record);
        return extra ? (
          <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
            {tag}
            {extra}
          </span>
        ) : (
          tag
        );
      },
    }),

    /** A status out of a fixed set, as a tag with the status's label and colour. */
    status: <S extends string>(
      options: Common<T> & {
        key: keyof T & string;
        label: (status: S) => string;
        color?: (status: S) => string | undefined;
      },
    ): Column<T> => ({
      key: options.key,
      dataIndex: options.key,
      title: options.title,
      ...sorted(options.key, options.sortable ?? false),
      render: (value: S) => <Tag color={options.color?.(value)}>{options.label(value)}</Tag>,
    }),

    /** A date or instant as YYYY-MM-DD (specification section 5); `empty` when there is none. */
    date: (options: Common<T> & { empty?: ReactNode }): Column<T> => {
      const key = options.key ?? ('updatedAt' as keyof T & string);
      return {
        key,
        dataIndex: key,
        title: options.title,
        ...sorted(key, options.sortable ?? true),
        render: (value: string | null) => (value ? formatDate(value) : (options.empty ?? '')),
      };
    },

    /** An amount: exact decimal text in the reader's format with its currency, right-aligned. */
    money: (
      options: Common<T> & { key: keyof T & string; currency?: string | ((record: T) => string); places?: 2 | 4 },
    ): Column<T> => ({
      key: options.key,
      dataIndex: options.key,
      title: options.title,
      align: 'end',
      ...sorted(options.key, options.sortable ?? false),
      render: (value: string | null, record: T) => {
        const currency = typeof options.currency === 'function' ? options.currency(record) : options.currency;
        return <bdi>{formatMoney(value, language, currency ?? 'GBP', options.places ?? 2)}</bdi>;
      },
    }),

    /** The row's actions (edit, delete…), kept at the end of a table that scrolls sideways. */
    actions,

    /**
     * The usual row actions: edit (when `onEdit` is given) and delete (when `remove` is), each given
     * only to those who may; no column at all when neither is.
     */
    editDelete: ({ name, onEdit, remove }: EditDeleteOptions<T>): Column<T>[] =>
      onEdit || remove
        ? [
            actions((record) => (
              <RowActions>
                {onEdit ? <EditAction name={name(record)} onClick={() => onEdit(record)} /> : null}
                {remove ? (
                  <DeleteAction
                    name={name(record)}
                    confirm={remove.confirm(record)}
                    hint={remove.hint?.(record)}
                    blocked={remove.blocked?.(record)}
                    onConfirm={() => remove.run(record)}
                  />
                ) : null}
              </RowActions>
            )),
          ]
        : [],
  };
}

export type ColumnKit<T extends object> = ReturnType<typeof columnKit<T>>;

/** `columnKit` with the reader's language and the common texts. */
export function useColumnKit<T extends object>(sort: string | undefined, defaultSort: string): ColumnKit<T> {
  const { t, i18n } = useTranslation();
  return columnKit<T>({
    sort,
    defaultSort,
    language: i18n.language,
    texts: { active: t('kit.status.active'), inactive: t('kit.status.inactive'), actions: t('table.actions') },
  });
}
