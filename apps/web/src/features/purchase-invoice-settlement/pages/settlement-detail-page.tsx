import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  BankOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  EditOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import {
  CHEQUE_STEP_ACTIONS,
  type ChequeStepStatus,
  purchaseInvoiceDocument,
  type Settlement,
  type SettlementCredit,
  type SettlementLine,
  settlementDocument,
} from '@backoffice/contracts';
import { Alert, DatePicker, Descriptions, Form, Input, Modal, Steps, Table, Timeline, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { formatMoney, formatPercent } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { uuid } from '../../../shared/lib/uuid.ts';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { documentKey } from '../../../shared/ui/documents/document-text.ts';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { systemLogUrl } from '../../log/index.ts';
import {
  settlementPdfPath,
  useCancelSettlement,
  useChangeChequeStatus,
  useCompleteSettlement,
  useSettlement,
} from '../api.ts';
import { ChequeStatusTag, useChequeStatusLabel } from '../components/cheque-status.tsx';
import { usePaymentTypeLabel } from '../components/pickers.tsx';
import { type BackState, invoiceUrl, SETTLEMENT_LIST_PATH, settlementEditUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';

/** An amount with its currency, digits aligned. */
function Money({ value, currency, testId }: { value: string; currency: string; testId?: string }) {
  const { i18n } = useTranslation();
  return (
    <bdi style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={testId}>
      {formatMoney(value, i18n.language, currency)}
    </bdi>
  );
}

function LinesTable({ settlement }: { settlement: Settlement }) {
  const { t, i18n } = useTranslation('settlements');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const secondary = { color: token.colorTextSecondary, fontSize: token.fontSizeSM };
  const money = (value: string, testId?: string) => (
    <Money value={value} currency={settlement.currency} {...(testId ? { testId } : {})} />
  );
  const foreign = settlement.currency !== 'GBP';
  const columns: ColumnsType<SettlementLine> = [
    { key: 'lineNo', dataIndex: 'lineNo', title: '#', align: 'end', width: 48 },
    {
      key: 'invoice',
      title: t('fields.invoice'),
      render: (_, line) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          {has('view_purchase_invoice') ? (
            <Link to={invoiceUrl(line.invoice.id)} data-testid="settlement-line-invoice">
              <bdi>{line.invoice.number}</bdi>
            </Link>
          ) : (
            <bdi data-testid="settlement-line-invoice">{line.invoice.number}</bdi>
          )}
          <bdi style={secondary}>{line.invoice.supplierInvoiceNumber}</bdi>
        </span>
      ),
    },
    {
      key: 'due',
      title: t('fields.dueDate'),
      render: (_, line) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi style={{ whiteSpace: 'nowrap' }}>{line.invoice.dueDate}</bdi>
          <bdi style={secondary}>
            {line.daysLate > 0 ? t('create.daysLate', { count: line.daysLate }) : t('create.notLate')}
          </bdi>
        </span>
      ),
    },
    {
      key: 'openBefore',
      dataIndex: 'openBefore',
      title: t('fields.openBefore'),
      align: 'end',
      render: (v: string) => money(v),
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('fields.amountPaid'),
      align: 'end',
      render: (v: string) => money(v, 'settlement-line-amount'),
    },
    {
      key: 'openAfter',
      dataIndex: 'openAfter',
      title: t('fields.openAfter'),
      align: 'end',
      render: (v: string) => money(v, 'settlement-line-open-after'),
    },
    {
      key: 'interest',
      title: t('fields.interest'),
      align: 'end',
      render: (_, line) => {
        const p = line.interestProposal;
        const basis =
          p.basis === 'contractual'
            ? t('detail.basisContractual', { rate: formatPercent(p.annualRatePercent, i18n.language) })
            : p.basis === 'statutory'
              ? t('detail.basisStatutory', { rate: formatPercent(p.annualRatePercent, i18n.language) })
              : p.basis === 'unavailable'
                ? t('detail.basisUnavailable')
                : t('create.notLate');
        return (
          <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
            {line.includeInterest ? money(line.interestAmount, 'settlement-line-interest') : <span>—</span>}
            <span style={secondary}>
              {line.includeInterest
                ? basis
                : p.basis === 'none'
                  ? basis
                  : t('detail.interestNotIncluded', {
                      amount: formatMoney(p.total, i18n.language, settlement.currency),
                    })}
            </span>
          </span>
        );
      },
    },
    {
      key: 'invoiceNow',
      title: t('fields.invoiceNow'),
      render: (_, line) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
          <StatusTag
            doc={purchaseInvoiceDocument}
            status={line.invoice.status}
            testId="settlement-line-invoice-status"
          />
          <bdi style={secondary}>
            {t('detail.openNow', {
              amount: formatMoney(line.invoice.openAmount, i18n.language, line.invoice.currency),
            })}
          </bdi>
        </span>
      ),
    },
  ];
  if (foreign)
    columns.push({
      key: 'exchange',
      title: t('fields.exchangeDifference'),
      align: 'end',
      render: (_, line) => <Money value={line.exchangeDifferenceGbp} currency="GBP" />,
    });
  return (
    <Table<SettlementLine>
      data-testid="settlement-lines"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={settlement.lines}
      scroll={{ x: true }}
      tableLayout="auto"
      pagination={settlement.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
    />
  );
}

