import {
  CHEQUE_BANK_MAX,
  CHEQUE_NUMBER_MAX,
  type PayableInvoice,
  type PaymentType,
  SETTLEMENT_NOTE_MAX,
  SETTLEMENT_REFERENCE_MAX,
  type Settlement,
  type SettlementInput,
  type SupplierCredit,
  settlementDocument,
} from '@backoffice/contracts';
import { Alert, Button, Checkbox, Col, DatePicker, Form, Input, Row, Select, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { formatMoney, formatPercent } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { uuid } from '../../../shared/lib/uuid.ts';
import { documentKey } from '../../../shared/ui/documents/document-text.ts';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { useCompleteSettlement, useCreateSettlement, usePayables, useSettlement, useUpdateSettlement } from '../api.ts';
import {
  type ProcessorChoice,
  ProcessorPicker,
  SupplierPicker,
  usePaymentTypeOptions,
} from '../components/pickers.tsx';
import { canIncludeInterest, interestFor } from '../interest.ts';
import {
  type AmountProblem,
  addMoney,
  amountProblem,
  compareMoney,
  isAboveZeroMoney,
  subtractMoney,
} from '../money-text.ts';
import { settlementUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';

interface Picked {
  amount: string;
  includeInterest: boolean;
}

interface ChequeValues {
  number: string;
  date: Dayjs | null;
  bank: string;
}

/** An amount with its currency, digits aligned. */
function Money({ value, currency, testId }: { value: string; currency: string; testId?: string }) {
  const { i18n } = useTranslation();
  return (
    <bdi style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={testId}>
      {formatMoney(value, i18n.language, currency)}
    </bdi>
  );
}

/** The words under a field that is wrong, tied to it by id (read with the field). */
function FieldProblem({ id, children }: { id: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div id={id} style={{ color: token.colorError, fontSize: token.fontSizeSM, marginTop: 2 }}>
      {children}
    </div>
  );
}

/** The form's starting point: empty for a new settlement, the draft's own values when one is edited. */
function startOf(settlement: Settlement | null) {
  const picked: Record<string, Picked> = {};
  const applied: Record<string, string> = {};
  for (const line of settlement?.lines ?? [])
    picked[line.invoice.id] = { amount: line.amount, includeInterest: line.includeInterest };
  for (const credit of settlement?.credits ?? []) applied[credit.creditId] = credit.amount;
  const cheque = settlement?.cheque;
  return {
    picked,
    applied,
    processor: settlement
      ? {
          id: settlement.processor.id,
          code: settlement.processor.code,
          name: settlement.processor.name,
          currency: settlement.processor.currency,
        }
      : null,
    cheque: cheque
      ? { number: cheque.number, date: cheque.date ? dayjs(cheque.date) : null, bank: cheque.bank }
      : { number: '', date: null, bank: '' },
  };
}

/**
 * New Settlement, and a draft's editor (the same form, filled with the draft; its supplier stays): the supplier,
 * payment date, processor and payment type; the supplier's booked invoices with their
 * open amount, due date, days late and late-payment interest, each chosen with the amount to pay (all of it by
 * default, part allowed, never above the open amount) and its interest included by a checkbox; their open credits
 * to apply; an optional cheque; the totals worked exactly (invoices + interest − credits = to pay). Saved as a
 * draft, or saved and completed at once. Nothing here is a <form>: Enter in a field never sends half of it.
 */
function SettlementForm({ settlement }: { settlement: Settlement | null }) {
  const { t, i18n } = useTranslation('settlements');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const paymentTypeOptions = usePaymentTypeOptions();
  const [start] = useState(() => startOf(settlement));
  const [supplierId, setSupplierId] = useState<string | null>(settlement?.supplier.id ?? null);
  const [paymentDate, setPaymentDate] = useState<Dayjs>(() =>
    settlement ? dayjs(settlement.paymentDate, DATE_FORMAT) : dayjs(),
  );
  const [processor, setProcessor] = useState<ProcessorChoice | null>(start.processor);
  const [paymentType, setPaymentType] = useState<PaymentType | null>(settlement?.paymentType ?? null);
  const [reference, setReference] = useState(settlement?.reference ?? '');
  const [note, setNote] = useState(settlement?.note ?? '');
  const [byCheque, setByCheque] = useState(!!settlement?.cheque);
  const [cheque, setCheque] = useState<ChequeValues>(start.cheque);
  const [picked, setPicked] = useState<Record<string, Picked>>(start.picked);
  const [applied, setApplied] = useState<Record<string, string>>(start.applied);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submission = useSubmissionKey();
  const create = useCreateSettlement();
  const update = useUpdateSettlement();
  const complete = useCompleteSettlement();
  const payables = usePayables(supplierId, paymentDate.format(DATE_FORMAT), settlement?.id);
  const canComplete = has('approve_purchase_invoice_settlement');
  const canPickProcessor = has('view_currency');

  const invoices = supplierId ? (payables.data?.invoices ?? []) : [];
  const credits = supplierId ? (payables.data?.credits ?? []) : [];
  const chosen = useMemo(() => invoices.filter((inv) => picked[inv.id]), [invoices, picked]);
  const chosenCredits = useMemo(() => credits.filter((c) => applied[c.id] !== undefined), [credits, applied]);
  const currencies = [...new Set(chosen.map((inv) => inv.currency))];
  const currency = currencies.length === 1 ? (currencies[0] as string) : (invoices[0]?.currency ?? 'GBP');

  const lineProblem = (inv: PayableInvoice): AmountProblem | null =>
    amountProblem((picked[inv.id] as Picked).amount, inv.openAmount);
  const lineInterest = (inv: PayableInvoice): string => {
    const p = picked[inv.id];
    if (!p?.includeInterest || !canIncludeInterest(inv.interest) || lineProblem(inv)) return '0.00';
    return interestFor(p.amount.trim(), inv.openAmount, inv.interest);
  };
  const creditProblem = (credit: SupplierCredit): AmountProblem | null =>
    amountProblem(applied[credit.id] ?? '', credit.openAmount);

  const totalInvoices = addMoney(
    ...chosen.filter((inv) => !lineProblem(inv)).map((inv) => picked[inv.id]?.amount ?? ''),
  );
  const totalInterest = addMoney(...chosen.map(lineInterest));
  const totalCredits = addMoney(...chosenCredits.filter((c) => !creditProblem(c)).map((c) => applied[c.id] ?? ''));
  const toPay = subtractMoney(addMoney(totalInvoices, totalInterest), totalCredits);

  // Everything that keeps the settlement from being saved, in the order of the page.
  const problems: string[] = [];
  if (!supplierId) problems.push(t('create.problems.supplier'));
  if (!processor) problems.push(t('create.problems.processor'));
  if (!paymentType) problems.push(t('create.problems.paymentType'));
  if (supplierId && chosen.length === 0) problems.push(t('create.problems.noInvoice'));
  if (currencies.length > 1) problems.push(t('create.problems.oneCurrency'));
  if (processor && currencies.length === 1 && processor.currency !== currency && processor.currency !== 'GBP')
    problems.push(t('create.problems.processorCurrency', { currency, processor: processor.currency }));
  for (const inv of chosen)
    if (lineProblem(inv)) problems.push(t('create.problems.invoiceAmount', { invoice: inv.number }));
  for (const c of chosenCredits) {
    if (creditProblem(c)) problems.push(t('create.problems.creditAmount', { credit: c.reference || c.sourceNumber }));
    else if (c.currency !== currency) problems.push(t('create.problems.creditCurrency', { credit: c.reference }));
  }
  if (compareMoney(toPay, '0') < 0) problems.push(t('create.problems.negative'));
  if (byCheque) {
    if (!cheque.number.trim()) problems.push(t('create.problems.chequeNumber'));
    if (!cheque.date) problems.push(t('create.problems.chequeDate'));
    if (!cheque.bank.trim()) problems.push(t('create.problems.chequeBank'));
  }

  const changeSupplier = (id: string | null) => {
    setSupplierId(id);
    setPicked({});
    setApplied({});
    setFailure(null);
  };
  const choose = (inv: PayableInvoice, on: boolean) =>
    setPicked((current) => {
      const next = { ...current };
      if (on) next[inv.id] = { amount: inv.openAmount, includeInterest: false };
      else delete next[inv.id];
      return next;
    });
  const edit = (id: string, patch: Partial<Picked>) =>
    setPicked((current) => ({ ...current, [id]: { ...(current[id] as Picked), ...patch } }));
  const applyCredit = (credit: SupplierCredit, on: boolean) =>
    setApplied((current) => {
      const next = { ...current };
      if (on) {
        // What is left to pay, at most the credit's open amount: a credit never turns the payment negative.
        const left = subtractMoney(addMoney(totalInvoices, totalInterest), totalCredits);
        next[credit.id] =
          isAboveZeroMoney(left) && compareMoney(left, credit.openAmount) < 0 ? left : addMoney(credit.openAmount);
      } else delete next[credit.id];
      return next;
    });

  const save = async (andComplete: boolean) => {
    setTried(true);
    setFailure(null);
    if (problems.length || !supplierId || !processor || !paymentType) return;
    const body: SettlementInput = {
      supplierId,
      paymentDate: paymentDate.format(DATE_FORMAT),
      processorId: processor.id,
      paymentType,
      reference: reference.trim(),
      note: note.trim(),
      lines: chosen.map((inv) => {
        const p = picked[inv.id] as Picked;
        const include = p.includeInterest && canIncludeInterest(inv.interest);
        // The interest shown is the interest sent: what the reader saw is what is charged.
        return {
          invoiceId: inv.id,
          amount: p.amount.trim(),
          includeInterest: include,
          interestAmount: include ? lineInterest(inv) : null,
        };
      }),
      credits: chosenCredits.map((c) => ({ creditId: c.id, amount: (applied[c.id] ?? '').trim() })),
      cheque:
        byCheque && cheque.date
          ? { number: cheque.number.trim(), date: cheque.date.format(DATE_FORMAT), bank: cheque.bank.trim() }
          : null,
    };
    let saved: { id: string; number: string };
    try {
      if (settlement) saved = await update.mutateAsync({ id: settlement.id, body });
      else {
        saved = await create.mutateAsync({ body, key: submission.keyFor(body) });
        submission.reset();
      }
    } catch (error) {
      setFailure(errorText(error) || t('create.failed'));
      return;
    }
    if (andComplete) {
      try {
        await complete.mutateAsync({ id: saved.id, key: uuid() });
        notifySuccess(t('create.completed', { number: saved.number }));
      } catch (error) {
        // The draft is kept: its page says what happened and offers Complete again.
        notifyError(t('create.savedNotCompleted', { number: saved.number }), errorText(error) ?? undefined);
      }
    } else notifySuccess(t(settlement ? 'edit.saved' : 'create.saved', { number: saved.number }));
    // The form's page is left behind: the detail stands in its place (its crumb named by the settlement's number).
    navigate(settlementUrl(saved.id), { replace: true });
  };

  const basisText = (inv: PayableInvoice) => {
    const proposal = inv.interest;
    const rate = formatPercent(proposal.annualRatePercent, i18n.language);
    if (proposal.basis === 'none') return t('create.notLate');
    if (proposal.basis === 'unavailable')
      return t('create.noBaseRate', { date: proposal.referenceDate ?? inv.dueDate });
    if (proposal.basis === 'contractual')
      return t('create.contractual', {
        rate,
        type: proposal.interestType ? t(`interestTypes.${proposal.interestType}`) : '',
      });
    return t('create.statutory', { rate, fixed: formatMoney(proposal.fixedSum, i18n.language, inv.currency) });
  };

  const secondary = { color: token.colorTextSecondary, fontSize: token.fontSizeSM };
  const invoiceColumns: ColumnsType<PayableInvoice> = [
    {
      key: 'pay',
      title: t('create.pay'),
      width: 56,
      render: (_, inv) => (
        <Checkbox
          checked={!!picked[inv.id]}
          onChange={(e) => choose(inv, e.target.checked)}
          aria-label={t('create.payInvoice', { invoice: inv.number })}
          data-testid="settlement-pick"
        />
      ),
    },
    {
      key: 'invoice',
      title: t('fields.invoice'),
      render: (_, inv) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi>{inv.number}</bdi>
          <bdi style={secondary}>{inv.supplierInvoiceNumber}</bdi>
        </span>
      ),
    },
    {
      key: 'due',
      title: t('fields.dueDate'),
      render: (_, inv) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi style={{ whiteSpace: 'nowrap' }}>{inv.dueDate}</bdi>
          <bdi style={inv.daysLate > 0 ? { ...secondary, color: token.colorWarningText } : secondary}>
            {inv.daysLate > 0 ? t('create.daysLate', { count: inv.daysLate }) : t('create.notLate')}
          </bdi>
        </span>
      ),
    },
    {
      key: 'open',
      title: t('fields.openAmount'),
      align: 'end',
      render: (_, inv) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
          <Money value={inv.openAmount} currency={inv.currency} testId="settlement-open" />
          <span style={secondary}>
            {t('create.ofGross', { gross: formatMoney(inv.grossTotal, i18n.language, inv.currency) })}
          </span>
        </span>
      ),
    },
    {
      key: 'amount',
      title: t('fields.amountToPay'),
      render: (_, inv) => {
        const p = picked[inv.id];
        if (!p) return <span aria-hidden>—</span>;
        const problem = lineProblem(inv);
        const problemId = `settlement-amount-problem-${inv.id}`;
        return (
          <div style={{ minWidth: 130 }}>
            <Input
              value={p.amount}
              onChange={(e) => edit(inv.id, { amount: e.target.value })}
              aria-label={t('create.amountOf', { invoice: inv.number })}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              status={problem ? 'error' : undefined}
              inputMode="decimal"
              autoComplete="off"
              suffix={<bdi style={secondary}>{inv.currency}</bdi>}
              data-testid="settlement-amount"
            />
            {problem ? (
              <FieldProblem id={problemId}>
                {t(`create.amountProblem.${problem}`, {
                  open: formatMoney(inv.openAmount, i18n.language, inv.currency),
                })}
              </FieldProblem>
            ) : compareMoney(p.amount, inv.openAmount) < 0 ? (
              <div style={secondary}>
                {t('create.partLeft', {
                  left: formatMoney(subtractMoney(inv.openAmount, p.amount), i18n.language, inv.currency),
                })}
              </div>
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'interest',
      title: t('fields.interest'),
      render: (_, inv) => {
        const p = picked[inv.id];
        const possible = canIncludeInterest(inv.interest);
        const amount =
          p && !lineProblem(inv) ? interestFor(p.amount.trim(), inv.openAmount, inv.interest) : inv.interest.total;
        return (
          <span style={{ display: 'inline-flex', flexDirection: 'column', gap: 2 }}>
            {possible ? <Money value={amount} currency={inv.currency} testId="settlement-interest-proposal" /> : null}
            <span style={secondary} data-testid="settlement-interest-basis">
              {basisText(inv)}
            </span>
            {possible ? (
              <Checkbox
                checked={!!p?.includeInterest}
                disabled={!p}
                onChange={(e) => edit(inv.id, { includeInterest: e.target.checked })}
                aria-label={t('create.includeInterestOf', { invoice: inv.number })}
                data-testid="settlement-include-interest"
              >
                {t('create.includeInterest')}
              </Checkbox>
            ) : null}
          </span>
        );
      },
    },
  ];

  const creditColumns: ColumnsType<SupplierCredit> = [
    {
      key: 'apply',
      title: t('create.apply'),
      width: 56,
      render: (_, c) => (
        <Checkbox
          checked={applied[c.id] !== undefined}
          onChange={(e) => applyCredit(c, e.target.checked)}
          aria-label={t('create.applyCredit', { credit: c.reference || c.sourceNumber })}
          data-testid="settlement-credit-pick"
        />
      ),
    },
    {
      key: 'credit',
      title: t('fields.credit'),
      render: (_, c) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi>{c.reference || '—'}</bdi>
          <bdi style={secondary}>
            {c.sourceNumber} · {c.createdAt.slice(0, 10)}
          </bdi>
        </span>
      ),
    },
    {
      key: 'open',
      title: t('fields.creditOpen'),
      align: 'end',
      render: (_, c) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
          <Money value={c.openAmount} currency={c.currency} />
          <span style={secondary}>
            {t('create.ofCredit', { amount: formatMoney(c.amount, i18n.language, c.currency) })}
          </span>
        </span>
      ),
    },
    {
      key: 'amount',
      title: t('fields.amountToApply'),
      render: (_, c) => {
        const value = applied[c.id];
        if (value === undefined) return <span aria-hidden>—</span>;
        const problem = creditProblem(c);
        const problemId = `settlement-credit-problem-${c.id}`;
        return (
          <div style={{ minWidth: 130 }}>
            <Input
              value={value}
              onChange={(e) => setApplied((current) => ({ ...current, [c.id]: e.target.value }))}
              aria-label={t('create.amountOfCredit', { credit: c.reference || c.sourceNumber })}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              status={problem ? 'error' : undefined}
              inputMode="decimal"
              autoComplete="off"
              suffix={<bdi style={secondary}>{c.currency}</bdi>}
              data-testid="settlement-credit-amount"
            />
            {problem ? (
              <FieldProblem id={problemId}>
                {t(`create.creditProblem.${problem}`, {
                  open: formatMoney(c.openAmount, i18n.language, c.currency),
                })}
              </FieldProblem>
            ) : null}
          </div>
        );
      },
    },
  ];

  const terms = payables.data?.supplier;
  const emptyText = (text: string) => (
    // In the page's secondary text colour: antd's placeholder grey is too faint to read (WCAG contrast).
    <span style={{ color: token.colorTextSecondary }}>{text}</span>
  );
  const missing = (on: boolean) => tried && on;
  const busy = create.isPending || update.isPending || complete.isPending;

  return (
    <>
      {canPickProcessor ? null : (
        <Alert type="warning" showIcon title={t('create.needsCurrencyPermission')} style={{ marginBottom: 8 }} />
      )}
      <Form layout="vertical" component="div">
        <Panel title={t('create.payment')} style={{ marginBottom: token.margin }}>
          <Row gutter={token.margin}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                label={t('fields.supplier')}
                htmlFor="settlement-supplier"
                required
                validateStatus={missing(!supplierId) ? 'error' : undefined}
              >
                {settlement ? (
                  // A draft keeps its supplier: what it holds is that supplier's.
                  <Input
                    id="settlement-supplier"
                    data-testid="settlement-supplier"
                    value={`${settlement.supplier.code} · ${settlement.supplier.name}`}
                    readOnly
                    aria-readonly
                  />
                ) : (
                  <SupplierPicker
                    id="settlement-supplier"
                    testId="settlement-supplier"
                    value={supplierId}
                    onChange={changeSupplier}
                  />
                )}
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={6} xl={4}>
              <Form.Item
                label={t('fields.paymentDate')}
                htmlFor="settlement-date"
                required
                extra={t('create.paymentDateHint')}
              >
                <DatePicker
                  id="settlement-date"
                  data-testid="settlement-date"
                  format={DATE_FORMAT}
                  value={paymentDate}
                  allowClear={false}
                  onChange={(d) => d && setPaymentDate(d)}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={6} xl={6}>
              <Form.Item
                label={t('fields.processor')}
                htmlFor="settlement-processor"
                required
                validateStatus={missing(!processor) ? 'error' : undefined}
              >
                {canPickProcessor ? (
                  <ProcessorPicker
                    id="settlement-processor"
                    testId="settlement-processor"
                    value={processor?.id ?? null}
                    onChosen={setProcessor}
                  />
                ) : (
                  <Input id="settlement-processor" disabled value="" />
                )}
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={8} xl={6}>
              <Form.Item
                label={t('fields.paymentType')}
                htmlFor="settlement-payment-type"
                required
                validateStatus={missing(!paymentType) ? 'error' : undefined}
              >
                <Select
                  id="settlement-payment-type"
                  data-testid="settlement-payment-type"
                  value={paymentType ?? undefined}
                  onChange={(value: PaymentType) => setPaymentType(value)}
                  options={paymentTypeOptions}
                  placeholder={t('create.choosePaymentType')}
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={8} xl={8}>
              <Form.Item label={t('fields.reference')} htmlFor="settlement-reference">
                <Input
                  id="settlement-reference"
                  data-testid="settlement-reference"
                  value={reference}
                  maxLength={SETTLEMENT_REFERENCE_MAX}
                  autoComplete="off"
                  onChange={(e) => setReference(e.target.value)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8} xl={16}>
              <Form.Item label={t('fields.note')} htmlFor="settlement-note">
                <Input.TextArea
                  id="settlement-note"
                  data-testid="settlement-note"
                  rows={1}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  maxLength={SETTLEMENT_NOTE_MAX}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
              </Form.Item>
            </Col>
          </Row>
        </Panel>

        <Panel title={t('create.invoices')} style={{ marginBottom: token.margin }}>
          {terms ? (
            <Typography.Paragraph type="secondary" data-testid="settlement-terms">
              {terms.lateInterestRate && terms.lateInterestType
                ? t('create.termsContractual', {
                    days: terms.paymentTermsDays,
                    rate: formatPercent(terms.lateInterestRate, i18n.language),
                    type: t(`interestTypes.${terms.lateInterestType}`),
                  })
                : t('create.termsStatutory', { days: terms.paymentTermsDays })}
            </Typography.Paragraph>
          ) : null}
          {payables.error ? (
            <Alert
              type="error"
              showIcon
              title={errorText(payables.error) ?? tc('states.error')}
              action={
                <Button size="small" onClick={() => void payables.refetch()}>
                  {tc('actions.retry')}
                </Button>
              }
              style={{ marginBottom: token.margin }}
            />
          ) : null}
          <Table<PayableInvoice>
            data-testid="settlement-invoices"
            rowKey="id"
            size="small"
            columns={invoiceColumns}
            dataSource={invoices}
            loading={!!supplierId && payables.isFetching}
            locale={{ emptyText: emptyText(supplierId ? t('create.noInvoices') : t('create.chooseSupplier')) }}
            scroll={{ x: true }}
            tableLayout="auto"
            pagination={invoices.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          />
        </Panel>

        {supplierId ? (
          <Panel title={t('create.credits')} style={{ marginBottom: token.margin }}>
            <Table<SupplierCredit>
              data-testid="settlement-credits"
              rowKey="id"
              size="small"
              columns={creditColumns}
              dataSource={credits}
              loading={payables.isFetching}
              locale={{ emptyText: emptyText(t('create.noCredits')) }}
              scroll={{ x: true }}
              tableLayout="auto"
              pagination={false}
            />
          </Panel>
        ) : null}

        <Panel title={t('create.cheque')} style={{ marginBottom: token.margin }}>
          <Checkbox
            checked={byCheque}
            onChange={(e) => {
              setByCheque(e.target.checked);
              if (e.target.checked && !cheque.date) setCheque((c) => ({ ...c, date: paymentDate }));
            }}
            data-testid="settlement-by-cheque"
          >
            {t('create.byCheque')}
          </Checkbox>
          {byCheque ? (
            <Row gutter={token.margin} style={{ marginTop: token.marginSM }}>
              <Col xs={24} sm={8}>
                <Form.Item
                  label={t('fields.chequeNumber')}
                  htmlFor="settlement-cheque-number"
                  required
                  validateStatus={missing(!cheque.number.trim()) ? 'error' : undefined}
                >
                  <Input
                    id="settlement-cheque-number"
                    data-testid="settlement-cheque-number"
                    value={cheque.number}
                    maxLength={CHEQUE_NUMBER_MAX}
                    autoComplete="off"
                    onChange={(e) => setCheque((c) => ({ ...c, number: e.target.value }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item
                  label={t('fields.chequeDate')}
                  htmlFor="settlement-cheque-date"
                  required
                  validateStatus={missing(!cheque.date) ? 'error' : undefined}
                >
                  <DatePicker
                    id="settlement-cheque-date"
                    data-testid="settlement-cheque-date"
                    format={DATE_FORMAT}
                    value={cheque.date}
                    onChange={(d) => setCheque((c) => ({ ...c, date: d }))}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item
                  label={t('fields.chequeBank')}
                  htmlFor="settlement-cheque-bank"
                  required
                  validateStatus={missing(!cheque.bank.trim()) ? 'error' : undefined}
                >
                  <Input
                    id="settlement-cheque-bank"
                    data-testid="settlement-cheque-bank"
                    value={cheque.bank}
                    maxLength={CHEQUE_BANK_MAX}
                    autoComplete="off"
                    onChange={(e) => setCheque((c) => ({ ...c, bank: e.target.value }))}
                  />
                </Form.Item>
              </Col>
            </Row>
          ) : null}
          <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXS, marginBottom: 0 }}>
            {t('create.chequeHint')}
          </Typography.Paragraph>
        </Panel>
      </Form>

      <Panel title={t('create.totals')} style={{ marginBottom: token.margin }}>
        <dl
          data-testid="settlement-totals"
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, max-content) max-content',
            columnGap: token.marginLG,
            rowGap: token.marginXXS,
            justifyContent: 'end',
            margin: 0,
          }}
        >
          <dt>{t('totals.invoices')}</dt>
          <dd style={{ margin: 0, textAlign: 'end' }}>
            <Money value={totalInvoices} currency={currency} testId="settlement-total-invoices" />
          </dd>
          <dt>{t('totals.interest')}</dt>
          <dd style={{ margin: 0, textAlign: 'end' }}>
            <Money value={totalInterest} currency={currency} testId="settlement-total-interest" />
          </dd>
          <dt>{t('totals.credits')}</dt>
          <dd style={{ margin: 0, textAlign: 'end' }}>
            <Money value={totalCredits} currency={currency} testId="settlement-total-credits" />
          </dd>
          <dt style={{ fontWeight: 600 }}>{t('totals.toPay')}</dt>
          <dd style={{ margin: 0, textAlign: 'end', fontWeight: 600 }}>
            <Money value={toPay} currency={currency} testId="settlement-total-to-pay" />
          </dd>
        </dl>
        {processor && processor.currency !== currency && chosen.length ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXS, marginBottom: 0 }}>
            {t('create.paidInProcessorCurrency', { currency: processor.currency })}
          </Typography.Paragraph>
        ) : null}
      </Panel>

      {tried && problems.length ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('create.fix')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: token.paddingMD }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: token.margin }}
          data-testid="settlement-problems"
        />
      ) : null}
      {failure ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={failure}
          style={{ marginBottom: token.margin }}
          data-testid="settlement-failure"
        />
      ) : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: token.marginXS }}>
        {settlement ? (
          <Button onClick={() => navigate(settlementUrl(settlement.id))} data-testid="settlement-edit-cancel">
            {t('edit.discard')}
          </Button>
        ) : null}
        <Button onClick={() => void save(false)} loading={busy && !complete.isPending} data-testid="settlement-save">
          {settlement ? t('edit.save') : t('create.saveDraft')}
        </Button>
        {canComplete ? (
          <Button
            type="primary"
            onClick={() => void save(true)}
            loading={complete.isPending}
            disabled={busy}
            data-testid="settlement-save-complete"
          >
            {byCheque ? t('create.saveIssueCheque') : t('create.saveComplete')}
          </Button>
        ) : null}
      </div>
    </>
  );
}

