import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  LANDED_COST_BASES,
  LANDED_COST_TYPES,
  type LandedCostBasis,
  type LandedCostType,
  type PurchaseInvoice,
  type PurchaseInvoiceCharge,
  type PurchaseInvoiceChargeInput,
  type PurchaseInvoiceChargeShare,
  VAT_CODE_LIST,
  type VatCode,
} from '@backoffice/contracts';
import { Alert, Button, Col, Form, Input, Row, Select, Table, Tag, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { uuid } from '../../../shared/lib/uuid.ts';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure } from '../../inventory/index.ts';
import { useChargeableReceipts } from '../api.ts';
import { grnUrl } from '../urls.ts';

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** A landed charge being entered: its receipts keep their labels, so a search that no longer lists them keeps them. */
export interface ChargeDraft {
  key: string;
  chargeType: LandedCostType;
  description: string;
  amount: string;
  vatCode: VatCode;
  basis: LandedCostBasis;
  receipts: { value: string; label: string }[];
}

export const newCharge = (): ChargeDraft => ({
  key: uuid(),
  chargeType: 'FREIGHT',
  description: '',
  amount: '',
  vatCode: 'STANDARD',
  basis: 'VALUE',
  receipts: [],
});

export const chargeAmountValid = (c: ChargeDraft) => AMOUNT.test(c.amount.trim()) && /[1-9]/.test(c.amount);
export const chargeValid = (c: ChargeDraft) => chargeAmountValid(c) && c.receipts.length > 0;

export const chargeInput = (c: ChargeDraft): PurchaseInvoiceChargeInput => ({
  chargeType: c.chargeType,
  description: c.description.trim(),
  amount: c.amount.trim(),
  vatCode: c.vatCode,
  basis: c.basis,
  noteIds: c.receipts.map((r) => r.value),
});

/** Posted receipts of any supplier, searched on the server by number or supplier as the user types. */
function ReceiptPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: ChargeDraft['receipts'];
  onChange: (v: ChargeDraft['receipts']) => void;
}) {
  const { t } = useTranslation('purchaseInvoices');
  const [q, setQ] = useState('');
  const receipts = useChargeableReceipts(q);
  const options = (receipts.data?.items ?? []).map((r) => ({
    value: r.id,
    label: `${r.number} · ${r.supplier ?? '—'} · ${r.receivedDate}`,
  }));
  return (
    <Select
      id={id}
      data-testid="pi-charge-receipts"
      mode="multiple"
      labelInValue
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value}
      onChange={(v) => {
        onChange(v.map((x) => ({ value: String(x.value), label: String(x.label ?? x.value) })));
        setQ('');
      }}
      options={options}
      loading={receipts.isFetching}
      placeholder={t('charges.receiptsPlaceholder')}
      notFoundContent={receipts.isLoading ? t('charges.loading') : t('charges.noReceipts')}
      style={{ width: '100%' }}
    />
  );
}

