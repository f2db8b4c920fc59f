import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CheckOutlined,
  CloseCircleOutlined,
  EditOutlined,
  InboxOutlined,
  SafetyOutlined,
} from '@ant-design/icons';
import {
  RETURN_OUTCOMES,
  type ReturnOutcome,
  type ReturnTicket,
  type ReturnTicketLine,
  returnTicketDocument,
} from '@backoffice/contracts';
import { Alert, Descriptions, Form, Input, Modal, Select, Table, Tag, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { formatMoney, formatQuantity } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import {
  returnTicketPdfPath,
  useCancelReturnTicket,
  useCloseReturnTicket,
  useInspectReturnTicket,
  useReceiveReturnTicket,
  useReturnTicket,
  useUpdateReturnTicket,
} from '../api.ts';
import {
  ConditionSelect,
  isQuantity,
  type LineDraft,
  NoteInput,
  QuantityInput,
  ReasonSelect,
} from '../components/line-fields.tsx';
import { type BackState, RETURN_TICKET_LIST_PATH } from '../urls.ts';

/** The sales invoice's own screen (linked by URL: areas never import each other's pages). */
const invoiceUrl = (id: string) => `/sales-invoice/sales-invoice/${encodeURIComponent(id)}`;

function LinesTable({ ticket }: { ticket: ReturnTicket }) {
  const { t, i18n } = useTranslation('returnTickets');
  const { token } = theme.useToken();
  const received = ticket.receivedAt !== null;
  const columns: ColumnsType<ReturnTicketLine> = [
    { key: 'lineNo', dataIndex: 'lineNo', title: '#', align: 'end', width: 48 },
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, line) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi>{line.product.sku}</bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{line.product.name}</span>
        </span>
      ),
    },
    {
      key: 'quantity',
      title: t('fields.quantity'),
      align: 'end',
      render: (_, line) => <bdi>{formatQuantity(line.quantity, i18n.language)}</bdi>,
    },
    { key: 'reason', title: t('fields.reason'), render: (_, line) => t(`reason.${line.reason}`) },
    {
      key: 'condition',
      title: t('fields.condition'),
      render: (_, line) => (
        <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
          <span data-testid="rt-line-condition">{t(`condition.${line.condition}`)}</span>
          {line.holdReservationId ? (
            <Tag title={t('detail.heldHelp')} data-testid="rt-line-held">
              {t('detail.held')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'outcome',
      title: t('fields.outcome'),
      render: (_, line) =>
        line.outcome ? <span data-testid="rt-line-outcome">{t(`outcome.${line.outcome}`)}</span> : '—',
    },
    { key: 'note', title: t('fields.note'), render: (_, line) => (line.note ? <bdi>{line.note}</bdi> : '—') },
  ];
  if (received)
    columns.push(
      {
        key: 'unitCost',
        title: t('fields.unitCost'),
        align: 'end',
        render: (_, line) =>
          line.unitCost === null ? '—' : <bdi>{formatMoney(line.unitCost, i18n.language, 'GBP', 4)}</bdi>,
      },
      {
        key: 'value',
        title: t('fields.value'),
        align: 'end',
        render: (_, line) =>
          line.value === null ? (
            '—'
          ) : (
            <bdi data-testid="rt-line-value">{formatMoney(line.value, i18n.language, 'GBP')}</bdi>
          ),
      },
      {
        key: 'costSource',
        title: t('fields.costSource'),
        render: (_, line) => (line.costSource ? t(`costSource.${line.costSource}`) : '—'),
      },
    );
  return (
    <Table<ReturnTicketLine>
      data-testid="rt-lines"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={ticket.lines}
      scroll={{ x: true }}
      tableLayout="auto"
      pagination={ticket.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
    />
  );
}

function TicketBody({ ticket }: { ticket: ReturnTicket }) {
  const { t, i18n } = useTranslation('returnTickets');
  const { t: ts } = useTranslation('salesInvoices');
  const { token } = theme.useToken();
  const when = (at: string | null) => (at ? <bdi>{formatDateTime(at)}</bdi> : '—');
  return (
    <>
      {ticket.status === 'CANCELED' && ticket.cancelReason ? (
        <Alert
          type="info"
          showIcon
          title={`${t('fields.cancelReason')}: ${ticket.cancelReason}`}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      <Panel title={t('detail.facts')} style={{ marginBottom: token.margin }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'invoice',
              label: t('fields.invoice'),
              children: ticket.invoice ? (
                <Link to={invoiceUrl(ticket.invoice.id)} data-testid="rt-invoice-link">
                  <bdi>{ticket.invoice.number}</bdi>
                </Link>
              ) : (
                '—'
              ),
            },
            {
              key: 'channel',
              label: t('fields.channel'),
              children: ts(`channels.${ticket.invoice?.channel ?? 'MANUAL'}`),
            },
            {
              key: 'externalOrderId',
              label: t('fields.externalOrderId'),
              children: ticket.invoice?.externalOrderId ? <bdi>{ticket.invoice.externalOrderId}</bdi> : '—',
            },
            { key: 'customer', label: t('fields.customer'), children: <bdi>{ticket.customer.name}</bdi> },
            {
              key: 'warehouse',
              label: t('fields.warehouse'),
              children: (
                <bdi>
                  {ticket.warehouse.code} · {ticket.warehouse.name}
                </bdi>
              ),
            },
            { key: 'returnDate', label: t('fields.returnDate'), children: <bdi>{ticket.returnDate}</bdi> },
            {
              key: 'quantity',
              label: t('fields.quantity'),
              children: <bdi>{formatQuantity(ticket.totals.quantity, i18n.language)}</bdi>,
            },
            {
              key: 'value',
              label: t('fields.value'),
              children: ticket.totals.value ? (
                <bdi data-testid="rt-value">{formatMoney(ticket.totals.value, i18n.language, 'GBP')}</bdi>
              ) : (
                '—'
              ),
            },
            { key: 'createdBy', label: t('fields.createdBy'), children: ticket.createdBy?.username ?? '—' },
            { key: 'createdAt', label: t('fields.createdAt'), children: when(ticket.createdAt) },
            { key: 'receivedAt', label: t('fields.receivedAt'), children: when(ticket.receivedAt) },
            { key: 'inspectedAt', label: t('fields.inspectedAt'), children: when(ticket.inspectedAt) },
            { key: 'closedAt', label: t('fields.closedAt'), children: when(ticket.closedAt) },
            {
              key: 'note',
              label: t('fields.note'),
              span: 'filled',
              children: ticket.note ? <span style={{ whiteSpace: 'pre-wrap' }}>{ticket.note}</span> : '—',
            },
          ]}
        />
      </Panel>
      <Panel title={t('detail.lines')} style={{ marginBottom: token.margin }}>
        <LinesTable ticket={ticket} />
      </Panel>
    </>
  );
}

type Dialog = 'edit' | 'inspect' | 'cancel' | null;

/**
 * One return ticket: its invoice (or none), customer, warehouse and lines with reason, condition and, once received,
 * the cost they came back at; its steps (receive, inspect with an outcome per line, close, cancel) are those the
 * definition allows in its status to the user's permissions; Print fetches the returns note.
 */
export function ReturnTicketDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('returnTickets');
  const { t: td } = useTranslation('documents');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const location = useLocation();
  const errorText = useErrorText();
  const { has } = usePermissions();
  const [modal, modalHolder] = Modal.useModal();
  const query = useReturnTicket(id);
  const receive = useReceiveReturnTicket();
  const inspect = useInspectReturnTicket();
  const close = useCloseReturnTicket();
  const cancel = useCancelReturnTicket();
  const update = useUpdateReturnTicket();
  const [edits, setEdits] = useState<Record<number, LineDraft>>({});
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [outcomes, setOutcomes] = useState<Record<number, ReturnOutcome>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const backState = location.state as BackState | null;
  const back = (
    <Link
      to={backState?.backTo ?? RETURN_TICKET_LIST_PATH}
      style={{ display: 'inline-flex', gap: token.marginXXS }}
      data-testid="rt-back"
    >
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {t('detail.back')}
    </Link>
  );
  const refused = (title: string, error: unknown) => {
    const content = errorText(error);
    if (content) modal.error({ title, content });
  };
  const open = (next: Dialog, ticket: ReturnTicket) => {
    setReason('');
    setFailure(null);
    // A line's likely outcome: resaleable units go back on the shelf, the others stay held for refurbishment.
    setOutcomes(
      Object.fromEntries(
        ticket.lines.map((l) => [l.lineNo, l.condition === 'RESALEABLE' ? 'RESTOCK' : 'KEEP_FOR_REFURBISH']),
      ),
    );
    setEdits(
      Object.fromEntries(
        ticket.lines.map((l) => [
          l.lineNo,
          { quantity: l.quantity, reason: l.reason, condition: l.condition, note: l.note },
        ]),
      ),
    );
    setDialog(next);
  };
  const submit = async (ticket: ReturnTicket) => {
    setFailure(null);
    try {
      if (dialog === 'edit') {
        const kept = ticket.lines.filter((l) => (edits[l.lineNo]?.quantity ?? '').trim() !== '');
        if (!kept.length || kept.some((l) => !isQuantity(edits[l.lineNo]?.quantity ?? ''))) {
          setFailure(t('form.noLines'));
          return;
        }
        await update.mutateAsync({
          id: ticket.id,
          body: {
            returnDate: ticket.returnDate,
            note: ticket.note,
            lines: kept.map((l) => {
              const e = edits[l.lineNo] as LineDraft;
              return {
                productId: l.product.id,
                quantity: e.quantity.trim(),
                reason: e.reason,
                condition: e.condition,
                note: e.note.trim(),
              };
            }),
          },
        });
      } else if (dialog === 'inspect') {
        await inspect.mutateAsync({
          id: ticket.id,
          body: {
            outcomes: ticket.lines.map((l) => ({
              lineNo: l.lineNo,
              outcome: outcomes[l.lineNo] ?? 'RESTOCK',
            })),
          },
        });
        notifySuccess(td('return_ticket.done.inspect', { number: ticket.number }));
      } else if (dialog === 'cancel') {
        await cancel.mutateAsync({ id: ticket.id, body: { reason: reason.trim() } });
        notifySuccess(td('return_ticket.done.cancel', { number: ticket.number }));
      }
      setDialog(null);
    } catch (error) {
      setFailure(errorText(error) || null);
    }
  };
  const busy = inspect.isPending || cancel.isPending || update.isPending;
  const changeEdit = (lineNo: number, patch: Partial<LineDraft>) =>
    setEdits((all) => ({ ...all, [lineNo]: { ...(all[lineNo] as LineDraft), ...patch } }));

  const actions = (ticket: ReturnTicket) => (
    <ActionBar
      doc={returnTicketDocument}
      status={ticket.status}
      number={ticket.number}
      print={{ path: returnTicketPdfPath(ticket.id), fileName: `${ticket.number}.pdf` }}
      after={
        // A received return is refunded by a credit note: the credit-note area's own screen, by URL.
        ticket.invoice && ticket.receivedAt && ticket.status !== 'CANCELED' && has('add_credit_note') ? (
          <Link
            to={`/credit-note/credit-note-list/new?returnTicketId=${encodeURIComponent(ticket.id)}`}
            data-testid="rt-credit-note"
          >
            {t('detail.creditNote')}
          </Link>
        ) : null
      }
      handlers={{
        edit: { open: () => open('edit', ticket), icon: <EditOutlined />, testId: 'rt-edit' },
        receive: {
          run: () => receive.mutateAsync(ticket.id),
          onError: (error) => refused(ticket.number, error),
          primary: true,
          icon: <InboxOutlined />,
          testId: 'rt-receive',
        },
        inspect: {
          open: () => open('inspect', ticket),
          primary: true,
          icon: <SafetyOutlined />,
          testId: 'rt-inspect',
        },
        close: {
          run: () => close.mutateAsync(ticket.id),
          onError: (error) => refused(ticket.number, error),
          primary: true,
          icon: <CheckOutlined />,
          testId: 'rt-close',
        },
        cancel: { open: () => open('cancel', ticket), icon: <CloseCircleOutlined />, testId: 'rt-cancel' },
      }}
    />
  );

  return (
    <>
      {modalHolder}
      <DetailFrame
        query={query}
        number={(ticket) => ticket.number}
        numberTestId="rt-number"
        back={back}
        tags={(ticket) => <StatusTag doc={returnTicketDocument} status={ticket.status} testId="rt-status" />}
        actions={actions}
      >
        {(ticket) => (
          <>
            <TicketBody ticket={ticket} />
            <Modal
              open={dialog !== null}
              title={
                dialog === 'edit'
                  ? t('detail.editTitle', { number: ticket.number })
                  : dialog === 'inspect'
                    ? t('detail.inspectTitle', { number: ticket.number })
                    : t('detail.cancelTitle', { number: ticket.number })
              }
              okText={
                dialog === 'edit'
                  ? t('detail.editSubmit')
                  : dialog === 'inspect'
                    ? t('detail.inspectSubmit')
                    : td('return_ticket.action.cancel')
              }
              width={dialog === 'edit' ? 900 : undefined}
              okButtonProps={{ danger: dialog === 'cancel', loading: busy, ...{ 'data-testid': 'rt-dialog-ok' } }}
              cancelText={tc('actions.cancel')}
              onOk={() => submit(ticket)}
              onCancel={() => setDialog(null)}
              destroyOnHidden
            >
              {failure ? (
                <Alert type="error" showIcon title={failure} style={{ marginBottom: token.marginSM }} role="alert" />
              ) : null}
              {dialog === 'edit' ? (
                <>
                  <Typography.Paragraph>{t('detail.editIntro')}</Typography.Paragraph>
                  {ticket.lines.map((l) => {
                    const e = edits[l.lineNo];
                    if (!e) return null;
                    return (
                      <div
                        key={l.id}
                        data-testid="rt-edit-line"
                        style={{
                          display: 'flex',
                          flexWrap: 'wrap',
                          gap: token.marginXS,
                          alignItems: 'center',
                          marginBottom: token.marginSM,
                        }}
                      >
                        <bdi style={{ minWidth: 140 }}>{l.product.sku}</bdi>
                        <QuantityInput
                          ariaLabel={t('form.quantityOfLine', { lineNo: l.lineNo })}
                          testId="rt-edit-quantity"
                          value={e.quantity}
                          invalid={e.quantity.trim() !== '' && !isQuantity(e.quantity)}
                          onChange={(v) => changeEdit(l.lineNo, { quantity: v })}
                        />
                        <ReasonSelect
                          ariaLabel={t('form.reasonOfLine', { lineNo: l.lineNo })}
                          value={e.reason}
                          onChange={(v) => changeEdit(l.lineNo, { reason: v })}
                        />
                        <ConditionSelect
                          ariaLabel={t('form.conditionOfLine', { lineNo: l.lineNo })}
                          value={e.condition}
                          onChange={(v) => changeEdit(l.lineNo, { condition: v })}
                        />
                        <NoteInput
                          ariaLabel={t('form.noteOfLine', { lineNo: l.lineNo })}
                          placeholder={t('form.notePlaceholder')}
                          value={e.note}
                          onChange={(v) => changeEdit(l.lineNo, { note: v })}
                        />
                      </div>
                    );
                  })}
                </>
              ) : dialog === 'inspect' ? (
                <>
                  <Typography.Paragraph>{t('detail.inspectIntro')}</Typography.Paragraph>
                  <Form layout="vertical">
                    {ticket.lines.map((l) => {
                      const label = t('detail.outcomeOfLine', { lineNo: l.lineNo, sku: l.product.sku });
                      return (
                        <Form.Item key={l.id} label={label} htmlFor={`rt-outcome-${l.lineNo}`}>
                          <Select<ReturnOutcome>
                            id={`rt-outcome-${l.lineNo}`}
                            data-testid={`rt-outcome-${l.lineNo}`}
                            aria-label={label}
                            value={outcomes[l.lineNo]}
                            onChange={(v) => setOutcomes((all) => ({ ...all, [l.lineNo]: v }))}
                            options={RETURN_OUTCOMES.map((o) => ({ value: o, label: t(`outcome.${o}`) }))}
                          />
                        </Form.Item>
                      );
                    })}
                  </Form>
                </>
              ) : (
                <Form layout="vertical">
                  <Form.Item label={t('detail.cancelReason')} htmlFor="rt-cancel-reason" style={{ marginBottom: 0 }}>
                    <Input.TextArea
                      id="rt-cancel-reason"
                      rows={3}
                      maxLength={500}
                      showCount
                      value={reason}
                      onChange={(event) => setReason(event.target.value)}
                      data-testid="rt-cancel-reason"
                    />
                  </Form.Item>
                </Form>
              )}
            </Modal>
          </>
        )}
      </DetailFrame>
    </>
  );
}
