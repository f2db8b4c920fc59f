import type { PurchaseInvoiceLine } from '@backoffice/contracts';
import { Table, Tag, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Figure } from '../../inventory/index.ts';

/** The three-way match line by line: ordered, received, invoiced; order price against invoice price; flags. */
export function MatchTable({ lines, currency }: { lines: PurchaseInvoiceLine[]; currency: string }) {
  const { t } = useTranslation('purchaseInvoices');
  const { token } = theme.useToken();
  const bad = (line: PurchaseInvoiceLine, flag: 'QUANTITY' | 'PRICE' | 'NOT_RECEIVED') =>
    line.match.flags.includes(flag) ? { color: token.colorError, fontWeight: 600 } : undefined;
  const columns: ColumnsType<PurchaseInvoiceLine> = [
    { key: 'lineNo', dataIndex: 'lineNo', title: '#', align: 'end', width: 48 },
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, line) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi>{line.product.sku}</bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
            <bdi>{line.orderNumber}</bdi> · {line.product.name}
          </span>
        </span>
      ),
    },
    { key: 'ordered', title: t('fields.ordered'), align: 'end', render: (_, l) => <Figure value={l.match.ordered} /> },
    {
      key: 'received',
      title: t('fields.received'),
      align: 'end',
      render: (_, l) => (
        <span style={bad(l, 'NOT_RECEIVED')}>
          <Figure value={l.match.received} />
        </span>
      ),
    },
    {
      key: 'invoiced',
      title: t('fields.invoiced'),
      align: 'end',
      render: (_, l) => (
        <span style={bad(l, 'QUANTITY')} data-testid="pi-match-quantity">
          <Figure value={l.quantity} />
          {l.match.invoicedElsewhere !== '0' ? (
            <span style={{ color: token.colorTextSecondary }}> (+{l.match.invoicedElsewhere})</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'orderPrice',
      title: `${t('fields.orderUnitNet')} (${currency})`,
      align: 'end',
      render: (_, l) => <Figure value={l.match.orderUnitNet} kind="money" />,
    },
    {
      key: 'invoicePrice',
      title: `${t('fields.invoiceUnitNet')} (${currency})`,
      align: 'end',
      render: (_, l) => (
        <span style={bad(l, 'PRICE')} data-testid="pi-match-price">
          <Figure value={l.match.invoiceUnitNet} kind="money" />
        </span>
      ),
    },
    {
      key: 'difference',
      title: t('fields.priceDifference'),
      align: 'end',
      render: (_, l) => <bdi>{l.match.priceDifferencePercent} %</bdi>,
    },
    { key: 'net', title: t('fields.net'), align: 'end', render: (_, l) => <Figure value={l.net} kind="money" /> },
    { key: 'vat', title: t('fields.vat'), align: 'end', render: (_, l) => <Figure value={l.vat} kind="money" /> },
    {
      key: 'match',
      title: t('fields.match'),
      render: (_, l) =>
        l.match.withinTolerance ? (
          <Tag color="success" data-testid="pi-match-ok">
            {t('match.ok')}
          </Tag>
        ) : (
          l.match.flags.map((f) => (
            <Tag color="error" key={f} data-testid="pi-match-flag">
              {t(`match.${f}`)}
            </Tag>
          ))
        ),
    },
  ];
  return (
    <Table<PurchaseInvoiceLine>
      data-testid="pi-lines"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={lines}
      scroll={{ x: true }}
      tableLayout="auto"
      pagination={lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
    />
  );
}
