import { PlusOutlined } from '@ant-design/icons';
import {
  CURRENCY_CODES,
  type GoodReceivedNote,
  LANDED_COST_BASES,
  LANDED_COST_TYPES,
  type LandedCostBasis,
  type LandedCostCharge,
  type LandedCostInput,
  type LandedCostPreview,
  type LandedCostShare,
  type LandedCostType,
} from '@backoffice/contracts';
import { Alert, Button, DatePicker, Drawer, Form, Input, Select, Space, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { uuid } from '../../../shared/lib/uuid.ts';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure } from '../../inventory/index.ts';
import { useApplyLandedCost, useLandedCosts, usePreviewLandedCost } from '../api.ts';
import { purchaseInvoiceUrl } from '../urls.ts';

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const RATE = /^\d{1,6}(\.\d{1,8})?$/;

/** The shares of a charge per line: the basis, the share and, once applied, what went to stock and to cost of sales. */
function SharesTable({ shares, applied, testId }: { shares: LandedCostShare[]; applied: boolean; testId: string }) {
  const { t } = useTranslation('receiving');
  const columns: ColumnsType<LandedCostShare> = [
    { key: 'lineNo', dataIndex: 'lineNo', title: '#', align: 'end', width: 48 },
    { key: 'sku', title: t('fields.product'), render: (_, s) => <bdi title={s.product.name}>{s.product.sku}</bdi> },
    {
      key: 'accepted',
      title: t('fields.accepted'),
      align: 'end',
      render: (_, s) => <Figure value={s.acceptedQuantity} />,
    },
    { key: 'basis', title: t('landed.basisValue'), align: 'end', render: (_, s) => <Figure value={s.basisValue} /> },
    { key: 'share', title: t('landed.share'), align: 'end', render: (_, s) => <Figure value={s.share} kind="money" /> },
  ];
  if (applied)
    columns.push(
      {
        key: 'inStock',
        title: t('landed.inStock'),
        align: 'end',
        render: (_, s) => <Figure value={s.inStock} kind="money" />,
      },
      {
        key: 'costOfSales',
        title: t('landed.costOfSales'),
        align: 'end',
        render: (_, s) => <Figure value={s.costOfSales} kind="money" />,
      },
    );
  return (
    <Table<LandedCostShare>
      data-testid={testId}
      rowKey="lineNo"
      size="small"
      columns={columns}
      dataSource={shares}
      pagination={false}
      scroll={{ x: true }}
      tableLayout="auto"
    />
  );
}

interface Draft {
  chargeType: LandedCostType;
  description: string;
  amount: string;
  currency: string;
  exchangeRate: string;
  basis: LandedCostBasis;
  chargeDate: Dayjs | null;
}
const EMPTY: Draft = {
  chargeType: 'FREIGHT',
  description: '',
  amount: '',
  currency: 'GBP',
  exchangeRate: '',
  basis: 'VALUE',
  chargeDate: null,
};

