import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ReturnableProduct, ReturnTicketInput } from '@backoffice/contracts';
import { Alert, Button, Empty, Form, Select, Spin, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ProductPicker } from '../../../lookups/product-picker.tsx';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { formatMoney, formatQuantity } from '../../../shared/lib/numbers.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { useCreateReturnTicket, useReturnableInvoice, useShippedInvoices } from '../api.ts';
import { CustomerSelect } from '../components/customer-select.tsx';
import {
  ConditionSelect,
  emptyLine,
  isQuantity,
  type LineDraft,
  NoteInput,
  QuantityInput,
  ReasonSelect,
} from '../components/line-fields.tsx';
import { returnTicketUrl } from '../urls.ts';

function useDebounced(value: string, delay = 250) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** Sends a ticket; a refusal shows the server's reason (the figures of an over-return included). */
function useSubmit() {
  const { t } = useTranslation('returnTickets');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const create = useCreateReturnTicket();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (body: ReturnTicketInput) => {
    setFailure(null);
    try {
      const ticket = await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      submission.reset();
      notifySuccess(t('form.created', { number: ticket.number }));
      navigate(returnTicketUrl(ticket.id));
    } catch (error) {
      setFailure(errorText(error) || (error instanceof Error ? error.message : null));
    }
  };
  return { submit, failure, setFailure, busy: create.isPending };
}

/**
 * A return from a shipped invoice: find the invoice (number, external order id or customer), then per product what
 * was shipped, what already came back and what still can, and how many come back now, why and in what condition.
 */
