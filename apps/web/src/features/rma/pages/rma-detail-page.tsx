import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CheckOutlined,
  CloseCircleOutlined,
  DollarOutlined,
  EditOutlined,
  InboxOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { type Rma, RmaErrorCode, type RmaLine, rmaDocument } from '@backoffice/contracts';
import { Alert, Descriptions, Form, Input, Modal, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { formatMoney, formatQuantity } from '../../../shared/lib/numbers.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure } from '../../inventory/index.ts';
import { rmaPdfPath, useApproveRma, useCancelRma, useCreditRma, useReplaceRma, useRma, useShipRma } from '../api.ts';
import { type BackState, RMA_LIST_PATH, rmaEditUrl } from '../urls.ts';

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

function LinesTable({ rma }: { rma: Rma }) {
  const { t } = useTranslation('rmas');
  const { token } = theme.useToken();
  const shipped = rma.shippedAt !== null;
  const columns: ColumnsType<RmaLine> = [
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
      key: 'receipt',
      title: t('fields.receipt'),
      render: (_, line) =>
        line.receipt ? (
          <bdi>
            {line.receipt.number} / {line.receipt.lineNo} · {line.receipt.receivedDate}
          </bdi>
        ) : (
          t('detail.fifo')
        ),
    },
    {
      key: 'bin',
      title: t('fields.bin'),
      render: (_, line) => (line.location ? <bdi>{line.location.code}</bdi> : t('detail.pickingOrder')),
    },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: t('fields.quantity'),
      align: 'end',
      render: (value: string) => <Figure value={value} />,
    },
    {
      key: 'reason',
      dataIndex: 'reason',
      title: t('fields.reason'),
      render: (v: string) => (v ? <bdi>{v}</bdi> : '—'),
    },
  ];
  if (shipped)
    columns.push(
      {
        key: 'unitCost',
        dataIndex: 'unitCost',
        title: t('fields.unitCost'),
        align: 'end',
        render: (value: string | null) => (value === null ? '—' : <Figure value={value} kind="money" />),
      },
      {
        key: 'value',
        dataIndex: 'value',
        title: t('fields.value'),
        align: 'end',
        render: (value: string | null) => (value === null ? '—' : <Figure value={value} kind="money" />),
      },
    );
  return (
    <Table<RmaLine>
      data-testid="rma-lines"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={rma.lines}
      scroll={{ x: true }}
      tableLayout="auto"
      pagination={rma.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
    />
  );
}

function RmaBody({ rma }: { rma: Rma }) {
  const { t, i18n } = useTranslation('rmas');
  const { token } = theme.useToken();
  const when = (at: string | null) => (at ? <bdi>{formatDateTime(at)}</bdi> : '—');
  return (
    <>
      {rma.status === 'CANCELED' && rma.cancelReason ? (
        <Alert
          type="info"
          showIcon
          title={t('detail.cancelReason', { reason: rma.cancelReason })}
          style={{ marginBottom: token.margin }}
        />
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
                <bdi>
                  {rma.supplier.code} · {rma.supplier.name}
                </bdi>
              ),
            },
            {
              key: 'warehouse',
              label: t('fields.warehouse'),
              children: (
                <bdi>
                  {rma.warehouse.code} · {rma.warehouse.name}
                </bdi>
              ),
            },
            { key: 'date', label: t('fields.rmaDate'), children: <bdi>{rma.rmaDate}</bdi> },
            {
              key: 'supplierRmaNumber',
              label: t('fields.supplierRmaNumber'),
              children: rma.supplierRmaNumber ? (
                <bdi data-testid="rma-supplier-number">{rma.supplierRmaNumber}</bdi>
              ) : (
                '—'
              ),
            },
            {
              key: 'credit',
              label: t('fields.creditAmount'),
              children: rma.creditAmount ? (
                <bdi data-testid="rma-credit">
                  {formatMoney(rma.creditAmount, i18n.language, rma.currency)} · {rma.creditReference}
                </bdi>
              ) : (
                '—'
              ),
            },
            {
              key: 'value',
              label: t('detail.totalValue'),
              children: rma.totals.value ? (
                <bdi data-testid="rma-value">{formatMoney(rma.totals.value, i18n.language)}</bdi>
              ) : (
                '—'
              ),
            },
            { key: 'createdAt', label: t('fields.createdAt'), children: when(rma.createdAt) },
            { key: 'createdBy', label: t('fields.createdBy'), children: rma.createdBy?.username ?? '—' },
            { key: 'approvedAt', label: t('fields.approvedAt'), children: when(rma.approvedAt) },
            { key: 'shippedAt', label: t('fields.shippedAt'), children: when(rma.shippedAt) },
            { key: 'closedAt', label: t('fields.closedAt'), children: when(rma.closedAt) },
            {
              key: 'note',
              label: t('fields.note'),
              span: 'filled',
              children: rma.note ? <span style={{ whiteSpace: 'pre-wrap' }}>{rma.note}</span> : '—',
            },
          ]}
        />
      </Panel>
      <Panel title={t('detail.lines', { count: rma.lines.length })} style={{ marginBottom: token.margin }}>
        <LinesTable rma={rma} />
      </Panel>
    </>
  );
}