/** The drawer that adds a charge: the charge, then its shares per line as the server computes them, then apply. */
function AddChargeDrawer({ note, open, onClose }: { note: GoodReceivedNote; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('receiving');
  const { token } = theme.useToken();
  const errorText = useErrorText();
  const { has } = usePermissions();
  const preview = usePreviewLandedCost();
  const apply = useApplyLandedCost();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [shown, setShown] = useState<LandedCostPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One key per charge being added: a retried apply is applied once.
  const [key, setKey] = useState(uuid);
  const set = (change: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setShown(null);
    setError(null);
  };
  const amountValid = AMOUNT.test(draft.amount.trim()) && /[1-9]/.test(draft.amount);
  const rateValid = draft.exchangeRate.trim() === '' || RATE.test(draft.exchangeRate.trim());
  const body = (): LandedCostInput => ({
    chargeType: draft.chargeType,
    description: draft.description.trim(),
    amount: draft.amount.trim(),
    currency: draft.currency as LandedCostInput['currency'],
    exchangeRate: draft.currency === 'GBP' || !draft.exchangeRate.trim() ? null : draft.exchangeRate.trim(),
    basis: draft.basis,
    chargeDate: draft.chargeDate ? draft.chargeDate.format('YYYY-MM-DD') : null,
  });
  const close = () => {
    setDraft(EMPTY);
    setShown(null);
    setError(null);
    setKey(uuid());
    onClose();
  };
  const runPreview = async () => {
    setError(null);
    try {
      setShown(await preview.mutateAsync({ id: note.id, body: body() }));
    } catch (e) {
      setShown(null);
      setError(errorText(e) || String(e));
    }
  };
  const runApply = async () => {
    setError(null);
    try {
      await apply.mutateAsync({ id: note.id, body: body(), key });
      notifySuccess(t('landed.applied', { number: note.number }));
      close();
    } catch (e) {
      setError(errorText(e) || String(e));
    }
  };
  const label = (id: string, text: string) => (
    <label htmlFor={id} style={{ display: 'block' }}>
      {text}
    </label>
  );
  return (
    <Drawer
      open={open}
      onClose={close}
      title={t('landed.addTitle', { number: note.number })}
      size="large"
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('landed.close')}</Button>
          <Button
            data-testid="landed-preview"
            onClick={() => void runPreview()}
            loading={preview.isPending}
            disabled={!amountValid || !rateValid}
          >
            {t('landed.preview')}
          </Button>
          {has('approve_good_received_note') ? (
            <Button
              type="primary"
              data-testid="landed-apply"
              onClick={() => void runApply()}
              loading={apply.isPending}
              disabled={!shown}
            >
              {t('landed.apply')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('landed.intro')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label={label('landed-type', t('landed.type'))}>
          <Select<LandedCostType>
            id="landed-type"
            data-testid="landed-type"
            value={draft.chargeType}
            onChange={(v) => set({ chargeType: v })}
            options={LANDED_COST_TYPES.map((v) => ({ value: v, label: t(`landed.types.${v}`) }))}
          />
        </Form.Item>
        <Form.Item label={label('landed-description', t('landed.description'))}>
          <Input
            id="landed-description"
            maxLength={200}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        </Form.Item>
        <Space wrap align="start" style={{ width: '100%' }}>
          <Form.Item
            label={label('landed-amount', t('landed.amount'))}
            validateStatus={draft.amount && !amountValid ? 'error' : undefined}
            help={draft.amount && !amountValid ? t('landed.amountInvalid') : undefined}
          >
            <Input
              id="landed-amount"
              data-testid="landed-amount"
              inputMode="decimal"
              value={draft.amount}
              onChange={(e) => set({ amount: e.target.value })}
              style={{ width: 160 }}
            />
          </Form.Item>
          <Form.Item label={label('landed-currency', t('landed.currency'))}>
            <Select
              id="landed-currency"
              value={draft.currency}
              onChange={(v) => set({ currency: v })}
              options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))}
              style={{ width: 110 }}
            />
          </Form.Item>
          {draft.currency !== 'GBP' ? (
            <Form.Item
              label={label('landed-rate', t('landed.rate'))}
              validateStatus={rateValid ? undefined : 'error'}
              help={rateValid ? t('landed.rateHelp') : t('landed.rateInvalid')}
            >
              <Input
                id="landed-rate"
                inputMode="decimal"
                value={draft.exchangeRate}
                onChange={(e) => set({ exchangeRate: e.target.value })}
                style={{ width: 160 }}
              />
            </Form.Item>
          ) : null}
        </Space>
        <Space wrap align="start" style={{ width: '100%' }}>
          <Form.Item label={label('landed-basis', t('landed.basis'))}>
            <Select<LandedCostBasis>
              id="landed-basis"
              data-testid="landed-basis"
              value={draft.basis}
              onChange={(v) => set({ basis: v })}
              options={LANDED_COST_BASES.map((v) => ({ value: v, label: t(`landed.basisOptions.${v}`) }))}
              style={{ minWidth: 200 }}
            />
          </Form.Item>
          <Form.Item label={label('landed-date', t('landed.date'))} help={t('landed.dateHelp')}>
            <DatePicker
              id="landed-date"
              value={draft.chargeDate}
              onChange={(d) => set({ chargeDate: d })}
              style={{ width: 190 }}
            />
          </Form.Item>
        </Space>
      </Form>
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: token.margin }} data-testid="landed-error" />
      ) : null}
      {shown ? (
        <>
          <Typography.Paragraph data-testid="landed-preview-total">
            {t('landed.previewTotal', {
              amount: shown.amountGbp,
              basis: t(`landed.bases.${shown.basis}`),
              date: shown.chargeDate,
            })}
          </Typography.Paragraph>
          <SharesTable shares={shown.shares} applied={false} testId="landed-preview-shares" />
        </>
      ) : null}
    </Drawer>
  );
}

