import { LinkOutlined, UploadOutlined } from '@ant-design/icons';
import type { ChannelListing, UnmappedSku } from '@backoffice/contracts';
import { Button, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { formatNumber, formatQuantity } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { DeleteAction, useDeleteRecord } from '../../../shared/ui/kit/delete-record.tsx';
import { FilterBar, SelectFilter } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton, EditAction, RowAction, RowActions } from '../../../shared/ui/kit/row-actions.tsx';
import { oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { useRecordTitle } from '../../../shared/ui/page-header.tsx';
import { useChannelListings, useDeleteChannelListing, useUnmappedSkus } from '../sync/api.ts';
import { useChannelAccounts } from './api.ts';
import { type ListingDraft, ListingFormDrawer } from './listing-form-drawer.tsx';
import { ListingsUploadDrawer } from './listings-upload-drawer.tsx';

const FILTERS = ['accountId'] as const;

/** SKUs a channel sold that no listing or product has, each with a Map that opens the form with it. */
function UnmappedSkus({ accountId, onMap }: { accountId: string | undefined; onMap: (sku: UnmappedSku) => void }) {
  const { t, i18n } = useTranslation('channels');
  const { has } = usePermissions();
  const [state, setState] = useState({ page: 1, pageSize: 20, sort: undefined as string | undefined });
  const result = useUnmappedSkus({ page: state.page, pageSize: state.pageSize, ...(accountId ? { accountId } : {}) });
  const columns = [
    {
      key: 'account',
      title: t('listings.fields.account'),
      render: (_: unknown, r: UnmappedSku) => <bdi>{r.account.name}</bdi>,
    },
    { key: 'sku', dataIndex: 'sku', title: t('listings.fields.sku'), render: (v: string) => <bdi>{v}</bdi> },
    {
      key: 'title',
      dataIndex: 'title',
      title: t('listings.fields.title'),
      render: (v: string | null) => (v ? <bdi>{v}</bdi> : ''),
    },
    {
      key: 'orders',
      dataIndex: 'orders',
      title: t('listings.fields.orders'),
      align: 'end' as const,
      render: (v: number) => formatNumber(v, i18n.language),
    },
    {
      key: 'lastSeenAt',
      dataIndex: 'lastSeenAt',
      title: t('listings.fields.lastSeenAt'),
      render: (v: string) => formatDateTime(v),
    },
    ...(has('edit_api_configuration')
      ? [
          {
            key: 'actions',
            title: t('sync.fields.actions'),
            render: (_: unknown, r: UnmappedSku) => (
              <RowActions>
                <RowAction label={t('listings.map')} name={r.sku} icon={<LinkOutlined />} onClick={() => onMap(r)} />
              </RowActions>
            ),
          },
        ]
      : []),
  ];
  return (
    <section aria-label={t('listings.unmappedTitle')} style={{ marginTop: 32 }} data-testid="unmapped-skus">
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('listings.unmappedTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('listings.unmappedIntro')}</Typography.Paragraph>
      <DataTable<UnmappedSku>
        testId="unmapped-skus-table"
        rowKey={(r) => `${r.account.id}:${r.sku}`}
        columns={columns}
        state={state}
        onChange={(patch) => setState((s) => ({ ...s, ...patch }))}
        page={result.data}
        isLoading={result.isFetching}
        error={result.error}
        onRetry={() => void result.refetch()}
        filtered={!!accountId}
      />
    </section>
  );
}

/**
 * Api Config → Listings: which product each channel SKU is, with the channel's ids and the last stock level it
 * accepted; then the SKUs sold that nothing maps yet.
 */
export function ListingsPage() {
  const { t, i18n } = useTranslation('channels');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const list = useListPage(FILTERS);
  const accountsResult = useChannelAccounts({ page: 1, pageSize: 200, kind: 'CHANNEL' });
  const accounts = accountsResult.data?.items ?? [];
  const accountId = oneOf(
    list.state.filters.accountId,
    accounts.map((a) => a.id),
  );
  const result = useChannelListings({ ...list.query, ...(accountId ? { accountId } : {}) });
  const [draft, setDraft] = useState<ListingDraft | null>(null);
  const [isUploading, setUploading] = useState(false);
  const remove = useDeleteChannelListing();
  const [deleteRecord, deleteHolder] = useDeleteRecord((id) => remove.mutateAsync(id));
  const canEdit = has('edit_api_configuration');
  useRecordTitle(t('listings.open'));

  const columns = [
    {
      key: 'account',
      title: t('listings.fields.account'),
      render: (_: unknown, r: ChannelListing) => (
        <span>
          <bdi>{r.account.name}</bdi>
          <br />
          <Typography.Text type="secondary">{t(`types.${r.account.type}`)}</Typography.Text>
        </span>
      ),
    },
    { key: 'sku', dataIndex: 'sku', title: t('listings.fields.sku'), render: (v: string) => <bdi>{v}</bdi> },
    {
      key: 'product',
      title: t('listings.fields.product'),
      render: (_: unknown, r: ChannelListing) => (
        <span>
          <bdi>{r.product.sku}</bdi> · <bdi>{r.product.name}</bdi>
        </span>
      ),
    },
    {
      key: 'externalId',
      dataIndex: 'externalId',
      title: t('listings.fields.externalId'),
      render: (v: string | null) => (v ? <bdi>{v}</bdi> : ''),
    },
    {
      key: 'externalRef',
      dataIndex: 'externalRef',
      title: t('listings.fields.externalRef'),
      render: (v: string | null) => (v ? <bdi>{v}</bdi> : ''),
    },
    {
      key: 'pushedQuantity',
      title: t('listings.fields.pushed'),
      align: 'end' as const,
      render: (_: unknown, r: ChannelListing) =>
        r.pushedQuantity === null ? (
          <Typography.Text type="secondary">{t('listings.neverPushed')}</Typography.Text>
        ) : (
          <div>
            <div>{formatQuantity(r.pushedQuantity, i18n.language)}</div>
            {r.pushedAt ? <Typography.Text type="secondary">{formatDateTime(r.pushedAt)}</Typography.Text> : null}
          </div>
        ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('sync.fields.actions'),
            render: (_: unknown, r: ChannelListing) => (
              <RowActions>
                <EditAction name={r.sku} onClick={() => setDraft({ listing: r })} />
                <DeleteAction
                  name={r.sku}
                  confirm={t('listings.deleteConfirm', { sku: r.sku, account: r.account.name })}
                  hint={t('listings.deleteHint')}
                  onConfirm={() => deleteRecord(r.id, r.sku)}
                />
              </RowActions>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="channel-listings-table"
      rowKey="id"
      columns={columns}
      intro={t('listings.intro')}
      actions={
        canEdit ? (
          <Button icon={<UploadOutlined />} data-testid="upload-channel-listings" onClick={() => setUploading(true)}>
            {t('listingsUpload.action')}
          </Button>
        ) : null
      }
      create={
        <CreateButton
          permission="edit_api_configuration"
          testId="create-channel-listing"
          label={t('listings.create')}
          onClick={() => setDraft({})}
        />
      }
      filters={
        <FilterBar list={list} search={t('listings.search')}>
          <SelectFilter
            list={list}
            name="accountId"
            label={t('listings.fields.account')}
            any={t('sync.filters.anyAccount')}
            width={220}
            loading={accountsResult.isFetching}
            options={accounts.map((a) => ({ value: a.id, label: a.name }))}
          />
        </FilterBar>
      }
    >
      <div style={{ marginTop: token.marginLG }}>
        <UnmappedSkus accountId={accountId} onMap={(sku) => setDraft({ accountId: sku.account.id, sku: sku.sku })} />
      </div>
      <ListingFormDrawer draft={draft} accounts={accounts} onClose={() => setDraft(null)} />
      <ListingsUploadDrawer open={isUploading} onClose={() => setUploading(false)} />
      {deleteHolder}
    </ListPage>
  );
}