type Dialog = 'approve' | 'credit' | 'cancel' | null;

/**
 * One RMA: its supplier, warehouse, dates, supplier's RMA number and credit, and its lines with the receipt each
 * came from and, once shipped, the cost they left with. Its steps (edit, approve with the supplier's RMA number,
 * ship, credit with the amount, replace, cancel) are those the definition allows in its status to the user's
 * permissions; Print fetches its printout.
 */
export function RmaDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('rmas');
  const { t: td } = useTranslation('documents');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const navigate = useNavigate();
  const location = useLocation();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const query = useRma(id);
  const approve = useApproveRma();
  const ship = useShipRma();
  const credit = useCreditRma();
  const replace = useReplaceRma();
  const cancel = useCancelRma();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [text, setText] = useState('');
  const [amount, setAmount] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const backState = location.state as BackState | null;
  const back = (
    <Link
      to={backState?.backTo ?? RMA_LIST_PATH}
      style={{ display: 'inline-flex', gap: token.marginXXS }}
      data-testid="rma-back"
    >
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {t('detail.back')}
    </Link>
  );

  /** A refused step: a receipt short of units says by how much, other refusals the translated reason. */
  const refusal = (error: unknown) => {
    if (error instanceof ApiError && error.code === RmaErrorCode.RMA_RECEIPT_STOCK_SHORT) {
      const d = errorDetails(error);
      return t('detail.short', {
        sku: String(d.sku ?? ''),
        receipt: String(d.receipt ?? ''),
        remaining: formatQuantity(String(d.remaining ?? ''), i18n.language),
        requested: formatQuantity(String(d.requested ?? ''), i18n.language),
      });
    }
    return errorText(error);
  };
  const refused = (title: string, error: unknown) => {
    const content = refusal(error);
    if (content) modal.error({ title, content });
  };

  const open = (next: Dialog) => {
    setText('');
    setAmount('');
    setFailure(null);
    setDialog(next);
  };
  const submit = async (current: Rma) => {
    setFailure(null);
    try {
      if (dialog === 'approve') {
        await approve.mutateAsync({ id: current.id, body: { supplierRmaNumber: text.trim() } });
        notifySuccess(t('detail.approved', { number: current.number }));
      } else if (dialog === 'credit') {
        await credit.mutateAsync({ id: current.id, body: { amount: amount.trim(), reference: text.trim() } });
        notifySuccess(t('detail.credited', { number: current.number }));
      } else if (dialog === 'cancel') {
        await cancel.mutateAsync({ id: current.id, body: { reason: text.trim() } });
        notifySuccess(t('detail.canceled', { number: current.number }));
      }
      setDialog(null);
    } catch (error) {
      setFailure(refusal(error) || null);
    }
  };
  const busy = approve.isPending || credit.isPending || cancel.isPending;

  const actions = (rma: Rma) => (
    <ActionBar
      doc={rmaDocument}
      status={rma.status}
      number={rma.number}
      print={{ path: rmaPdfPath(rma.id), fileName: `${rma.number}.pdf` }}
      handlers={{
        edit: {
          open: () => navigate(rmaEditUrl(rma.id), { state: backState }),
          icon: <EditOutlined />,
          testId: 'rma-edit',
        },
        approve: { open: () => open('approve'), primary: true, icon: <CheckOutlined />, testId: 'rma-approve' },
        ship: {
          run: () => ship.mutateAsync(rma.id),
          description: t('detail.shipHint', {
            quantity: formatQuantity(rma.totals.quantity, i18n.language),
            warehouse: rma.warehouse.code,
          }),
          onError: (error) => refused(t('detail.shipRefused', { number: rma.number }), error),
          primary: true,
          icon: <SendOutlined />,
          testId: 'rma-ship',
        },
        credit: { open: () => open('credit'), primary: true, icon: <DollarOutlined />, testId: 'rma-credit' },
        replace: {
          run: () => replace.mutateAsync(rma.id),
          description: t('detail.replaceHint', { warehouse: rma.warehouse.code }),
          onError: (error) => refused(t('detail.refused', { number: rma.number }), error),
          icon: <InboxOutlined />,
          testId: 'rma-replace',
        },
        cancel: { open: () => open('cancel'), icon: <CloseCircleOutlined />, testId: 'rma-cancel' },
      }}
    />
  );

  return (
    <>
      {modalHolder}
      <DetailFrame
        query={query}
        number={(rma) => rma.number}
        numberTestId="rma-number"
        back={back}
        tags={(rma) => <StatusTag doc={rmaDocument} status={rma.status} testId="rma-status" />}
        actions={actions}
      >
        {(rma) => (
          <>
            <RmaBody rma={rma} />
            <Modal
              open={dialog !== null}
              title={
                dialog === 'approve'
                  ? t('detail.approveTitle', { number: rma.number })
                  : dialog === 'credit'
                    ? t('detail.creditTitle', { number: rma.number })
                    : td('rma.confirm.cancel', { number: rma.number })
              }
              okText={
                dialog === 'approve'
                  ? td('rma.action.approve')
                  : dialog === 'credit'
                    ? td('rma.action.credit')
                    : td('rma.action.cancel')
              }
              okButtonProps={{
                danger: dialog === 'cancel',
                loading: busy,
                disabled:
                  (dialog === 'approve' && !text.trim()) ||
                  (dialog === 'credit' && (!text.trim() || !MONEY.test(amount.trim()) || !/[1-9]/.test(amount))),
                ...{ 'data-testid': 'rma-dialog-ok' },
              }}
              cancelText={t('detail.keep')}
              onOk={() => submit(rma)}
              onCancel={() => setDialog(null)}
              destroyOnHidden
            >
              {failure ? (
                <Alert type="error" showIcon title={failure} style={{ marginBottom: token.marginSM }} role="alert" />
              ) : null}
              <Typography.Paragraph>
                {dialog === 'approve'
                  ? t('detail.approveHint')
                  : dialog === 'credit'
                    ? t('detail.creditHint')
                    : t('detail.cancelHint')}
              </Typography.Paragraph>
              <Form layout="vertical">
                {dialog === 'credit' ? (
                  <Form.Item label={t('detail.amountLabel', { currency: rma.currency })} htmlFor="rma-credit-amount">
                    <Input
                      id="rma-credit-amount"
                      value={amount}
                      onChange={(event) => setAmount(event.target.value)}
                      inputMode="decimal"
                      autoComplete="off"
                      data-testid="rma-credit-amount"
                    />
                  </Form.Item>
                ) : null}
                <Form.Item
                  label={
                    dialog === 'approve'
                      ? t('fields.supplierRmaNumber')
                      : dialog === 'credit'
                        ? t('detail.referenceLabel')
                        : t('detail.cancelReasonLabel')
                  }
                  htmlFor="rma-dialog-text"
                  style={{ marginBottom: 0 }}
                >
                  {dialog === 'cancel' ? (
                    <Input.TextArea
                      id="rma-dialog-text"
                      rows={3}
                      maxLength={500}
                      showCount
                      value={text}
                      onChange={(event) => setText(event.target.value)}
                      data-testid="rma-dialog-text"
                    />
                  ) : (
                    <Input
                      id="rma-dialog-text"
                      value={text}
                      maxLength={100}
                      autoComplete="off"
                      onChange={(event) => setText(event.target.value)}
                      data-testid="rma-dialog-text"
                    />
                  )}
                </Form.Item>
              </Form>
            </Modal>
          </>
        )}
      </DetailFrame>
    </>
  );
}
