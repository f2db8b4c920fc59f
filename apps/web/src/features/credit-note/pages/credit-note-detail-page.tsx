import { ArrowLeftOutlined, ArrowRightOutlined, CheckOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { type CreditNote, type CreditNoteLine, creditNoteDocument } from '@backoffice/contracts';
import { Alert, DatePicker, Descriptions, Form, Input, Modal, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { formatMoney, formatQuantity } from '../../../shared/lib/numbers.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { creditNotePdfPath, useApproveCreditNote, useCancelCreditNote, useCreditNote } from '../api.ts';
import { type BackState, CREDIT_NOTE_LIST_PATH } from '../urls.ts';

/** The sales invoice's and the return ticket's own screens (linked by URL: areas never import each other's pages). */
const invoiceUrl = (id: string) => `/sales-invoice/sales-invoice/${encodeURIComponent(id)}`;
const ticketUrl = (id: string) => `/return-ticket/return-tickets-list/${encodeURIComponent(id)}`;
const DATE_FORMAT = 'YYYY-MM-DD';

function NoteBody({ note }: { note: CreditNote }) {
  const { t, i18n } = useTranslation('creditNotes');
  const { t: ts } = useTranslation('salesInvoices');
  const { token } = theme.useToken();
  const lang = i18n.language;
  const money = (v: string) => formatMoney(v, lang, note.currency);
  const when = (v: string | null) => (v ? <bdi>{formatDateTime(v)}</bdi> : '—');
  const columns: ColumnsType<CreditNoteLine> = [
    { key: 'lineNo', dataIndex: 'lineNo', title: '#', align: 'end', width: 48 },
    {
      key: 'description',
      title: t('fields.description'),
      render: (_, l) =>
        l.product ? (
          <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
            <bdi>{l.product.sku}</bdi>
            <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{l.product.name}</span>
          </span>
        ) : (
          t(`kind.${l.kind}`)
        ),
    },
    {
      key: 'quantity',
      title: t('fields.quantity'),
      align: 'end',
      render: (_, l) => <bdi>{formatQuantity(l.quantity, lang)}</bdi>,
    },
    {
      key: 'unitPrice',
      title: t('fields.unitPrice'),
      align: 'end',
      render: (_, l) => <bdi>{formatMoney(l.unitPrice, lang, note.currency, l.kind === 'ITEM' ? 4 : 2)}</bdi>,
    },
    { key: 'vat', title: t('fields.vatCode'), render: (_, l) => t(`vatCode.${l.vatCode}`) },
    { key: 'net', title: t('fields.net'), align: 'end', render: (_, l) => <bdi>{money(l.netAmount)}</bdi> },
    { key: 'vatAmount', title: t('fields.vat'), align: 'end', render: (_, l) => <bdi>{money(l.vatAmount)}</bdi> },
    {
      key: 'gross',
      title: t('fields.gross'),
      align: 'end',
      render: (_, l) => <bdi data-testid="cn-line-gross">{money(l.grossAmount)}</bdi>,
    },
  ];
  return (
    <>
      {note.channelRefund && note.status === 'DRAFT' ? (
        <Alert type="info" showIcon title={t('detail.channelRefund')} style={{ marginBottom: token.margin }} />
      ) : null}
      {note.status === 'APPROVED' ? (
        <Alert type="success" showIcon title={t('detail.approvedNote')} style={{ marginBottom: token.margin }} />
      ) : null}
      <Panel title={t('detail.facts')} style={{ marginBottom: token.margin }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'invoice',
              label: t('fields.invoice'),
              children: (
                <Link to={invoiceUrl(note.invoice.id)} data-testid="cn-invoice-link">
                  <bdi>{note.invoice.number}</bdi>
                </Link>
              ),
            },
            { key: 'invoiceDate', label: t('fields.invoiceDate'), children: <bdi>{note.invoice.invoiceDate}</bdi> },
            {
              key: 'returnTicket',
              label: t('fields.returnTicket'),
              children: note.returnTicket ? (
                <Link to={ticketUrl(note.returnTicket.id)}>
                  <bdi>{note.returnTicket.number}</bdi>
                </Link>
              ) : (
                '—'
              ),
            },
            { key: 'channel', label: t('fields.channel'), children: ts(`channels.${note.channel}`) },
            {
              key: 'externalOrderId',
              label: t('fields.externalOrderId'),
              children: note.invoice.externalOrderId ? <bdi>{note.invoice.externalOrderId}</bdi> : '—',
            },
            { key: 'customer', label: t('fields.customer'), children: <bdi>{note.customer.name}</bdi> },
            { key: 'creditDate', label: t('fields.creditDate'), children: <bdi>{note.creditDate}</bdi> },
            {
              key: 'paymentType',
              label: t('fields.paymentType'),
              children: <span data-testid="cn-payment-type">{t(`paymentType.${note.paymentType}`)}</span>,
            },
            { key: 'reason', label: t('fields.reason'), children: <bdi>{note.reason}</bdi> },
            { key: 'refundDate', label: t('fields.refundDate'), children: <bdi>{note.refundDate ?? '—'}</bdi> },
            {
              key: 'refundReference',
              label: t('fields.refundReference'),
              children: note.refundReference ? <bdi>{note.refundReference}</bdi> : '—',
            },
            { key: 'currency', label: t('fields.currency'), children: <bdi>{note.currency}</bdi> },
            { key: 'createdBy', label: t('fields.createdBy'), children: note.createdBy?.username ?? '—' },
            { key: 'createdAt', label: t('fields.createdAt'), children: when(note.createdAt) },
            { key: 'approvedAt', label: t('fields.approvedAt'), children: when(note.approvedAt) },
            ...(note.canceledAt
              ? [
                  { key: 'canceledAt', label: t('fields.canceledAt'), children: when(note.canceledAt) },
                  { key: 'cancelReason', label: t('fields.cancelReason'), children: note.cancelReason || '—' },
                ]
              : []),
            {
              key: 'note',
              label: t('fields.note'),
              span: 'filled',
              children: note.note ? <span style={{ whiteSpace: 'pre-wrap' }}>{note.note}</span> : '—',
            },
          ]}
        />
      </Panel>
      <Panel title={t('detail.lines')} style={{ marginBottom: token.margin }}>
        <Table<CreditNoteLine>
          data-testid="cn-detail-lines"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={note.lines}
          pagination={false}
          scroll={{ x: true }}
          tableLayout="auto"
        />
      </Panel>
      <Panel title={t('detail.vatPerRate')} style={{ marginBottom: token.margin }}>
        <Descriptions
          size="small"
          column={1}
          items={[
            ...note.vatPerRate.map((r) => ({
              key: r.vatCode,
              label: t(`vatCode.${r.vatCode}`),
              children: (
                <bdi>
                  {t('fields.net')} {money(r.net)} · {t('fields.vat')} {money(r.vat)}
                </bdi>
              ),
            })),
            { key: 'net', label: t('fields.netTotal'), children: <bdi>{money(note.netTotal)}</bdi> },
            { key: 'vat', label: t('fields.vatTotal'), children: <bdi>{money(note.vatTotal)}</bdi> },
            {
              key: 'gross',
              label: t('fields.grossTotal'),
              children: (
                <Typography.Text strong data-testid="cn-gross-total">
                  <bdi>{money(note.grossTotal)}</bdi>
                </Typography.Text>
              ),
            },
          ]}
        />
      </Panel>
    </>
  );
}