/** The note's landed costs: each charge with its shares per line, and (posted, with the permission) "Add charge". */
export function LandedCostsPanel({ note }: { note: GoodReceivedNote }) {
  const { t } = useTranslation('receiving');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const [adding, setAdding] = useState(false);
  const posted = note.status === 'POSTED';
  // Own stock sent from another warehouse keeps what it cost: no charges on it.
  const chargeable = posted && note.supplier !== null;
  const charges = useLandedCosts(note.id, chargeable);
  if (!chargeable) return null;
  const list: LandedCostCharge[] = charges.data ?? [];
  return (
    <Panel
      title={t('landed.title')}
      style={{ marginBottom: token.margin }}
      extra={
        has('add_good_received_note') ? (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="landed-add">
            {t('landed.add')}
          </Button>
        ) : null
      }
    >
      {list.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="landed-empty">
          {charges.isLoading ? t('landed.loading') : t('landed.empty')}
        </Typography.Paragraph>
      ) : (
        list.map((c) => (
          <div key={c.id} style={{ marginBottom: token.margin }} data-testid="landed-charge">
            <Typography.Paragraph strong style={{ marginBottom: token.marginXXS }}>
              <bdi>
                {t(`landed.types.${c.chargeType}`)}
                {c.description ? ` · ${c.description}` : ''} · {c.chargeDate} ·{' '}
              </bdi>
              <Figure value={c.amount} kind="money" /> <bdi>{c.currency}</bdi>
              {c.currency !== 'GBP' ? (
                <>
                  {' = '}
                  <Figure value={c.amountGbp} kind="money" /> <bdi>GBP</bdi>
                </>
              ) : null}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary" style={{ marginBottom: token.marginXS }}>
              {t('landed.split', { basis: t(`landed.bases.${c.basis}`), user: c.createdBy?.username ?? '—' })}{' '}
              {t('landed.inStock')}: <Figure value={c.inStock} kind="money" /> · {t('landed.costOfSales')}:{' '}
              <Figure value={c.costOfSales} kind="money" />
            </Typography.Paragraph>
            {c.sourceInvoice ? (
              <Typography.Paragraph style={{ marginBottom: token.marginXS }} data-testid="landed-source">
                {t('landed.fromInvoice')}{' '}
                <Link to={purchaseInvoiceUrl(c.sourceInvoice.id)} data-testid="landed-source-link">
                  <bdi>{c.sourceInvoice.number}</bdi>
                </Link>
                {c.reversedAt ? (
                  <>
                    {' · '}
                    <Typography.Text type="danger" data-testid="landed-reversed">
                      {t('landed.reversed', { date: c.reversedAt.slice(0, 10) })}
                    </Typography.Text>
                  </>
                ) : null}
              </Typography.Paragraph>
            ) : null}
            <SharesTable shares={c.shares} applied testId="landed-shares" />
          </div>
        ))
      )}
      <AddChargeDrawer note={note} open={adding} onClose={() => setAdding(false)} />
    </Panel>
  );
}