/** The "Landed charges" section of the entry form: add, change and remove charges, each for one or more receipts. */
export function LandedChargesEditor({
  charges,
  onChange,
}: {
  charges: ChargeDraft[];
  onChange: (next: ChargeDraft[]) => void;
}) {
  const { t } = useTranslation('purchaseInvoices');
  const { t: tp } = useTranslation('purchasing');
  const { t: tr } = useTranslation('receiving');
  const { token } = theme.useToken();
  const set = (key: string, change: Partial<ChargeDraft>) =>
    onChange(charges.map((c) => (c.key === key ? { ...c, ...change } : c)));
  const label = (id: string, text: string) => (
    <label htmlFor={id} style={{ display: 'block' }}>
      {text}
    </label>
  );
  return (
    <Panel
      title={t('charges.title')}
      style={{ marginBottom: token.margin }}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => onChange([...charges, newCharge()])} data-testid="pi-charge-add">
          {t('charges.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('charges.intro')}</Typography.Paragraph>
      {charges.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="pi-charges-empty">
          {t('charges.none')}
        </Typography.Paragraph>
      ) : null}
      {charges.map((c, i) => {
        const p = `pi-charge-${i + 1}`;
        const badAmount = c.amount.trim() !== '' && !chargeAmountValid(c);
        return (
          <fieldset
            key={c.key}
            data-testid="pi-charge"
            style={{
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
              padding: token.paddingSM,
              marginBottom: token.marginSM,
            }}
          >
            <legend style={{ fontSize: token.fontSize, width: 'auto', padding: `0 ${token.paddingXS}px`, margin: 0 }}>
              {t('charges.charge', { n: i + 1 })}
            </legend>
            <Form layout="vertical" component="div">
              <Row gutter={token.margin}>
                <Col xs={24} md={6}>
                  <Form.Item label={label(`${p}-type`, tr('landed.type'))}>
                    <Select<LandedCostType>
                      id={`${p}-type`}
                      data-testid="pi-charge-type"
                      value={c.chargeType}
                      onChange={(v) => set(c.key, { chargeType: v })}
                      options={LANDED_COST_TYPES.map((v) => ({ value: v, label: tr(`landed.types.${v}`) }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={10}>
                  <Form.Item label={label(`${p}-description`, tr('landed.description'))}>
                    <Input
                      id={`${p}-description`}
                      maxLength={200}
                      value={c.description}
                      onChange={(e) => set(c.key, { description: e.target.value })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={4}>
                  <Form.Item
                    label={label(`${p}-amount`, t('charges.net'))}
                    validateStatus={badAmount ? 'error' : undefined}
                    help={badAmount ? tr('landed.amountInvalid') : undefined}
                  >
                    <Input
                      id={`${p}-amount`}
                      data-testid="pi-charge-amount"
                      inputMode="decimal"
                      value={c.amount}
                      onChange={(e) => set(c.key, { amount: e.target.value })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={4}>
                  <Form.Item label={label(`${p}-vat`, t('fields.vat'))}>
                    <Select<VatCode>
                      id={`${p}-vat`}
                      data-testid="pi-charge-vat"
                      value={c.vatCode}
                      onChange={(v) => set(c.key, { vatCode: v })}
                      options={VAT_CODE_LIST.map((v) => ({ value: v, label: tp(`vatCodes.${v}`) }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={14}>
                  <Form.Item label={label(`${p}-receipts`, t('charges.receipts'))} required>
                    <ReceiptPicker
                      id={`${p}-receipts`}
                      value={c.receipts}
                      onChange={(receipts) => set(c.key, { receipts })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={18} md={6}>
                  <Form.Item label={label(`${p}-basis`, tr('landed.basis'))}>
                    <Select<LandedCostBasis>
                      id={`${p}-basis`}
                      data-testid="pi-charge-basis"
                      value={c.basis}
                      onChange={(v) => set(c.key, { basis: v })}
                      options={LANDED_COST_BASES.map((v) => ({ value: v, label: tr(`landed.basisOptions.${v}`) }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={6} md={4} style={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end' }}>
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('charges.remove', { n: i + 1 })}
                    data-testid="pi-charge-remove"
                    onClick={() => onChange(charges.filter((x) => x.key !== c.key))}
                  >
                    {t('charges.removeShort')}
                  </Button>
                </Col>
              </Row>
            </Form>
          </fieldset>
        );
      })}
    </Panel>
  );
}

/** A charge's shares per receipt line: planned while pending, and once booked what went to stock and cost of sales. */
function ChargeShares({ charge }: { charge: PurchaseInvoiceCharge }) {
  const { t } = useTranslation('purchaseInvoices');
  const { t: tr } = useTranslation('receiving');
  const columns: ColumnsType<PurchaseInvoiceChargeShare> = [
    {
      key: 'receipt',
      title: t('charges.receipt'),
      render: (_, s) => (
        <Link to={grnUrl(s.noteId)}>
          <bdi>{s.noteNumber}</bdi>
        </Link>
      ),
    },
    { key: 'lineNo', dataIndex: 'lineNo', title: '#', align: 'end', width: 48 },
    { key: 'sku', title: t('fields.product'), render: (_, s) => <bdi title={s.product.name}>{s.product.sku}</bdi> },
    {
      key: 'accepted',
      title: tr('fields.accepted'),
      align: 'end',
      render: (_, s) => <Figure value={s.acceptedQuantity} />,
    },
    { key: 'basis', title: tr('landed.basisValue'), align: 'end', render: (_, s) => <Figure value={s.basisValue} /> },
    {
      key: 'share',
      title: tr('landed.share'),
      align: 'end',
      render: (_, s) => <Figure value={s.share} kind="money" testId="pi-charge-share" />,
    },
  ];
  if (charge.applied)
    columns.push(
      {
        key: 'inStock',
        title: tr('landed.inStock'),
        align: 'end',
        render: (_, s) => <Figure value={s.inStock} kind="money" />,
      },
      {
        key: 'costOfSales',
        title: tr('landed.costOfSales'),
        align: 'end',
        render: (_, s) => <Figure value={s.costOfSales} kind="money" />,
      },
    );
  return (
    <Table<PurchaseInvoiceChargeShare>
      data-testid="pi-charge-shares"
      rowKey={(s) => `${s.noteId}-${s.lineNo}`}
      size="small"
      columns={columns}
      dataSource={charge.shares}
      pagination={false}
      scroll={{ x: true }}
      tableLayout="auto"
    />
  );
}

/** The invoice's landed charges on its page: each with its receipts and its shares (planned, or as booked). */
export function InvoiceChargesPanel({ invoice }: { invoice: PurchaseInvoice }) {
  const { t } = useTranslation('purchaseInvoices');
  const { t: tp } = useTranslation('purchasing');
  const { t: tr } = useTranslation('receiving');
  const { token } = theme.useToken();
  if (!invoice.charges.length) return null;
  return (
    <Panel title={t('charges.title')} style={{ marginBottom: token.margin }}>
      {invoice.charges.map((c) => (
        <div key={c.id} data-testid="pi-charge-detail" style={{ marginBottom: token.margin }}>
          <Typography.Paragraph strong style={{ marginBottom: token.marginXXS }}>
            <bdi>
              {c.chargeNo}. {tr(`landed.types.${c.chargeType}`)}
              {c.description ? ` · ${c.description}` : ''} ·{' '}
            </bdi>
            <Figure value={c.net} kind="money" /> <bdi>{invoice.currency}</bdi> · {tp(`vatCodes.${c.vatCode}`)}{' '}
            <Figure value={c.vat} kind="money" />
            {invoice.currency !== 'GBP' ? (
              <>
                {' = '}
                <Figure value={c.amountGbp} kind="money" /> <bdi>GBP</bdi>
              </>
            ) : null}{' '}
            {c.reversed ? (
              <Tag color="red">{t('charges.reversed')}</Tag>
            ) : c.applied ? (
              <Tag color="green">{t('charges.applied')}</Tag>
            ) : (
              <Tag>{t('charges.planned')}</Tag>
            )}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: token.marginXS }}>
            {t('charges.for')}{' '}
            {c.notes.map((n, i) => (
              <span key={n.id}>
                {i > 0 ? ', ' : ''}
                <Link to={grnUrl(n.id)} data-testid="pi-charge-receipt-link">
                  <bdi>{n.number}</bdi>
                </Link>{' '}
                <bdi>({n.supplier ?? '—'})</bdi>
              </span>
            ))}{' '}
            · {t('charges.sharedBy', { basis: tr(`landed.bases.${c.basis}`) })}
          </Typography.Paragraph>
          {c.problem ? (
            <Alert
              type="warning"
              showIcon
              title={t('charges.problem', { code: c.problem })}
              style={{ marginBottom: token.marginXS }}
            />
          ) : null}
          {c.shares.length ? <ChargeShares charge={c} /> : null}
        </div>
      ))}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {invoice.status === 'PENDING' ? t('charges.pendingHint') : t('charges.bookedHint')}
      </Typography.Paragraph>
    </Panel>
  );
}
