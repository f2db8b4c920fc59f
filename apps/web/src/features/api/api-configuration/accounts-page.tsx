import { ApiOutlined, LoadingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  CHANNEL_ACCOUNT_TYPES,
  type ChannelAccount,
  type ChannelAccountType,
  type ChannelEnvironment,
} from '@backoffice/contracts';
import { Button, Modal, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { type ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../../shared/ui/kit/columns.tsx';
import { DeleteAction, useDeleteRecord } from '../../../shared/ui/kit/delete-record.tsx';
import { FilterBar, SelectFilter } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton, EditAction, RowAction, RowActions } from '../../../shared/ui/kit/row-actions.tsx';
import { flag, oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import {
  AccountTypeLabel,
  API_CONFIG_PATH,
  accountUrl,
  CredentialsState,
  EnvironmentTag,
  useAccountErrorText,
} from './account-words.tsx';
import { useChannelAccounts, useDeleteChannelAccount, useTestChannelAccount } from './api.ts';

const FILTERS = ['type', 'kind', 'enabled'] as const;
const KINDS = ['CHANNEL', 'CARRIER'] as const;

/** How many sales invoices hold an account, from a 409 IN_USE's details. */
function invoicesHolding(error: ApiError): number | null {
  const references = errorDetails(error).references;
  if (!Array.isArray(references)) return null;
  const invoices = references.find((r) => r && typeof r === 'object' && r.kind === 'sales_invoice');
  return typeof invoices?.count === 'number' ? invoices.count : null;
}

/** Api Config: the accounts of sales channels and carriers, with whether each can connect and how it last went. */
export function AccountsPage() {
  const { t } = useTranslation('channels');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const list = useListPage(FILTERS);
  const { type, kind, enabled } = list.state.filters;
  const result = useChannelAccounts({
    ...list.query,
    type: oneOf(type, CHANNEL_ACCOUNT_TYPES),
    kind: oneOf(kind, KINDS),
    enabled: flag(enabled),
  });
  const remove = useDeleteChannelAccount();
  const [deleteRecord, deleteHolder] = useDeleteRecord((id) => remove.mutateAsync(id), {
    explain: (error) => {
      if (error.code !== 'IN_USE') return null;
      const count = invoicesHolding(error);
      return count === null ? error.message : t('list.inUse', { count });
    },
  });
  const test = useTestChannelAccount();
  const errorText = useAccountErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const canEdit = has('edit_api_configuration');

  const runTest = async (record: ChannelAccount) => {
    try {
      const outcome = await test.mutateAsync(record.id);
      const title = t(outcome.ok ? 'list.testOkTitle' : 'list.testFailedTitle', { name: record.name });
      (outcome.ok ? modal.success : modal.error)({ title, content: outcome.message });
    } catch (error) {
      const text = errorText(error);
      if (text) modal.error({ title: t('list.testFailedTitle', { name: record.name }), content: text });
    }
  };

  const col = useColumnKit<ChannelAccount>(list.state.sort, 'name');
  const columns = [
    col.name({ title: t('fields.name'), link: (record) => accountUrl(record.id) }),
    col.text('type', t('fields.type'), {
      render: (value: ChannelAccountType) => <AccountTypeLabel type={value} />,
    }),
    col.text('environment', t('fields.environment'), {
      sortable: false,
      render: (value: ChannelEnvironment) => <EnvironmentTag environment={value} />,
    }),
    col.text('marketplace', t('fields.marketplace'), {
      sortable: false,
      render: (value: string | null) => (value ? <bdi>{value}</bdi> : ''),
    }),
    {
      key: 'enabled',
      title: t('fields.enabled'),
      render: (_: unknown, record: ChannelAccount) =>
        record.enabled ? <Tag color="green">{t('list.enabled')}</Tag> : <Tag>{t('list.disabled')}</Tag>,
    },
    {
      key: 'credentials',
      title: t('fields.credentials'),
      render: (_: unknown, record: ChannelAccount) => <CredentialsState account={record} />,
    },
    {
      key: 'lastTest',
      title: t('fields.lastTest'),
      render: (_: unknown, record: ChannelAccount) => {
        const last = record.lastTest;
        if (!last) return <Typography.Text type="secondary">{t('list.neverTested')}</Typography.Text>;
        return (
          <div data-testid={`last-test-${record.id}`} style={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: token.marginXXS }}>
              <Tag color={last.ok ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
                {last.ok ? t('list.testOk') : t('list.testFailed')}
              </Tag>
              <Typography.Text type="secondary">{formatDateTime(last.at)}</Typography.Text>
            </span>
            {last.message ? (
              <Typography.Paragraph
                type={last.ok ? 'secondary' : 'danger'}
                ellipsis={{ rows: 2, tooltip: last.message }}
                style={{ margin: 0 }}
              >
                {last.message}
              </Typography.Paragraph>
            ) : null}
          </div>
        );
      },
    },
    col.date({ title: t('fields.updatedAt') }),
    ...(canEdit
      ? [
          col.actions((record) => (
            <RowActions>
              <EditAction name={record.name} onClick={() => navigate(accountUrl(record.id))} />
              <RowAction
                label={t('list.test')}
                name={record.name}
                icon={test.isPending && test.variables === record.id ? <LoadingOutlined /> : <ApiOutlined />}
                onClick={() => void runTest(record)}
              />
              <DeleteAction
                name={record.name}
                confirm={t('list.deleteConfirm', { name: record.name })}
                hint={t('list.deleteHint')}
                onConfirm={() => deleteRecord(record.id, record.name)}
              />
            </RowActions>
          )),
        ]
      : []),
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="channel-accounts-table"
      rowKey="id"
      columns={columns}
      columnChooser={{ id: 'api.channel-accounts', defaultHidden: ['updatedAt'] }}
      actions={
        <Button
          icon={<UnorderedListOutlined />}
          data-testid="open-channel-listings"
          onClick={() => navigate(`${API_CONFIG_PATH}/listings`)}
        >
          {t('listings.open')}
        </Button>
      }
      create={
        <CreateButton
          permission="edit_api_configuration"
          testId="create-channel-account"
          label={t('list.create')}
          onClick={() => navigate(`${API_CONFIG_PATH}/new`)}
        />
      }
      filters={
        <FilterBar list={list} search={t('list.search')}>
          <SelectFilter
            list={list}
            name="type"
            label={t('fields.type')}
            any={t('list.anyType')}
            width={210}
            options={CHANNEL_ACCOUNT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
          />
          <SelectFilter
            list={list}
            name="kind"
            label={t('fields.kind')}
            any={t('list.anyKind')}
            width={190}
            options={KINDS.map((value) => ({ value, label: t(`kindGroups.${value}`) }))}
          />
          <SelectFilter
            list={list}
            name="enabled"
            label={t('fields.enabled')}
            any={t('list.anyEnabled')}
            width={180}
            options={[
              { value: 'true', label: t('list.enabled') },
              { value: 'false', label: t('list.disabled') },
            ]}
          />
        </FilterBar>
      }
    >
      {deleteHolder}
      {modalHolder}
    </ListPage>
  );
}