type Dialog = 'approve' | 'cancel' | null;

/**
 * One credit note: its invoice (and return ticket), lines, VAT per rate and totals; approve (the refund's day and
 * reference) and cancel (a draft only) as the definition allows to the user's permissions; Print fetches the PDF.
 */
export function CreditNoteDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('creditNotes');
  const { t: td } = useTranslation('documents');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const location = useLocation();
  const errorText = useErrorText();
  const query = useCreditNote(id);
  const approve = useApproveCreditNote();
  const cancel = useCancelCreditNote();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [refundDate, setRefundDate] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const backState = location.state as BackState | null;
  const back = (
    <Link
      to={backState?.backTo ?? CREDIT_NOTE_LIST_PATH}
      style={{ display: 'inline-flex', gap: token.marginXXS }}
      data-testid="cn-back"
    >
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {t('detail.back')}
    </Link>
  );
  const open = (next: Dialog) => {
    setFailure(null);
    setReason('');
    setReference('');
    setRefundDate(null);
    setDialog(next);
  };
  const submit = async (note: CreditNote) => {
    setFailure(null);
    try {
      if (dialog === 'approve') {
        await approve.mutateAsync({ id: note.id, body: { refundDate, reference: reference.trim() } });
        notifySuccess(td('credit_note.done.approve', { number: note.number }));
      } else if (dialog === 'cancel') {
        await cancel.mutateAsync({ id: note.id, body: { reason: reason.trim() } });
        notifySuccess(td('credit_note.done.cancel', { number: note.number }));
      }
      setDialog(null);
    } catch (error) {
      setFailure(errorText(error) || null);
    }
  };
  const busy = approve.isPending || cancel.isPending;

  return (
    <DetailFrame
      query={query}
      number={(note) => note.number}
      numberTestId="cn-number"
      back={back}
      tags={(note) => <StatusTag doc={creditNoteDocument} status={note.status} testId="cn-status" />}
      actions={(note) => (
        <ActionBar
          doc={creditNoteDocument}
          status={note.status}
          number={note.number}
          print={{ path: creditNotePdfPath(note.id), fileName: `${note.number}.pdf` }}
          handlers={{
            approve: { open: () => open('approve'), primary: true, icon: <CheckOutlined />, testId: 'cn-approve' },
            cancel: { open: () => open('cancel'), icon: <CloseCircleOutlined />, testId: 'cn-cancel' },
          }}
        />
      )}
    >
      {(note) => (
        <>
          <NoteBody note={note} />
          <Modal
            open={dialog !== null}
            title={
              dialog === 'approve'
                ? t('detail.approveTitle', { number: note.number })
                : t('detail.cancelTitle', { number: note.number })
            }
            okText={dialog === 'approve' ? t('detail.approveSubmit') : td('credit_note.action.cancel')}
            okButtonProps={{ danger: dialog === 'cancel', loading: busy, ...{ 'data-testid': 'cn-dialog-ok' } }}
            cancelText={tc('actions.cancel')}
            onOk={() => submit(note)}
            onCancel={() => setDialog(null)}
            destroyOnHidden
          >
            {failure ? (
              <Alert type="error" showIcon title={failure} style={{ marginBottom: token.marginSM }} role="alert" />
            ) : null}
            {dialog === 'approve' ? (
              <Form layout="vertical">
                <Typography.Paragraph>{t('detail.approveIntro')}</Typography.Paragraph>
                {note.channelRefund ? <Typography.Paragraph>{t('detail.channelRefund')}</Typography.Paragraph> : null}
                <Form.Item label={t('fields.refundDate')} htmlFor="cn-refund-date">
                  <DatePicker
                    id="cn-refund-date"
                    format={DATE_FORMAT}
                    value={refundDate ? dayjs(refundDate, DATE_FORMAT) : null}
                    onChange={(_, value) => setRefundDate(typeof value === 'string' && value ? value : null)}
                  />
                </Form.Item>
                <Form.Item
                  label={t('fields.refundReference')}
                  htmlFor="cn-refund-reference"
                  style={{ marginBottom: 0 }}
                >
                  <Input
                    id="cn-refund-reference"
                    data-testid="cn-refund-reference"
                    maxLength={100}
                    value={reference}
                    onChange={(e) => setReference(e.target.value)}
                  />
                </Form.Item>
              </Form>
            ) : (
              <Form layout="vertical">
                <Form.Item label={t('detail.cancelReason')} htmlFor="cn-cancel-reason" style={{ marginBottom: 0 }}>
                  <Input.TextArea
                    id="cn-cancel-reason"
                    rows={3}
                    maxLength={500}
                    showCount
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    data-testid="cn-cancel-reason"
                  />
                </Form.Item>
              </Form>
            )}
          </Modal>
        </>
      )}
    </DetailFrame>
  );
}
