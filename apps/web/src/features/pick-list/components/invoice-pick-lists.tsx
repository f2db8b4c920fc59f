import { pickListDocument } from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { usePickLists } from '../api.ts';
import { pickListUrl } from '../urls.ts';

/**
 * The pick lists a sales invoice is or was on, each a link (for the invoice's page); nothing for a user who may not
 * handle pick lists or an invoice never picked.
 */
export function InvoicePickLists({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation('pickLists');
  const { has } = usePermissions();
  const allowed = has('handle_pick_list_process');
  const lists = usePickLists({ page: 1, pageSize: 10, invoiceId, sort: '-createdAt' }, allowed);
  const items = lists.data?.items ?? [];
  if (!allowed || !items.length) return null;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8 }} data-testid="si-pick-lists">
      <span>{t('invoice.onLists')}</span>
      {items.map((l) => (
        <span key={l.id} style={{ display: 'inline-flex', gap: 4 }}>
          <Link to={pickListUrl(l.id)} data-testid="si-pick-list-link">
            <bdi>{l.number}</bdi>
          </Link>
          <StatusTag doc={pickListDocument} status={l.status} />
        </span>
      ))}
    </span>
  );
}