export function ReturnFromInvoicePage() {
  const { t, i18n } = useTranslation('returnTickets');
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const [invoiceId, setInvoiceId] = useState<string | null>(params.get('invoiceId'));
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const invoices = useShippedInvoices(q);
  const invoice = useReturnableInvoice(invoiceId);
  const [drafts, setDrafts] = useState<Record<string, LineDraft>>({});
  const { submit, failure, setFailure, busy } = useSubmit();
  const errorText = useErrorText();

  const draftOf = (productId: string) => drafts[productId] ?? emptyLine();
  const change = (productId: string, patch: Partial<LineDraft>) =>
    setDrafts((all) => ({ ...all, [productId]: { ...(all[productId] ?? emptyLine()), ...patch } }));
  const options = (invoices.data?.items ?? []).map((i) => ({
    value: i.id,
    label: t('form.invoiceOption', { number: i.number, customer: i.customerName, date: i.invoiceDate }),
  }));
  if (invoice.data && !options.some((o) => o.value === invoice.data.id))
    options.unshift({
      value: invoice.data.id,
      label: t('form.invoiceOption', {
        number: invoice.data.number,
        customer: invoice.data.customer.name,
        date: invoice.data.invoiceDate,
      }),
    });
  const products = invoice.data?.products ?? [];
  const chosen = products.filter((p) => draftOf(p.product.id).quantity.trim() !== '');
  const invalid = (p: ReturnableProduct) => {
    const q = draftOf(p.product.id).quantity.trim();
    return q !== '' && !isQuantity(q);
  };

  const columns: ColumnsType<ReturnableProduct> = [
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, p) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi>{p.product.sku}</bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{p.product.name}</span>
        </span>
      ),
    },
    {
      key: 'shipped',
      title: t('fields.shipped'),
      align: 'end',
      render: (_, p) => <bdi>{formatQuantity(p.shipped, i18n.language)}</bdi>,
    },
    {
      key: 'returned',
      title: t('fields.returned'),
      align: 'end',
      render: (_, p) => <bdi>{formatQuantity(p.returned, i18n.language)}</bdi>,
    },
    {
      key: 'returnable',
      title: t('fields.returnable'),
      align: 'end',
      render: (_, p) => <bdi data-testid="rt-returnable">{formatQuantity(p.returnable, i18n.language)}</bdi>,
    },
    {
      key: 'unitCost',
      title: t('fields.unitCost'),
      align: 'end',
      render: (_, p) => (p.unitCost === null ? '—' : <bdi>{formatMoney(p.unitCost, i18n.language, 'GBP', 4)}</bdi>),
    },
    {
      key: 'quantity',
      title: t('fields.quantity'),
      render: (_, p) => (
        <QuantityInput
          ariaLabel={t('form.quantityOfProduct', { sku: p.product.sku })}
          testId="rt-quantity"
          value={draftOf(p.product.id).quantity}
          invalid={invalid(p)}
          onChange={(v) => change(p.product.id, { quantity: v })}
        />
      ),
    },
    {
      key: 'reason',
      title: t('fields.reason'),
      render: (_, p) => (
        <ReasonSelect
          ariaLabel={t('form.reasonOfProduct', { sku: p.product.sku })}
          testId="rt-reason"
          value={draftOf(p.product.id).reason}
          onChange={(v) => change(p.product.id, { reason: v })}
        />
      ),
    },
    {
      key: 'condition',
      title: t('fields.condition'),
      render: (_, p) => (
        <ConditionSelect
          ariaLabel={t('form.conditionOfProduct', { sku: p.product.sku })}
          testId="rt-condition"
          value={draftOf(p.product.id).condition}
          onChange={(v) => change(p.product.id, { condition: v })}
        />
      ),
    },
    {
      key: 'note',
      title: t('fields.note'),
      render: (_, p) => (
        <NoteInput
          ariaLabel={t('form.noteOfProduct', { sku: p.product.sku })}
          placeholder={t('form.notePlaceholder')}
          value={draftOf(p.product.id).note}
          onChange={(v) => change(p.product.id, { note: v })}
        />
      ),
    },
  ];

  const onSubmit = () => {
    if (!invoiceId) return;
    if (!chosen.length) {
      setFailure(t('form.noLines'));
      return;
    }
    if (chosen.some(invalid)) return;
    void submit({
      invoiceId,
      lines: chosen.map((p) => {
        const d = draftOf(p.product.id);
        return {
          productId: p.product.id,
          quantity: d.quantity.trim(),
          reason: d.reason,
          condition: d.condition,
          note: d.note.trim(),
        };
      }),
    });
  };

  return (
    <>
      <PageHeader>
        <Typography.Text type="secondary">{t('form.fromInvoiceIntro')}</Typography.Text>
      </PageHeader>
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          role="alert"
          style={{ marginBottom: token.margin }}
          data-testid="rt-failure"
        />
      ) : null}
      <Panel title={t('form.findInvoice')} style={{ marginBottom: token.margin }}>
        <Form layout="vertical">
          <Form.Item label={t('form.findInvoice')} htmlFor="rt-invoice" style={{ marginBottom: 0 }}>
            <Select<string>
              id="rt-invoice"
              data-testid="rt-invoice"
              showSearch={{ filterOption: false, onSearch: setSearch }}
              value={invoiceId ?? undefined}
              onChange={(id) => {
                setInvoiceId(id ?? null);
                setDrafts({});
                setFailure(null);
              }}
              options={options}
              loading={invoices.isFetching}
              placeholder={t('form.findInvoicePlaceholder')}
              notFoundContent={invoices.isFetching ? <Spin size="small" /> : t('form.noInvoices')}
              allowClear
              style={{ width: 480, maxWidth: '100%' }}
            />
          </Form.Item>
        </Form>
      </Panel>
      <Panel title={t('form.lines')} style={{ marginBottom: token.margin }}>
        {!invoiceId ? (
          <Empty description={t('form.chooseInvoice')} />
        ) : invoice.isError ? (
          <Alert type="error" showIcon title={errorText(invoice.error)} role="alert" />
        ) : (
          <>
            {invoice.data && products.every((p) => !/[1-9]/.test(p.returnable)) ? (
              <Alert
                type="info"
                showIcon
                title={t('form.nothingReturnable')}
                style={{ marginBottom: token.marginSM }}
              />
            ) : null}
            <Table<ReturnableProduct>
              data-testid="rt-returnable-lines"
              rowKey={(p) => p.product.id}
              size="small"
              loading={invoice.isLoading}
              columns={columns}
              dataSource={products}
              pagination={false}
              scroll={{ x: true }}
              tableLayout="auto"
            />
          </>
        )}
      </Panel>
      <Button type="primary" onClick={onSubmit} loading={busy} disabled={!invoiceId} data-testid="rt-submit">
        {t('form.create')}
      </Button>
    </>
  );
}

interface ManualLine extends LineDraft {
  key: number;
  productId: string | undefined;
}

