import { PERMISSION_AREAS, type Permission, type PermissionArea } from '@backoffice/contracts';
import { Spin, Tag, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../../shared/ui/kit/filter-bar.tsx';
import { useListPage } from '../../../../shared/ui/kit/use-list-page.ts';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { Panel } from '../../../../shared/ui/panel.tsx';
import { EmptyState, ErrorState } from '../../../../shared/ui/states.tsx';
import { usePermissionCatalogue } from '../api.ts';
import { PermissionLabel, useMatchesPermission } from '../components/permission-label.tsx';

function groupByArea(items: readonly Permission[]): Array<[PermissionArea, Permission[]]> {
  const byArea = new Map<PermissionArea, Permission[]>();
  for (const item of items) byArea.set(item.area, [...(byArea.get(item.area) ?? []), item]);
  return PERMISSION_AREAS.flatMap((area) => {
    const list = byArea.get(area);
    return list ? [[area, list] as [PermissionArea, Permission[]]] : [];
  });
}

/** The permission catalogue, searchable by code or label, grouped by area with counts, each in words beside its code. */
export function PermissionListPage() {
  const { t } = useTranslation('users');
  const { token } = theme.useToken();
  const list = useListPage();
  // The whole catalogue (one bounded list), searched here, where the labels in the user's language are.
  const catalogue = usePermissionCatalogue('');
  const matches = useMatchesPermission();
  const q = list.state.q;
  const items = useMemo(
    () => (catalogue.data?.items ?? []).filter((p) => matches(p.name, q)),
    [catalogue.data, matches, q],
  );
  const groups = useMemo(() => groupByArea(items), [items]);
  const total = items.length;

  return (
    <>
      <PageHeader>
        {catalogue.data ? (
          <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary }}>
            {t('permissions.summary', { count: total, areas: groups.length })}
          </p>
        ) : null}
      </PageHeader>
      <FilterBar list={list} search={t('permissions.search')} />
      {catalogue.isPending ? (
        <Spin />
      ) : catalogue.isError ? (
        <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState filtered={list.filtered} />
      ) : (
        <div
          data-testid="permission-catalogue"
          style={{ display: 'grid', gap: token.margin, gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' }}
        >
          {groups.map(([area, permissions]) => (
            <Panel
              key={area}
              title={t(`areas.${area}`)}
              extra={
                <Tag aria-label={t('permissions.countInArea', { count: permissions.length })}>{permissions.length}</Tag>
              }
            >
              <ul style={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: token.marginXS }}>
                {permissions.map((permission) => (
                  <li key={permission.name}>
                    <PermissionLabel name={permission.name} />
                  </li>
                ))}
              </ul>
            </Panel>
          ))}
        </div>
      )}
    </>
  );
}
