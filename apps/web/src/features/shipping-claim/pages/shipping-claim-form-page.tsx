import {
  SHIPPING_CLAIM_DESCRIPTION_MAX,
  SHIPPING_CLAIM_KINDS,
  type ShippableInvoice,
  type ShippingClaim,
  type ShippingClaimKind,
  type ShippingClaimUpdateInput,
} from '@backoffice/contracts';
import { Alert, AutoComplete, Button, Descriptions, Form, Input, Radio, Select, Table, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { formatQuantity } from '../../../shared/lib/numbers.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import {
  useCreateShippingClaim,
  useShippableInvoice,
  useShippableInvoices,
  useShippingClaim,
  useUpdateShippingClaim,
} from '../api.ts';
import { Gbp, isClaimAmount } from '../components.tsx';
import { type BackState, SHIPPING_CLAIM_LIST_PATH, shippingClaimUrl } from '../urls.ts';

const QUANTITY = /^\d{1,14}(\.\d{1,4})?$/;
type InvoiceLine = ShippableInvoice['lines'][number];

interface Values {
  kind: ShippingClaimKind;
  trackingNumber: string;
  description: string;
  amountClaimed: string;
  /** Quantity typed per invoice line id; empty: not claimed. */
  quantities: Record<string, string>;
}

const emptyValues: Values = { kind: 'DAMAGED', trackingNumber: '', description: '', amountClaimed: '', quantities: {} };

function bodyOf(v: Values): ShippingClaimUpdateInput {
  return {
    kind: v.kind,
    trackingNumber: v.trackingNumber.trim(),
    description: v.description.trim(),
    amountClaimed: v.amountClaimed.trim(),
    lines: Object.entries(v.quantities)
      .filter(([, q]) => q.trim() !== '')
      .map(([invoiceLineId, quantity]) => ({ invoiceLineId, quantity: quantity.trim() })),
  };
}

/** The invoice picker: shipped invoices by number, order id or customer, searched on the server. */
function InvoicePicker({ value, onChange }: { value: string | undefined; onChange: (id: string) => void }) {
  const { t } = useTranslation('shippingClaims');
  const [q, setQ] = useState('');
  const found = useShippableInvoices(q.trim());
  return (
    <Select
      id="sc-invoice"
      data-testid="sc-invoice"
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value}
      onChange={onChange}
      placeholder={t('form.invoicePlaceholder')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? t('form.searching') : t('form.noInvoice')}
      options={(found.data ?? []).map((i) => ({
        value: i.id,
        label: `${i.number} · ${i.customerName}${i.externalOrderId ? ` · ${i.externalOrderId}` : ''}`,
      }))}
      style={{ width: '100%', maxWidth: 520 }}
    />
  );
}

