import { InfoCircleOutlined } from '@ant-design/icons';
import type { StockMovement } from '@backoffice/contracts';
import { Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney as formatMoneyWithSign, isPositive } from '../../../shared/lib/numbers.ts';
import { Figure } from './figure.tsx';
import { MovementKindTag } from './movement-kind.tsx';
import { postedAtText } from './posted-at.ts';
import { ProductLink } from './product-link.tsx';

const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-/i;

/**
 * A landed cost or price difference in words: its kind, the receipt's number (else its source) and the amount it
 * added to the stock there, signed ("Landed cost GRN-2026-00003: +£12.40").
 */
export function costChangeText(
  row: Pick<StockMovement, 'kind' | 'value' | 'sourceNumber' | 'sourceType' | 'sourceId' | 'sourceLine'>,
  t: TFunction<'inventory'>,
  language: string,
): string | null {
  if (row.kind !== 'LANDED_COST' && row.kind !== 'PRICE_DIFFERENCE') return null;
  const document =
    row.sourceNumber ||
    [
      t(`sources.${row.sourceType}`, { defaultValue: row.sourceType }),
      row.sourceId && !UUID_LIKE.test(row.sourceId) ? row.sourceId : null,
    ]
      .filter(Boolean)
      .join(' ');
  const amount = `${isPositive(row.value) ? '+' : ''}${formatMoneyWithSign(row.value, language)}`;
  return t(`movements.costChange.${row.kind}`, { document, amount });
}

/** Which of the ledger's columns a table shows besides when, where, how much, at what cost, why and who. */
export interface MovementColumnOptions {
  /** The product (with its drill-down), for lists over several products. */
  product?: boolean;
  /** The kind of movement, with its in-transit and consignment marks. */
  kind?: boolean;
  /** The balance and its value after each row (a product's history). */
  running?: boolean;
  /** The document that caused the row. */
  source?: boolean;
  /** The title of the quantity column ("Difference" for overrides). */
  quantityTitle?: string;
}

