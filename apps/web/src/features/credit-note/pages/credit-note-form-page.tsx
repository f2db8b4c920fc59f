import {
  type CreditableInvoice,
  type CreditableLine,
  type CreditNoteInput,
  creditLineAmounts,
  creditNoteTotals,
  creditShippingAmounts,
  goodwillAmounts,
  PAYMENT_TYPES,
  type PaymentType,
  refundChannelOf,
  type SalesLineAmounts,
  VAT_CODE_LIST,
  type VatCode,
} from '@backoffice/contracts';
import { Alert, Button, Descriptions, Empty, Form, Input, Select, Spin, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { formatMoney, formatQuantity } from '../../../shared/lib/numbers.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { useCreateCreditNote, useCreditableInvoice, useCreditableReturnTicket, useCreditSources } from '../api.ts';
import { creditNoteUrl } from '../urls.ts';

/** A quantity as typed: digits with up to four decimals; an amount: up to two. */
const QUANTITY = /^\d{1,8}(\.\d{1,4})?$/;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const isPositive = (v: string) => /[1-9]/.test(v);
const cmp = (a: string, b: string) => {
  // Exact comparison of two non-negative decimal strings (no floating point on money).
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = (ai.replace(/^0+/, '') || '0') + af.padEnd(width, '0');
  const y = (bi.replace(/^0+/, '') || '0') + bf.padEnd(width, '0');
  const [xs, ys] = [x.replace(/^0+/, ''), y.replace(/^0+/, '')];
  if (xs.length !== ys.length) return xs.length < ys.length ? -1 : 1;
  return xs < ys ? -1 : xs > ys ? 1 : 0;
};

function useDebounced(value: string, delay = 250) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

type Source = { kind: 'INVOICE' | 'RETURN_TICKET'; id: string } | null;
const sourceKey = (s: Source) => (s ? `${s.kind}:${s.id}` : undefined);

/**
 * A new credit note: find a shipped invoice or a received return ticket (whose returned units are proposed), then the
 * quantities per line (never more than creditable), a shipping refund and a goodwill amount, the payment type and the
 * reason. The amounts are previewed with the contract's own functions, against what is still refundable; the server
 * computes and checks them again.
 */
export function CreditNoteFormPage() {
  const { t, i18n } = useTranslation('creditNotes');
  const { t: ts } = useTranslation('salesInvoices');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const [source, setSource] = useState<Source>(() => {
    const ticket = params.get('returnTicketId');
    if (ticket) return { kind: 'RETURN_TICKET', id: ticket };
    const invoice = params.get('invoiceId');
    return invoice ? { kind: 'INVOICE', id: invoice } : null;
  });
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const sources = useCreditSources(q);
  const fromInvoice = useCreditableInvoice(source?.kind === 'INVOICE' ? source.id : null);
  const fromTicket = useCreditableReturnTicket(source?.kind === 'RETURN_TICKET' ? source.id : null);
  const offer = source?.kind === 'RETURN_TICKET' ? fromTicket : fromInvoice;
  const data: CreditableInvoice | undefined = offer.data;
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [shipping, setShipping] = useState('');
  const [goodwill, setGoodwill] = useState('');
  const [goodwillVat, setGoodwillVat] = useState<VatCode>('STANDARD');
  const [paymentType, setPaymentType] = useState<PaymentType | undefined>(undefined);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateCreditNote();
  const submission = useSubmissionKey();
  const lang = i18n.language;

  // A new source: its proposed quantities (a return ticket's), its own payment type when it has one.
  useEffect(() => {
    if (!data) return;
    setQuantities(
      Object.fromEntries(data.lines.filter((l) => isPositive(l.proposed)).map((l) => [l.invoiceLineId, l.proposed])),
    );
    setPaymentType(data.paymentType ?? undefined);
    setShipping('');
    setGoodwill('');
  }, [data]);

  const options = (sources.data?.items ?? []).map((s) => ({
    value: `${s.kind}:${s.id}`,
    label:
      s.kind === 'INVOICE'
        ? `${t('form.sourceInvoice', { number: s.number })} · ${s.customerName}${s.externalOrderId ? ` · ${s.externalOrderId}` : ''}`
        : `${t('form.sourceTicket', { number: s.number, invoice: s.invoiceNumber })} · ${s.customerName}`,
  }));
  if (data && source && !options.some((o) => o.value === sourceKey(source)))
    options.unshift({
      value: sourceKey(source) as string,
      label: data.returnTicket
        ? t('form.sourceTicket', { number: data.returnTicket.number, invoice: data.number })
        : t('form.sourceInvoice', { number: data.number }),
    });

  const quantityOf = (l: CreditableLine) => (quantities[l.invoiceLineId] ?? '').trim();
  const lineInvalid = (l: CreditableLine) => {
    const v = quantityOf(l);
    return v !== '' && (!QUANTITY.test(v) || cmp(v, l.creditable) > 0);
  };
  const shippingInvalid =
    shipping.trim() !== '' &&
    (!AMOUNT.test(shipping.trim()) || (data ? cmp(shipping.trim(), data.shippingRefundable) > 0 : false));
  const goodwillInvalid = goodwill.trim() !== '' && !AMOUNT.test(goodwill.trim());

  // The preview: the contract's own amounts, so the figures shown are the ones the server will compute.
  const parts: { vatCode: VatCode; amounts: SalesLineAmounts }[] = [];
  if (data) {
    for (const l of data.lines) {
      const v = quantityOf(l);
      if (v === '' || !isPositive(v) || lineInvalid(l)) continue;
      parts.push({
        vatCode: l.vatCode,
        amounts: creditLineAmounts(l, l.credited, v, data.pricesIncludeVat),
      });
    }
    if (shipping.trim() && !shippingInvalid && isPositive(shipping))
      parts.push({
        vatCode: data.shippingVatCode,
        amounts: creditShippingAmounts(
          data.shippingVatCode,
          data.shippingRefunded,
          shipping.trim(),
          data.pricesIncludeVat,
        ),
      });
    if (goodwill.trim() && !goodwillInvalid && isPositive(goodwill))
      parts.push({ vatCode: goodwillVat, amounts: goodwillAmounts(goodwill.trim(), goodwillVat) });
  }
  const totals = creditNoteTotals(parts);
  const over = data ? cmp(totals.gross, data.refundable) > 0 : false;
  const refundChannel = paymentType ? refundChannelOf(paymentType) : null;
  const channelMismatch = !!data && refundChannel !== null && refundChannel !== data.channel;
  const money = (v: string) => formatMoney(v, lang, data?.currency ?? 'GBP');

  const columns: ColumnsType<CreditableLine> = [
    { key: 'lineNo', dataIndex: 'lineNo', title: '#', align: 'end', width: 48 },
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, l) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi>{l.product.sku}</bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{l.product.name}</span>
        </span>
      ),
    },
    {
      key: 'unitPrice',
      title: t('fields.unitPrice'),
      align: 'end',
      render: (_, l) => <bdi>{formatMoney(l.unitPrice, lang, data?.currency ?? 'GBP', 4)}</bdi>,
    },
    {
      key: 'discount',
      title: t('fields.discount'),
      align: 'end',
      render: (_, l) => <bdi>{formatQuantity(l.discountPercent, lang)}</bdi>,
    },
    { key: 'vat', title: t('fields.vatCode'), render: (_, l) => t(`vatCode.${l.vatCode}`) },
    {
      key: 'invoiced',
      title: t('fields.invoiced'),
      align: 'end',
      render: (_, l) => <bdi>{formatQuantity(l.quantity, lang)}</bdi>,
    },
    {
      key: 'credited',
      title: t('fields.credited'),
      align: 'end',
      render: (_, l) => <bdi>{formatQuantity(l.credited, lang)}</bdi>,
    },
    {
      key: 'creditable',
      title: t('fields.creditable'),
      align: 'end',
      render: (_, l) => <bdi data-testid="cn-creditable">{formatQuantity(l.creditable, lang)}</bdi>,
    },
    {
      key: 'quantity',
      title: t('fields.quantity'),
      render: (_, l) => (
        <Input
          aria-label={t('form.quantityOfLine', { lineNo: l.lineNo })}
          data-testid="cn-quantity"
          inputMode="decimal"
          value={quantities[l.invoiceLineId] ?? ''}
          status={lineInvalid(l) ? 'error' : undefined}
          onChange={(e) => setQuantities((all) => ({ ...all, [l.invoiceLineId]: e.target.value }))}
          style={{ width: 110 }}
        />
      ),
    },
  ];

  const onSubmit = async () => {
    setFailure(null);
    if (!source || !data) return;
    if (!parts.length) {
      setFailure(t('form.nothing'));
      return;
    }
    if (!paymentType || !reason.trim()) return;
    const body: CreditNoteInput = {
      ...(source.kind === 'RETURN_TICKET' ? { returnTicketId: source.id } : { invoiceId: source.id }),
      paymentType,
      reason: reason.trim(),
      note: note.trim(),
      lines: data.lines
        .filter((l) => quantityOf(l) !== '' && isPositive(quantityOf(l)))
        .map((l) => ({ invoiceLineId: l.invoiceLineId, quantity: quantityOf(l) })),
      shippingRefund: shipping.trim() && isPositive(shipping) ? shipping.trim() : '0',
      goodwill: goodwill.trim() && isPositive(goodwill) ? { amount: goodwill.trim(), vatCode: goodwillVat } : null,
    };
    try {
      const created = await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      submission.reset();
      notifySuccess(t('form.created', { number: created.number }));
      navigate(creditNoteUrl(created.id));
    } catch (error) {
      setFailure(errorText(error) || (error instanceof Error ? error.message : null));
    }
  };
  const invalid =
    !data ||
    data.lines.some(lineInvalid) ||
    shippingInvalid ||
    goodwillInvalid ||
    over ||
    channelMismatch ||
    !paymentType ||
    !reason.trim();

  return (
    <>
      <PageHeader>
        <Typography.Text type="secondary">{t('form.intro')}</Typography.Text>
      </PageHeader>
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          role="alert"
          style={{ marginBottom: token.margin }}
          data-testid="cn-failure"
        />
      ) : null}
      <Panel title={t('form.findSource')} style={{ marginBottom: token.margin }}>
        <Form layout="vertical">
          <Form.Item label={t('form.findSource')} htmlFor="cn-source" style={{ marginBottom: 0 }}>
            <Select<string>
              id="cn-source"
              data-testid="cn-source"
              showSearch={{ filterOption: false, onSearch: setSearch }}
              value={sourceKey(source)}
              onChange={(value) => {
                const [kind, id] = (value ?? '').split(':');
                setSource(kind && id ? { kind: kind as 'INVOICE' | 'RETURN_TICKET', id } : null);
                setFailure(null);
              }}
              options={options}
              loading={sources.isFetching}
              placeholder={t('form.findPlaceholder')}
              notFoundContent={sources.isFetching ? <Spin size="small" /> : t('form.noSources')}
              allowClear
              style={{ width: 560, maxWidth: '100%' }}
            />
          </Form.Item>
        </Form>
        {data ? (
          <Descriptions
            size="small"
            style={{ marginTop: token.marginSM }}
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={[
              { key: 'invoice', label: t('fields.invoice'), children: <bdi>{data.number}</bdi> },
              { key: 'customer', label: t('fields.customer'), children: <bdi>{data.customer.name}</bdi> },
              { key: 'channel', label: t('fields.channel'), children: ts(`channels.${data.channel}`) },
              {
                key: 'externalOrderId',
                label: t('fields.externalOrderId'),
                children: data.externalOrderId ? <bdi>{data.externalOrderId}</bdi> : '—',
              },
              { key: 'paid', label: t('fields.paid'), children: <bdi>{money(data.paid)}</bdi> },
              { key: 'refunded', label: t('fields.refunded'), children: <bdi>{money(data.refunded)}</bdi> },
              {
                key: 'refundable',
                label: t('fields.refundable'),
                children: <bdi data-testid="cn-refundable">{money(data.refundable)}</bdi>,
              },
              {
                key: 'pricesIncludeVat',
                label: t('fields.pricesIncludeVat'),
                children: data.pricesIncludeVat ? '✓' : '—',
              },
            ]}
          />
        ) : null}
        {data?.returnTicket ? (
          <Alert
            type="info"
            showIcon
            title={t('form.fromTicket', { number: data.returnTicket.number })}
            style={{ marginTop: token.marginSM }}
          />
        ) : null}
      </Panel>
      <Panel title={t('form.lines')} style={{ marginBottom: token.margin }}>
        {!source ? (
          <Empty description={t('form.intro')} />
        ) : offer.isError ? (
          <Alert type="error" showIcon title={errorText(offer.error)} role="alert" />
        ) : (
          <Table<CreditableLine>
            data-testid="cn-lines"
            rowKey="invoiceLineId"
            size="small"
            loading={offer.isLoading}
            columns={columns}
            dataSource={data?.lines ?? []}
            pagination={false}
            scroll={{ x: true }}
            tableLayout="auto"
          />
        )}
      </Panel>
      {data ? (
        <>
          <Panel title={t('form.extras')} style={{ marginBottom: token.margin }}>
            <Form layout="vertical">
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.margin }}>
                <Form.Item
                  label={`${t('fields.shippingRefund')} (${t('fields.refundable')}: ${money(data.shippingRefundable)})`}
                  htmlFor="cn-shipping"
                  validateStatus={shippingInvalid ? 'error' : undefined}
                >
                  <Input
                    id="cn-shipping"
                    data-testid="cn-shipping"
                    inputMode="decimal"
                    value={shipping}
                    disabled={!isPositive(data.shippingRefundable)}
                    onChange={(e) => setShipping(e.target.value)}
                    style={{ width: 160 }}
                  />
                </Form.Item>
                <Form.Item
                  label={t('fields.goodwill')}
                  htmlFor="cn-goodwill"
                  validateStatus={goodwillInvalid ? 'error' : undefined}
                >
                  <Input
                    id="cn-goodwill"
                    data-testid="cn-goodwill"
                    inputMode="decimal"
                    value={goodwill}
                    onChange={(e) => setGoodwill(e.target.value)}
                    style={{ width: 160 }}
                  />
                </Form.Item>
                <Form.Item label={t('fields.goodwillVat')} htmlFor="cn-goodwill-vat">
                  <Select<VatCode>
                    id="cn-goodwill-vat"
                    aria-label={t('fields.goodwillVat')}
                    value={goodwillVat}
                    onChange={setGoodwillVat}
                    options={VAT_CODE_LIST.map((c) => ({ value: c, label: t(`vatCode.${c}`) }))}
                    style={{ minWidth: 160 }}
                    popupMatchSelectWidth={false}
                  />
                </Form.Item>
              </div>
            </Form>
          </Panel>
          <Panel title={t('form.money')} style={{ marginBottom: token.margin }}>
            <Form layout="vertical">
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.margin }}>
                <Form.Item
                  label={t('fields.paymentType')}
                  htmlFor="cn-payment-type"
                  required
                  validateStatus={channelMismatch ? 'error' : undefined}
                  help={
                    channelMismatch
                      ? t('form.channelMismatch')
                      : refundChannel
                        ? t('form.channelRefundHint')
                        : undefined
                  }
                >
                  <Select<PaymentType>
                    id="cn-payment-type"
                    data-testid="cn-payment-type"
                    aria-label={t('fields.paymentType')}
                    value={paymentType}
                    onChange={setPaymentType}
                    options={PAYMENT_TYPES.map((p) => ({ value: p, label: t(`paymentType.${p}`) }))}
                    style={{ minWidth: 200 }}
                    popupMatchSelectWidth={false}
                  />
                </Form.Item>
                <Form.Item label={t('fields.reason')} htmlFor="cn-reason" required style={{ flex: '1 1 320px' }}>
                  <Input
                    id="cn-reason"
                    data-testid="cn-reason"
                    maxLength={500}
                    placeholder={t('form.reasonPlaceholder')}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                  />
                </Form.Item>
              </div>
              <Form.Item label={t('fields.note')} htmlFor="cn-note" style={{ marginBottom: 0 }}>
                <Input.TextArea
                  id="cn-note"
                  rows={2}
                  maxLength={2000}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
              </Form.Item>
            </Form>
          </Panel>
          <Panel title={t('form.preview')} style={{ marginBottom: token.margin }}>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 3 }}
              items={[
                { key: 'net', label: t('fields.netTotal'), children: <bdi>{money(totals.net)}</bdi> },
                { key: 'vat', label: t('fields.vatTotal'), children: <bdi>{money(totals.vat)}</bdi> },
                {
                  key: 'gross',
                  label: t('fields.grossTotal'),
                  children: <bdi data-testid="cn-preview-gross">{money(totals.gross)}</bdi>,
                },
              ]}
            />
            {over ? (
              <Alert
                type="warning"
                showIcon
                title={`${t('form.overRefundable')} ${t('fields.refundable')}: ${money(data.refundable)}`}
                role="alert"
                style={{ marginTop: token.marginSM }}
                data-testid="cn-over"
              />
            ) : null}
          </Panel>
        </>
      ) : null}
      <Button type="primary" onClick={onSubmit} loading={create.isPending} disabled={invalid} data-testid="cn-submit">
        {t('form.submit')}
      </Button>
    </>
  );
}
