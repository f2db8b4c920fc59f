import { Button, Select, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPatch } from '../../lib/list-state.ts';
import { SearchBox } from '../search-box.tsx';
import type { ListControls } from './use-list-page.ts';

/**
 * The row above a list's table: the search box (when the list has one), the page's own filters, and
 * "Clear filters" while anything filters the list. Wraps on narrow screens.
 */
export function FilterBar<F extends string>({
  list,
  search,
  searchTestId,
  autoFocus = true,
  children,
  end,
}: {
  list: ListControls<F>;
  /** The search box's placeholder and accessible name; no search box without it. */
  search?: string;
  /** A `data-testid` around the search box, which takes none of its own. */
  searchTestId?: string;
  autoFocus?: boolean;
  children?: ReactNode;
  /** Shown at the far end of the row (an export button beside a history, say). */
  end?: ReactNode;
}) {
  const { t } = useTranslation();
  const box =
    search !== undefined ? (
      <SearchBox
        value={list.state.q}
        onSearch={(q) => list.update({ q } as ListPatch<F>)}
        placeholder={search}
        autoFocus={autoFocus}
      />
    ) : null;
  return (
    <FilterRow>
      {box && searchTestId ? (
        <div data-testid={searchTestId} style={{ display: 'contents' }}>
          {box}
        </div>
      ) : (
        box
      )}
      {children}
      {list.filtered ? <Button onClick={list.reset}>{t('actions.clearFilters')}</Button> : null}
      {end ? (
        <>
          <span style={{ flex: 1 }} />
          {end}
        </>
      ) : null}
    </FilterRow>
  );
}

/** The row of a list's filters above its table, wrapping on narrow screens. */
export function FilterRow({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: token.marginSM,
        marginBottom: token.margin,
      }}
    >
      {children}
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** One of a list's filters kept in the URL under `name`: "any" (nothing in the URL) or one of `options`. */
export function SelectFilter<F extends string>({
  list,
  name,
  label,
  any,
  options,
  width = 150,
  testId,
  loading,
  searchable,
}: {
  list: ListControls<F>;
  name: F;
  /** The accessible name (the column's title, usually). */
  label: string;
  /** The text of "no filter". */
  any: string;
  options: readonly FilterOption[];
  width?: number;
  testId?: string;
  loading?: boolean;
  searchable?: boolean;
}) {
  const current = list.state.filters[name];
  return (
    <Select
      aria-label={label}
      data-testid={testId}
      value={current ?? ''}
      onChange={(value: string) => list.update({ [name]: value || undefined } as ListPatch<F>)}
      loading={loading}
      showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
      style={{ minWidth: width }}
      options={[{ value: '', label: any }, ...options]}
    />
  );
}

/** The active / inactive filter most master data has, under `name` (`active` unless the API calls it otherwise). */
export function ActiveFilter<F extends string>({
  list,
  name,
  label,
  any,
}: {
  list: ListControls<F>;
  name: F;
  label?: string;
  any?: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectFilter
      list={list}
      name={name}
      label={label ?? t('kit.status.label')}
      any={any ?? t('kit.status.any')}
      options={[
        { value: 'true', label: t('kit.status.active') },
        { value: 'false', label: t('kit.status.inactive') },
      ]}
    />
  );
}