/** Manual Return Ticket: a return without an invoice: customer, warehouse, the products typed. */
export function ManualReturnPage() {
  const { t } = useTranslation('returnTickets');
  const { token } = theme.useToken();
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [lines, setLines] = useState<ManualLine[]>([{ key: 1, productId: undefined, ...emptyLine() }]);
  const [tried, setTried] = useState(false);
  const { submit, failure, setFailure, busy } = useSubmit();
  const change = (key: number, patch: Partial<ManualLine>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const lineInvalid = (l: ManualLine) => !l.productId || !isQuantity(l.quantity);

  const onSubmit = () => {
    setTried(true);
    if (!customerId || !warehouseId) {
      setFailure(t('form.chooseFirst'));
      return;
    }
    if (!lines.length || lines.some(lineInvalid)) {
      setFailure(t('form.noLines'));
      return;
    }
    void submit({
      customerId,
      warehouseId,
      lines: lines.map((l) => ({
        productId: l.productId as string,
        quantity: l.quantity.trim(),
        reason: l.reason,
        condition: l.condition,
        note: l.note.trim(),
      })),
    });
  };

  return (
    <>
      <PageHeader>
        <Typography.Text type="secondary">{t('form.manualIntro')}</Typography.Text>
      </PageHeader>
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          role="alert"
          style={{ marginBottom: token.margin }}
          data-testid="rt-failure"
        />
      ) : null}
      <Panel title={t('form.parties')} style={{ marginBottom: token.margin }}>
        <Form layout="vertical">
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM }}>
            <Form.Item
              label={t('fields.customer')}
              required
              validateStatus={tried && !customerId ? 'error' : undefined}
              style={{ marginBottom: 0 }}
            >
              <CustomerSelect
                ariaLabel={t('fields.customer')}
                placeholder={t('form.customerPlaceholder')}
                testId="rt-customer"
                value={customerId}
                onChange={setCustomerId}
              />
            </Form.Item>
            <Form.Item
              label={t('fields.warehouse')}
              required
              validateStatus={tried && !warehouseId ? 'error' : undefined}
              style={{ marginBottom: 0 }}
            >
              <WarehouseSelect
                testId="rt-warehouse"
                aria-label={t('fields.warehouse')}
                placeholder={t('form.warehousePlaceholder')}
                value={warehouseId}
                onChange={(id) => setWarehouseId(id ?? null)}
                style={{ width: 260 }}
              />
            </Form.Item>
          </div>
        </Form>
      </Panel>
      <Panel
        title={t('form.lines')}
        style={{ marginBottom: token.margin }}
        extra={
          <Button
            icon={<PlusOutlined />}
            data-testid="rt-add-line"
            onClick={() =>
              setLines((all) => [
                ...all,
                { key: Math.max(0, ...all.map((l) => l.key)) + 1, productId: undefined, ...emptyLine() },
              ])
            }
          >
            {t('form.addLine')}
          </Button>
        }
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginSM }}>
          {lines.map((l, i) => (
            <div
              key={l.key}
              data-testid="rt-line"
              style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, alignItems: 'center' }}
            >
              <bdi style={{ minWidth: 24 }}>{i + 1}</bdi>
              <div style={{ width: 320, maxWidth: '100%' }}>
                <ProductPicker
                  ariaLabel={t('form.productOfLine', { lineNo: i + 1 })}
                  testId="rt-product"
                  value={l.productId}
                  onChange={(id) => change(l.key, { productId: id })}
                />
              </div>
              <QuantityInput
                ariaLabel={t('form.quantityOfLine', { lineNo: i + 1 })}
                testId="rt-quantity"
                value={l.quantity}
                invalid={tried && !isQuantity(l.quantity)}
                onChange={(v) => change(l.key, { quantity: v })}
              />
              <ReasonSelect
                ariaLabel={t('form.reasonOfLine', { lineNo: i + 1 })}
                value={l.reason}
                onChange={(v) => change(l.key, { reason: v })}
              />
              <ConditionSelect
                ariaLabel={t('form.conditionOfLine', { lineNo: i + 1 })}
                value={l.condition}
                onChange={(v) => change(l.key, { condition: v })}
              />
              <NoteInput
                ariaLabel={t('form.noteOfLine', { lineNo: i + 1 })}
                placeholder={t('form.notePlaceholder')}
                value={l.note}
                onChange={(v) => change(l.key, { note: v })}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('form.removeLine', { lineNo: i + 1 })}
                disabled={lines.length === 1}
                onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
              />
            </div>
          ))}
        </div>
      </Panel>
      <Button type="primary" onClick={onSubmit} loading={busy} data-testid="rt-submit">
        {t('form.create')}
      </Button>
    </>
  );
}