/** The columns of a table of ledger rows (a product's movements, the manual overrides). */
export function useMovementColumns(options: MovementColumnOptions): ColumnsType<StockMovement> {
  const { t, i18n } = useTranslation('inventory');
  const { token } = theme.useToken();
  const columns: ColumnsType<StockMovement> = [
    {
      key: 'postedAt',
      dataIndex: 'postedAt',
      title: t('fields.postedAt'),
      // The day and the time each stay whole; the time goes under the day when the table is short of room.
      render: (value: string) => (
        <bdi>
          {postedAtText(value)
            .split(' ')
            .map((part, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in their order.
              <Fragment key={i}>
                {i ? ' ' : null}
                <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
              </Fragment>
            ))}
        </bdi>
      ),
    },
  ];
  if (options.product)
    columns.push({
      key: 'product',
      title: t('fields.product'),
      render: (_, row) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <ProductLink productId={row.product.id} sku={row.product.sku} warehouseId={row.warehouse.id} />
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{row.product.name}</span>
        </span>
      ),
    });
  if (options.kind)
    columns.push({
      key: 'kind',
      title: t('fields.kind'),
      render: (_, row) => (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: token.marginXXS }}>
          <MovementKindTag kind={row.kind} />
          {row.bucket === 'TRANSIT' ? <Tag>{t('inTransitBucket')}</Tag> : null}
          {row.ownerPartnerId ? (
            <Tooltip title={t('consignmentHint')}>
              <Tag color="cyan">{t('consignment')}</Tag>
            </Tooltip>
          ) : null}
        </span>
      ),
    });
  columns.push(
    {
      key: 'warehouse',
      title: t('fields.warehouse'),
      render: (_, row) => <bdi title={row.warehouse.name}>{row.warehouse.code}</bdi>,
    },
    {
      key: 'bin',
      title: t('fields.bin'),
      // A bin code (A-01-01) is read whole: it does not break at its hyphens.
      render: (_, row) =>
        row.location ? (
          <bdi style={{ whiteSpace: 'nowrap' }}>{row.location.code}</bdi>
        ) : (
          <span title={t('noBin')}>—</span>
        ),
    },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: options.quantityTitle ?? t('fields.quantity'),
      align: 'end',
      render: (value: string) => <Figure value={value} signed testId="movement-quantity" />,
    },
    // Unit cost and value as the row is worth now, so that quantity × unit cost is the value shown (as in the
    // API's answer); a later revaluation (a backdated posting, a settled deficit) shows what it was posted at.
    {
      key: 'unitCost',
      dataIndex: 'unitCost',
      title: t('fields.unitCost'),
      align: 'end',
      render: (value: string | null) => <Figure value={value} kind="cost" />,
    },
    {
      key: 'value',
      title: t('fields.value'),
      align: 'end',
      render: (_, row) => {
        const posted = t('movements.revaluedFrom', {
          value: formatMoneyWithSign(row.value, i18n.language),
          unitCost: row.postedUnitCost ? formatMoneyWithSign(row.postedUnitCost, i18n.language, 'GBP', 4) : '—',
        });
        return (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXXS }}>
            {row.currentValue !== row.value ? (
              <Tooltip title={posted}>
                <InfoCircleOutlined
                  aria-label={posted}
                  data-testid="movement-revalued"
                  style={{ color: token.colorTextSecondary }}
                />
              </Tooltip>
            ) : null}
            <Figure value={row.currentValue} kind="money" />
          </span>
        );
      },
    },
  );
  if (options.running)
    columns.push(
      {
        key: 'runningQuantity',
        dataIndex: 'runningQuantity',
        title: t('fields.runningQuantity'),
        align: 'end',
        render: (value: string | undefined) => <Figure value={value} />,
      },
      {
        key: 'runningValue',
        dataIndex: 'runningValue',
        title: t('fields.runningValue'),
        align: 'end',
        render: (value: string | undefined) => <Figure value={value} kind="money" />,
      },
    );
  if (options.source)
    columns.push({
      key: 'source',
      title: t('fields.source'),
      render: (_, row) => (
        <bdi style={{ whiteSpace: 'nowrap' }}>
          {[
            t(`sources.${row.sourceType}`, { defaultValue: row.sourceType }),
            // Internal ids say nothing to a person; document numbers and references do.
            row.sourceNumber || (row.sourceId && !UUID_LIKE.test(row.sourceId) ? row.sourceId : null),
            row.sourceLine ? `#${row.sourceLine}` : null,
          ]
            .filter(Boolean)
            .join(' ')}
        </bdi>
      ),
    });
  columns.push(
    {
      key: 'reason',
      dataIndex: 'reason',
      title: t('fields.reason'),
      // Long reasons wrap within a readable width instead of stretching the table. A landed cost or price
      // difference says what it was first ("Landed cost GRN-2026-00003: +£12.40"), then why.
      render: (value: string, row) => {
        const change = costChangeText(row, t, i18n.language);
        return (
          <div style={{ minWidth: 120, maxWidth: 320, whiteSpace: 'normal' }}>
            {change ? (
              <div data-testid="movement-cost-change">
                {/* Words wrap between each other, never inside (a number like GRN-2026-00003 stays whole). */}
                <bdi>
                  {change.split(' ').map((word, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the words of one text, in their order.
                    <Fragment key={i}>
                      {i ? ' ' : null}
                      <span style={{ whiteSpace: 'nowrap' }}>{word}</span>
                    </Fragment>
                  ))}
                </bdi>
              </div>
            ) : null}
            {value || (change ? null : '—')}
          </div>
        );
      },
    },
    {
      key: 'user',
      dataIndex: 'username',
      title: t('fields.user'),
      render: (value: string | null) => (value ? <bdi>{value}</bdi> : '—'),
    },
  );
  return columns;
}