function CreditsTable({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation('settlements');
  const foreign = settlement.currency !== 'GBP';
  const { token } = theme.useToken();
  const columns: ColumnsType<SettlementCredit> = [
    {
      key: 'credit',
      title: t('fields.credit'),
      render: (_, c) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi>{c.reference || '—'}</bdi>
          <bdi style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{c.sourceNumber}</bdi>
        </span>
      ),
    },
    {
      key: 'creditAmount',
      dataIndex: 'creditAmount',
      title: t('fields.creditAmount'),
      align: 'end',
      render: (v: string) => <Money value={v} currency={settlement.currency} />,
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('fields.amountApplied'),
      align: 'end',
      render: (v: string) => <Money value={v} currency={settlement.currency} testId="settlement-credit-applied" />,
    },
    {
      key: 'open',
      dataIndex: 'creditOpenAmount',
      title: t('fields.creditOpenNow'),
      align: 'end',
      render: (v: string) => <Money value={v} currency={settlement.currency} />,
    },
  ];
  // IAS 21: each credit at its own day's rate against the payment date's; the difference in GBP (+: a loss).
  if (foreign)
    columns.push(
      {
        key: 'creditRate',
        title: t('fields.creditRate'),
        render: (_, c) => (
          <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
            <bdi>{c.creditRate}</bdi>
            <bdi style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{c.creditDate}</bdi>
          </span>
        ),
      },
      {
        key: 'exchange',
        title: t('fields.exchangeDifference'),
        align: 'end',
        render: (_, c) => <Money value={c.exchangeDifferenceGbp} currency="GBP" testId="settlement-credit-exchange" />,
      },
    );
  return (
    <Table<SettlementCredit>
      data-testid="settlement-credit-lines"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={settlement.credits}
      scroll={{ x: true }}
      tableLayout="auto"
      pagination={false}
    />
  );
}