/** New Settlement (the menu's entry). */
export function SettlementCreatePage() {
  const { t } = useTranslation('settlements');
  return (
    <>
      <PageHeader>
        <Typography.Text type="secondary">{t('create.intro')}</Typography.Text>
      </PageHeader>
      <SettlementForm settlement={null} />
    </>
  );
}

/** A draft settlement's editor, titled by its number; a settlement that is no longer a draft says so. */
export function SettlementEditPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('settlements');
  const { t: td } = useTranslation('documents');
  const query = useSettlement(id);
  return (
    <DetailFrame
      query={query}
      number={(s) => s.number}
      numberTestId="settlement-number"
      back={
        <Link to={settlementUrl(id)} data-testid="settlement-edit-back">
          {t('edit.back')}
        </Link>
      }
      tags={(s) => <StatusTag doc={settlementDocument} status={s.status} testId="settlement-status" />}
    >
      {(s) =>
        s.status !== 'DRAFT' ? (
          <Alert
            type="info"
            showIcon
            data-testid="settlement-not-draft"
            title={t('edit.notDraft', {
              number: s.number,
              status: td(documentKey.status(settlementDocument, s.status)),
            })}
            action={<Link to={settlementUrl(s.id)}>{t('edit.back')}</Link>}
          />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('edit.intro')}</Typography.Paragraph>
            <SettlementForm key={s.updatedAt} settlement={s} />
          </>
        )
      }
    </DetailFrame>
  );
}