/** The form of a claim, for a new one (invoice chosen here) or an open one (its invoice kept). */
function ClaimForm({ claim }: { claim?: ShippingClaim }) {
  const { t, i18n } = useTranslation('shippingClaims');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const backState = location.state as BackState | null;
  const errorText = useErrorText();
  const create = useCreateShippingClaim();
  const update = useUpdateShippingClaim();
  const submission = useSubmissionKey();
  const [invoiceId, setInvoiceId] = useState<string | undefined>(claim?.invoice.id);
  const [values, setValues] = useState<Values>(() =>
    claim
      ? {
          kind: claim.kind,
          trackingNumber: claim.trackingNumber,
          description: claim.description,
          amountClaimed: claim.amountClaimed,
          quantities: Object.fromEntries(claim.lines.map((l) => [l.invoiceLineId, l.quantity])),
        }
      : emptyValues,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const invoice = useShippableInvoice(invoiceId, claim?.id);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  useEffect(() => {
    if (!claim) setValues((v) => ({ ...v, quantities: {} }));
  }, [claim]);

  const lineProblem = (line: InvoiceLine): string | null => {
    const typed = values.quantities[line.id]?.trim() ?? '';
    if (!typed) return null;
    if (!QUANTITY.test(typed) || !/[1-9]/.test(typed)) return t('form.quantityInvalid');
    return null;
  };
  const amountOk = isClaimAmount(values.amountClaimed);
  const linesOk = (invoice.data?.lines ?? []).every((l) => lineProblem(l) === null);
  const canSave = !!invoiceId && !!invoice.data && amountOk && linesOk;
  const busy = create.isPending || update.isPending;

  const save = async () => {
    setFailure(null);
    const body = bodyOf(values);
    try {
      const saved = claim
        ? await update.mutateAsync({ id: claim.id, body })
        : await create.mutateAsync({
            body: { ...body, invoiceId: invoiceId ?? '' },
            idempotencyKey: submission.keyFor({ ...body, invoiceId }),
          });
      submission.reset();
      notifySuccess(t(claim ? 'form.saved' : 'form.created', { number: saved.number }));
      navigate(shippingClaimUrl(saved.id), { state: backState, replace: !!claim });
    } catch (error) {
      setFailure(errorText(error) || null);
    }
  };

  const columns: ColumnsType<InvoiceLine> = [
    { key: 'lineNo', dataIndex: 'lineNo', title: '#', align: 'end', width: 48 },
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, l) => (
        <span>
          <bdi>{l.product.sku}</bdi> <bdi style={{ color: token.colorTextSecondary }}>{l.product.name}</bdi>
        </span>
      ),
    },
    {
      key: 'quantity',
      title: t('fields.invoiced'),
      align: 'end',
      render: (_, l) => <bdi>{formatQuantity(l.quantity, i18n.language)}</bdi>,
    },
    {
      key: 'claimable',
      title: t('fields.claimable'),
      align: 'end',
      render: (_, l) => <bdi>{formatQuantity(l.claimable, i18n.language)}</bdi>,
    },
    {
      key: 'claim',
      title: t('fields.quantityClaimed'),
      width: 160,
      render: (_, l) => {
        const problem = lineProblem(l);
        return (
          <Input
            aria-label={t('form.quantityFor', { sku: l.product.sku })}
            value={values.quantities[l.id] ?? ''}
            onChange={(e) => set({ quantities: { ...values.quantities, [l.id]: e.target.value } })}
            inputMode="decimal"
            autoComplete="off"
            status={problem ? 'error' : undefined}
            title={problem ?? undefined}
            data-testid={`sc-line-qty-${l.lineNo}`}
          />
        );
      },
    },
  ];

  return (
    <Form layout="vertical" onFinish={() => void save()} style={{ display: 'grid', gap: token.marginMD }}>
      {failure ? <Alert type="error" showIcon title={failure} role="alert" data-testid="sc-form-error" /> : null}
      <Panel title={t('form.invoiceSection')}>
        {claim ? (
          <Descriptions
            size="small"
            column={1}
            items={[{ label: t('fields.invoice'), children: claim.invoice.number }]}
          />
        ) : (
          <Form.Item label={t('fields.invoice')} htmlFor="sc-invoice" required extra={t('form.invoiceHelp')}>
            <InvoicePicker value={invoiceId} onChange={setInvoiceId} />
          </Form.Item>
        )}
        {invoice.error ? <Alert type="error" showIcon title={errorText(invoice.error)} role="alert" /> : null}
        {invoice.data ? (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            data-testid="sc-invoice-facts"
            items={[
              { label: t('fields.customer'), children: <bdi>{invoice.data.customerName}</bdi> },
              {
                label: t('fields.carrier'),
                children: invoice.data.carrier ? (
                  <bdi data-testid="sc-carrier">
                    {invoice.data.carrier.name}
                    {invoice.data.carrierService ? ` · ${invoice.data.carrierService.name}` : ''}
                  </bdi>
                ) : (
                  <span data-testid="sc-carrier">{t('form.noCarrier')}</span>
                ),
              },
              { label: t('fields.invoiceValue'), children: <Gbp value={invoice.data.valueGbp} /> },
              {
                label: t('fields.claimableValue'),
                children: <Gbp value={invoice.data.claimableGbp} testId="sc-claimable" />,
              },
            ]}
          />
        ) : null}
      </Panel>
      <Panel title={t('form.claimSection')}>
        <Form.Item label={t('fields.kind')} required>
          <Radio.Group
            value={values.kind}
            onChange={(e) => set({ kind: e.target.value as ShippingClaimKind })}
            options={SHIPPING_CLAIM_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            optionType="button"
            data-testid="sc-kind"
            aria-label={t('fields.kind')}
          />
        </Form.Item>
        <Form.Item label={t('fields.trackingNumber')} htmlFor="sc-tracking" extra={t('form.trackingHelp')}>
          {/* The shipment's parcels are offered once the ship list records them; any text may be typed. */}
          <AutoComplete
            id="sc-tracking"
            data-testid="sc-tracking"
            value={values.trackingNumber}
            onChange={(text: string) => set({ trackingNumber: text })}
            options={(invoice.data?.parcels ?? []).map((p) => ({ value: p.trackingNumber }))}
            maxLength={100}
            style={{ maxWidth: 360 }}
          />
        </Form.Item>
        <Form.Item label={t('fields.description')} htmlFor="sc-description">
          <Input.TextArea
            id="sc-description"
            data-testid="sc-description"
            rows={3}
            maxLength={SHIPPING_CLAIM_DESCRIPTION_MAX}
            showCount
            value={values.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        </Form.Item>
        <Form.Item
          label={t('fields.amountClaimedGbp')}
          htmlFor="sc-amount"
          required
          validateStatus={values.amountClaimed && !amountOk ? 'error' : undefined}
          help={values.amountClaimed && !amountOk ? t('form.amountInvalid') : undefined}
        >
          <Input
            id="sc-amount"
            data-testid="sc-amount-input"
            value={values.amountClaimed}
            onChange={(e) => set({ amountClaimed: e.target.value })}
            inputMode="decimal"
            autoComplete="off"
            style={{ maxWidth: 200 }}
          />
        </Form.Item>
      </Panel>
      {invoice.data ? (
        <Panel title={t('form.linesSection')}>
          <p style={{ marginTop: 0 }}>{t('form.linesHelp')}</p>
          <Table<InvoiceLine>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={invoice.data.lines}
            pagination={false}
            data-testid="sc-lines"
          />
        </Panel>
      ) : null}
      <div style={{ display: 'flex', gap: token.marginXS, flexWrap: 'wrap' }}>
        <Button type="primary" htmlType="submit" disabled={!canSave} loading={busy} data-testid="sc-save">
          {claim ? t('form.save') : t('form.create')}
        </Button>
        <Link to={claim ? shippingClaimUrl(claim.id) : (backState?.backTo ?? SHIPPING_CLAIM_LIST_PATH)}>
          {t('form.discard')}
        </Link>
      </div>
    </Form>
  );
}

/** A new claim: pick a shipped invoice, say what happened, what is claimed and how much. */
export function ShippingClaimNewPage() {
  return (
    <>
      <PageHeader />
      <ClaimForm />
    </>
  );
}

/** An open claim's editor. */
export function ShippingClaimEditPage() {
  const { id = '' } = useParams();
  const query = useShippingClaim(id);
  return (
    <DetailFrame query={query} number={(c) => c.number} numberTestId="sc-number">
      {(claim) => <ClaimForm claim={claim} />}
    </DetailFrame>
  );
}