/** The cheque's way: issued → collected → sent to bank → realized, or returned at the step it had reached. */
function ChequePanel({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation('settlements');
  const { token } = theme.useToken();
  const label = useChequeStatusLabel();
  const cheque = settlement.cheque;
  if (!cheque) return null;
  const way = ['issued', 'collected', 'send_to_bank', 'realized'] as const;
  // Before completion the cheque is written but not yet issued: no step is done.
  const issued = settlement.status !== 'DRAFT' && settlement.status !== 'CANCELED';
  const dateOf = (status: string) => cheque.history.find((h) => h.status === status)?.date;
  const step = (status: string, state: 'finish' | 'wait' | 'error') => {
    const date = dateOf(status);
    return { title: label(status), status: state, ...(date ? { content: <bdi>{date}</bdi> } : {}) };
  };
  let items: ReturnType<typeof step>[];
  if (cheque.status === 'returned') {
    // The steps it had reached, then where it came back.
    const reached = Math.max(0, ...way.map((s, i) => (dateOf(s) ? i : 0)));
    items = [...way.slice(0, reached + 1).map((s) => step(s, 'finish')), step('returned', 'error')];
  } else {
    const at = issued ? way.indexOf(cheque.status as (typeof way)[number]) : -1;
    items = way.map((s, i) => step(s, i <= at ? 'finish' : 'wait'));
  }
  return (
    <Panel
      title={t('detail.cheque')}
      extra={<ChequeStatusTag status={cheque.status} testId="settlement-cheque-status" />}
      style={{ marginBottom: token.margin }}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        items={[
          {
            key: 'number',
            label: t('fields.chequeNumber'),
            children: <bdi data-testid="settlement-cheque-number">{cheque.number}</bdi>,
          },
          { key: 'date', label: t('fields.chequeDate'), children: <bdi>{cheque.date}</bdi> },
          { key: 'bank', label: t('fields.chequeBank'), children: <bdi>{cheque.bank}</bdi> },
        ]}
      />
      <div style={{ overflowX: 'auto', marginTop: token.marginSM }}>
        <Steps
          size="small"
          current={Math.max(0, items.filter((item) => item.status !== 'wait').length - 1)}
          items={items}
          data-testid="settlement-cheque-steps"
          style={{ minWidth: 480 }}
        />
      </div>
      {issued ? null : (
        <Typography.Paragraph type="secondary" style={{ marginTop: token.marginSM, marginBottom: 0 }}>
          {t('detail.chequeNotIssued')}
        </Typography.Paragraph>
      )}
    </Panel>
  );
}

/** What happened to the settlement, oldest first: made, the cheque's steps, completed or cancelled, e-mailed. */
function HistoryPanel({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation('settlements');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const label = useChequeStatusLabel();
  // rank: what happens in one request in its order (a cheque realized, then the settlement completed, then e-mailed).
  const events: { at: string; rank: number; text: ReactNode; colour?: string }[] = [];
  const by = (user: { username: string } | null) => (user ? user.username : t('detail.someone'));
  events.push({ at: settlement.createdAt, rank: 0, text: t('history.created', { user: by(settlement.createdBy) }) });
  for (const h of settlement.cheque?.history ?? [])
    events.push({
      at: h.at,
      rank: 1,
      colour: h.status === 'returned' ? 'red' : 'blue',
      text: (
        <>
          {t('history.cheque', { status: label(h.status), date: h.date, user: by(h.by) })}
          {h.note ? (
            <Typography.Text type="secondary" style={{ display: 'block', whiteSpace: 'pre-wrap' }}>
              {h.note}
            </Typography.Text>
          ) : null}
        </>
      ),
    });
  if (settlement.completedAt)
    events.push({
      at: settlement.completedAt,
      rank: 2,
      colour: 'green',
      text: t('history.completed', { user: by(settlement.completedBy) }),
    });
  if (settlement.canceledAt)
    events.push({
      at: settlement.canceledAt,
      rank: 2,
      colour: 'red',
      text: t('history.canceled', { user: by(settlement.canceledBy) }),
    });
  if (settlement.notification)
    events.push({
      at: settlement.notification.queuedAt,
      rank: 3,
      colour: 'green',
      text: t('history.emailed', { recipients: settlement.notification.recipients.join(', ') }),
    });
  const second = (at: string) => at.slice(0, 19);
  events.sort((a, b) => second(a.at).localeCompare(second(b.at)) || a.rank - b.rank || a.at.localeCompare(b.at));
  return (
    <Panel
      title={t('detail.history')}
      extra={
        has('view_system_logs') ? (
          <Link to={systemLogUrl({ q: settlement.number, kind: 'all' })} data-testid="settlement-log-link">
            {t('detail.fullLog')}
          </Link>
        ) : null
      }
    >
      <Timeline
        data-testid="settlement-history"
        items={events.map((e) => ({
          ...(e.colour ? { color: e.colour } : {}),
          content: (
            <>
              <bdi style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, display: 'block' }}>
                {formatDateTime(e.at)}
              </bdi>
              {e.text}
            </>
          ),
        }))}
      />
    </Panel>
  );
}

