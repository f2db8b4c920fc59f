import { type DocumentDef, documentStatuses } from '@backoffice/contracts';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/numbers.ts';
import { documentKey } from './document-text.ts';
import { isDocumentStatus } from './status-tag.tsx';

const ALL = 'ALL';

/**
 * A document list's tabs: "all" then one per status of the definition, in its order, each with its count (of the
 * list's other filters) once the server has answered. `status` is the URL's, anything not a status showing "all";
 * choosing a tab hands the status (undefined for "all") to `onChange`. A count the server stopped counting at a cap
 * (`capped`) reads "at least" (e.g. "10,000+"); one capped at none shows no count. Test ids: `${testId}-tabs` on the tabs, `${testId}-tab-<STATUS|ALL>`
 * on each label.
 */
export function StatusTabs<S extends string>({
  doc,
  status,
  counts,
  capped,
  allLabel,
  onChange,
  testId,
}: {
  doc: DocumentDef<S, string>;
  status: string | undefined;
  counts: Partial<Record<S, number>> | undefined;
  capped?: ReadonlySet<string>;
  allLabel: string;
  onChange: (status: S | undefined) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation('documents');
  const statuses = documentStatuses(doc) as readonly S[];
  // "At least none" says nothing: such a tab shows no count.
  const count = (n: number | undefined, atLeast = false) =>
    n === undefined || (atLeast && n === 0) ? '' : ` (${formatNumber(n, i18n.language)}${atLeast ? '+' : ''})`;
  const total = counts ? statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0) : undefined;
  return (
    <Tabs
      data-testid={`${testId}-tabs`}
      activeKey={isDocumentStatus(doc, status) ? status : ALL}
      onChange={(key) => onChange(isDocumentStatus(doc, key) ? key : undefined)}
      items={[
        {
          key: ALL,
          label: <span data-testid={`${testId}-tab-ALL`}>{`${allLabel}${count(total, !!capped?.size)}`}</span>,
        },
        ...statuses.map((s) => ({
          key: s,
          label: (
            <span data-testid={`${testId}-tab-${s}`}>
              {`${t(documentKey.status(doc, s))}${count(counts?.[s], capped?.has(s))}`}
            </span>
          ),
        })),
      ]}
      style={{ marginBottom: 0 }}
    />
  );
}