function SettlementBody({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation('settlements');
  const { token } = theme.useToken();
  const paymentTypeLabel = usePaymentTypeLabel();
  const when = (at: string | null) => (at ? <bdi>{formatDateTime(at)}</bdi> : '—');
  const money = (value: string, testId: string, currency: string = settlement.currency) => (
    <Money value={value} currency={currency} testId={testId} />
  );
  const foreign = settlement.currency !== 'GBP';
  return (
    <>
      {settlement.status === 'CANCELED' ? (
        <Alert
          type="info"
          showIcon
          title={
            settlement.cancelReason
              ? t('detail.canceledBecause', { reason: settlement.cancelReason })
              : t('detail.canceled')
          }
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      {settlement.status === 'CHEQUE_RETURNED' ? (
        <Alert type="warning" showIcon title={t('detail.returned')} style={{ marginBottom: token.margin }} />
      ) : null}
      {settlement.notification ? (
        <Alert
          type="success"
          showIcon
          data-testid="settlement-notification"
          title={t('detail.emailed', {
            recipients: settlement.notification.recipients.join(', '),
            at: formatDateTime(settlement.notification.queuedAt),
          })}
          style={{ marginBottom: token.margin }}
        />
      ) : settlement.status === 'COMPLETED' ? (
        <Alert type="info" showIcon title={t('detail.notEmailed')} style={{ marginBottom: token.margin }} />
      ) : null}
      <Panel title={t('detail.facts')} style={{ marginBottom: token.margin }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'supplier',
              label: t('fields.supplier'),
              children: (
                <bdi data-testid="settlement-supplier">
                  {settlement.supplier.code} · {settlement.supplier.name}
                </bdi>
              ),
            },
            { key: 'paymentDate', label: t('fields.paymentDate'), children: <bdi>{settlement.paymentDate}</bdi> },
            {
              key: 'processor',
              label: t('fields.processor'),
              children: (
                <bdi>
                  {settlement.processor.code} · {settlement.processor.name} ({settlement.processor.currency})
                </bdi>
              ),
            },
            {
              key: 'paymentType',
              label: t('fields.paymentType'),
              children: <span data-testid="settlement-payment-type">{paymentTypeLabel(settlement.paymentType)}</span>,
            },
            {
              key: 'reference',
              label: t('fields.reference'),
              children: settlement.reference ? <bdi>{settlement.reference}</bdi> : '—',
            },
            {
              key: 'currency',
              label: t('fields.currencyRate'),
              children: (
                <bdi>{foreign ? `${settlement.currency} ${settlement.exchangeRate}` : settlement.currency}</bdi>
              ),
            },
            { key: 'createdAt', label: t('fields.createdAt'), children: when(settlement.createdAt) },
            { key: 'createdBy', label: t('fields.createdBy'), children: settlement.createdBy?.username ?? '—' },
            { key: 'completedAt', label: t('fields.completedAt'), children: when(settlement.completedAt) },
            {
              key: 'note',
              label: t('fields.note'),
              span: 'filled',
              children: settlement.note ? <span style={{ whiteSpace: 'pre-wrap' }}>{settlement.note}</span> : '—',
            },
          ]}
        />
      </Panel>
      <Panel title={t('create.totals')} style={{ marginBottom: token.margin }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            {
              key: 'invoices',
              label: t('totals.invoices'),
              children: money(settlement.totals.invoices, 'settlement-total-invoices'),
            },
            {
              key: 'interest',
              label: t('totals.interest'),
              children: money(settlement.totals.interest, 'settlement-total-interest'),
            },
            {
              key: 'credits',
              label: t('totals.credits'),
              children: money(settlement.totals.credits, 'settlement-total-credits'),
            },
            {
              key: 'paid',
              label: t('totals.paid'),
              children: <strong>{money(settlement.totals.totalPaid, 'settlement-total-paid')}</strong>,
            },
            ...(settlement.processor.currency !== settlement.currency
              ? [
                  {
                    key: 'processor',
                    label: t('totals.paidByProcessor', { currency: settlement.processor.currency }),
                    children: money(
                      settlement.totals.totalPaidProcessor,
                      'settlement-total-processor',
                      settlement.processor.currency,
                    ),
                  },
                ]
              : []),
            ...(foreign
              ? [
                  {
                    key: 'exchange',
                    label: t('fields.exchangeDifference'),
                    children: (
                      <span>
                        {money(settlement.totals.exchangeDifferenceGbp, 'settlement-exchange', 'GBP')}{' '}
                        <Typography.Text type="secondary">{t('detail.exchangeHint')}</Typography.Text>
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Panel>
      <Panel title={t('detail.lines', { count: settlement.lines.length })} style={{ marginBottom: token.margin }}>
        <LinesTable settlement={settlement} />
      </Panel>
      {settlement.credits.length ? (
        <Panel title={t('create.credits')} style={{ marginBottom: token.margin }}>
          {foreign ? (
            <Typography.Paragraph type="secondary">{t('detail.creditExchangeHint')}</Typography.Paragraph>
          ) : null}
          <CreditsTable settlement={settlement} />
        </Panel>
      ) : null}
      <ChequePanel settlement={settlement} />
      <HistoryPanel settlement={settlement} />
    </>
  );
}

type Dialog = { kind: 'cheque'; status: ChequeStepStatus } | { kind: 'cancel' } | null;

/**
 * One settlement: its payment, totals, the invoices it pays (open before and after, interest, each invoice's status
 * now), the credits it applies, its cheque with its steps, and its history. Its steps (complete, the cheque's
 * collected / sent to bank / realized / returned, cancel) are those the definition allows in its status to the
 * user's permissions; Print fetches the remittance advice.
 */
export function SettlementDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('settlements');
  const { t: td } = useTranslation('documents');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const location = useLocation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const query = useSettlement(id);
  const complete = useCompleteSettlement();
  const chequeStatus = useChangeChequeStatus();
  const cancel = useCancelSettlement();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [date, setDate] = useState<Dayjs | null>(null);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const backState = location.state as BackState | null;
  const back = (
    <Link
      to={backState?.backTo ?? SETTLEMENT_LIST_PATH}
      style={{ display: 'inline-flex', gap: token.marginXXS }}
      data-testid="settlement-back"
    >
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {t('detail.back')}
    </Link>
  );

  const open = (next: Dialog) => {
    setDate(dayjs());
    setText('');
    setFailure(null);
    setDialog(next);
  };
  const actionOf = (d: Dialog) =>
    d === null ? null : d.kind === 'cancel' ? ('cancel' as const) : CHEQUE_STEP_ACTIONS[d.status];
  const submit = async (current: Settlement) => {
    if (!dialog) return;
    setFailure(null);
    const action = actionOf(dialog);
    try {
      if (dialog.kind === 'cancel') await cancel.mutateAsync({ id: current.id, body: { reason: text.trim() } });
      else
        await chequeStatus.mutateAsync({
          id: current.id,
          body: { status: dialog.status, date: date ? date.format(DATE_FORMAT) : null, note: text.trim() },
        });
      if (action) notifySuccess(td(documentKey.done(settlementDocument, action), { number: current.number }));
      setDialog(null);
    } catch (error) {
      setFailure(errorText(error) || null);
    }
  };
  const chequeStep = (status: ChequeStepStatus, icon: ReactNode, primary: boolean) => ({
    open: () => open({ kind: 'cheque', status }),
    icon,
    primary,
    testId: `settlement-cheque-${status}`,
  });

  const actions = (settlement: Settlement) => (
    <ActionBar
      doc={settlementDocument}
      status={settlement.status}
      number={settlement.number}
      print={{ path: settlementPdfPath(settlement.id), fileName: `${settlement.number}.pdf` }}
      handlers={{
        edit: {
          open: () => navigate(settlementEditUrl(settlement.id), { state: backState }),
          icon: <EditOutlined />,
          testId: 'settlement-edit',
        },
        complete: {
          run: () => complete.mutateAsync({ id: settlement.id, key: uuid() }),
          description: t('detail.completeHint', {
            amount: formatMoney(settlement.totals.totalPaid, i18n.language, settlement.currency),
          }),
          onError: (error) => {
            const content = errorText(error);
            if (content) modal.error({ title: t('detail.refused', { number: settlement.number }), content });
          },
          primary: true,
          icon: <CheckCircleOutlined />,
          testId: 'settlement-complete',
        },
        collect_cheque: chequeStep('collected', <WalletOutlined />, true),
        send_cheque_to_bank: chequeStep('send_to_bank', <BankOutlined />, true),
        realize_cheque: chequeStep('realized', <SafetyCertificateOutlined />, true),
        return_cheque: chequeStep('returned', <RollbackOutlined />, false),
        cancel: { open: () => open({ kind: 'cancel' }), icon: <CloseCircleOutlined />, testId: 'settlement-cancel' },
      }}
    />
  );

  const action = actionOf(dialog);
  const busy = chequeStatus.isPending || cancel.isPending;
  return (
    <>
      {modalHolder}
      <DetailFrame
        query={query}
        number={(s) => s.number}
        numberTestId="settlement-number"
        back={back}
        tags={(s) => <StatusTag doc={settlementDocument} status={s.status} testId="settlement-status" />}
        actions={actions}
      >
        {(settlement) => (
          <>
            <SettlementBody settlement={settlement} />
            <Modal
              open={dialog !== null}
              title={action ? td(documentKey.confirm(settlementDocument, action), { number: settlement.number }) : ''}
              okText={action ? td(documentKey.action(settlementDocument, action)) : ''}
              okButtonProps={{
                danger: action === 'cancel' || action === 'return_cheque',
                loading: busy,
                ...{ 'data-testid': 'settlement-dialog-ok' },
              }}
              cancelText={t('detail.keep')}
              onOk={() => void submit(settlement)}
              onCancel={() => setDialog(null)}
              destroyOnHidden
            >
              {failure ? (
                <Alert type="error" showIcon title={failure} style={{ marginBottom: token.marginSM }} role="alert" />
              ) : null}
              <Form layout="vertical" component="div">
                {dialog?.kind === 'cheque' ? (
                  <Form.Item label={t('detail.stepDate')} htmlFor="settlement-step-date">
                    <DatePicker
                      id="settlement-step-date"
                      data-testid="settlement-step-date"
                      format={DATE_FORMAT}
                      value={date}
                      onChange={(d) => setDate(d)}
                      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                ) : null}
                <Form.Item
                  label={dialog?.kind === 'cancel' ? t('detail.cancelReason') : t('detail.stepNote')}
                  htmlFor="settlement-dialog-text"
                  style={{ marginBottom: 0 }}
                >
                  <Input.TextArea
                    id="settlement-dialog-text"
                    data-testid="settlement-dialog-text"
                    rows={3}
                    maxLength={500}
                    showCount
                    value={text}
                    onChange={(event) => setText(event.target.value)}
                  />
                </Form.Item>
              </Form>
            </Modal>
          </>
        )}
      </DetailFrame>
    </>
  );
}
