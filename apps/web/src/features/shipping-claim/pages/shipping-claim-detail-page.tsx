import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CheckOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  DollarOutlined,
  DownloadOutlined,
  EditOutlined,
  InboxOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  isActionAllowed,
  SHIPPING_CLAIM_EVIDENCE_ACCEPT,
  type ShippingClaim,
  type ShippingClaimEvidence,
  type ShippingClaimLine,
  shippingClaimDocument,
} from '@backoffice/contracts';
import { Alert, Button, Descriptions, Form, Input, Modal, Popconfirm, Progress, Table, theme, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { formatQuantity } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { formatFileSize } from '../../../shared/lib/upload.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import {
  downloadEvidence,
  shippingClaimPdfPath,
  useApproveShippingClaim,
  useCancelShippingClaim,
  usePayShippingClaim,
  useRejectShippingClaim,
  useRemoveEvidence,
  useShippingClaim,
  useSubmitShippingClaim,
  useUploadEvidence,
} from '../api.ts';
import { Gbp, isClaimAmount } from '../components.tsx';
import { type BackState, SHIPPING_CLAIM_LIST_PATH, shippingClaimEditUrl } from '../urls.ts';

type Dialog = 'submit' | 'approve' | 'reject' | 'pay' | 'cancel' | null;
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;

function ClaimBody({ claim }: { claim: ShippingClaim }) {
  const { t, i18n } = useTranslation('shippingClaims');
  const { token } = theme.useToken();
  const who = (u: { username: string } | null, at: string | null) =>
    u && at ? `${u.username} · ${formatDateTime(at)}` : '—';
  const lineColumns: ColumnsType<ShippingClaimLine> = [
    { key: 'lineNo', dataIndex: 'invoiceLineNo', title: '#', align: 'end', width: 48 },
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
      key: 'invoiced',
      title: t('fields.invoiced'),
      align: 'end',
      render: (_, l) => <bdi>{formatQuantity(l.invoicedQuantity, i18n.language)}</bdi>,
    },
    {
      key: 'quantity',
      title: t('fields.quantityClaimed'),
      align: 'end',
      render: (_, l) => <bdi data-testid="sc-line-quantity">{formatQuantity(l.quantity, i18n.language)}</bdi>,
    },
  ];
  return (
    <div style={{ display: 'grid', gap: token.marginMD }}>
      <Panel>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { label: t('fields.kind'), children: <span data-testid="sc-kind-text">{t(`kinds.${claim.kind}`)}</span> },
            { label: t('fields.claimDate'), children: <bdi>{claim.claimDate}</bdi> },
            {
              label: t('fields.invoice'),
              children: (
                <bdi data-testid="sc-invoice-number">
                  {claim.invoice.number}
                  {claim.invoice.externalOrderId ? ` · ${claim.invoice.externalOrderId}` : ''}
                </bdi>
              ),
            },
            { label: t('fields.customer'), children: <bdi>{claim.invoice.customerName}</bdi> },
            {
              label: t('fields.carrier'),
              children: (
                <bdi data-testid="sc-carrier-name">
                  {claim.carrier.name}
                  {claim.carrierService ? ` · ${claim.carrierService.name}` : ''}
                </bdi>
              ),
            },
            {
              label: t('fields.trackingNumber'),
              children: claim.trackingNumber ? <bdi data-testid="sc-tracking-text">{claim.trackingNumber}</bdi> : '—',
            },
            {
              label: t('fields.carrierReference'),
              children: claim.carrierReference ? <bdi data-testid="sc-reference">{claim.carrierReference}</bdi> : '—',
            },
            { label: t('fields.amountClaimed'), children: <Gbp value={claim.amountClaimed} testId="sc-claimed" /> },
            { label: t('fields.approvedAmount'), children: <Gbp value={claim.approvedAmount} testId="sc-approved" /> },
            {
              label: t('fields.amountRecovered'),
              children: (
                <span>
                  <Gbp value={claim.amountRecovered} testId="sc-recovered" />
                  {claim.paidOn ? <bdi> · {claim.paidOn}</bdi> : null}
                </span>
              ),
            },
            { label: t('fields.createdBy'), children: who(claim.createdBy, claim.createdAt) },
            { label: t('fields.submittedBy'), children: who(claim.submittedBy, claim.submittedAt) },
            { label: t('fields.decidedBy'), children: who(claim.decidedBy, claim.decidedAt) },
            ...(claim.rejectionReason
              ? [{ label: t('fields.rejectionReason'), children: <bdi>{claim.rejectionReason}</bdi> }]
              : []),
            ...(claim.cancelReason
              ? [{ label: t('fields.cancelReason'), children: <bdi>{claim.cancelReason}</bdi> }]
              : []),
          ]}
        />
        {claim.description ? (
          <p style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="sc-description-text">
            <bdi>{claim.description}</bdi>
          </p>
        ) : null}
      </Panel>
      <Panel title={t('detail.lines')}>
        {claim.lines.length ? (
          <Table<ShippingClaimLine>
            size="small"
            rowKey="id"
            columns={lineColumns}
            dataSource={claim.lines}
            pagination={false}
          />
        ) : (
          <p style={{ margin: 0 }}>{t('detail.noLines')}</p>
        )}
      </Panel>
      {/* A new status starts the panel afresh: an earlier refusal is not shown after the next step. */}
      <EvidencePanel key={claim.status} claim={claim} />
    </div>
  );
}

/** The claim's photos and PDFs: listed, downloaded through the claim, added by drop or file input with progress. */
function EvidencePanel({ claim }: { claim: ShippingClaim }) {
  const { t, i18n } = useTranslation('shippingClaims');
  const { token } = theme.useToken();
  const { hasAny } = usePermissions();
  const errorText = useErrorText();
  const upload = useUploadEvidence();
  const remove = useRemoveEvidence();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mayEdit = hasAny(['edit_shipping_claim']);
  const canAttach = mayEdit && isActionAllowed(shippingClaimDocument, 'attach', claim.status);
  const canDetach = mayEdit && isActionAllowed(shippingClaimDocument, 'detach', claim.status);

  const send = async (file: File) => {
    setFailure(null);
    setProgress({ name: file.name, percent: 0 });
    try {
      await upload(claim.id, file, { onProgress: (percent) => setProgress({ name: file.name, percent }) });
      notifySuccess(t('detail.evidenceAdded', { name: file.name }));
    } catch (error) {
      setFailure(`${file.name}: ${errorText(error)}`);
    } finally {
      setProgress(null);
    }
  };

  const columns: ColumnsType<ShippingClaimEvidence> = [
    {
      key: 'name',
      title: t('fields.fileName'),
      render: (_, f) => (
        <Button
          type="link"
          icon={<DownloadOutlined />}
          onClick={() =>
            void downloadEvidence(claim.id, f.fileName, f.originalName).catch((e) =>
              notifyError(t('detail.downloadFailed'), errorText(e) ?? ''),
            )
          }
          data-testid="sc-evidence-download"
          style={{ paddingInline: 0 }}
        >
          <bdi>{f.originalName}</bdi>
        </Button>
      ),
    },
    { key: 'kind', title: t('fields.fileKind'), render: (_, f) => f.kind.toUpperCase() },
    { key: 'size', title: t('fields.fileSize'), align: 'end', render: (_, f) => formatFileSize(f.size, i18n.language) },
    {
      key: 'uploaded',
      title: t('fields.uploadedBy'),
      render: (_, f) => `${f.uploadedBy?.username ?? ''} · ${formatDateTime(f.uploadedAt)}`,
    },
    ...(canDetach
      ? [
          {
            key: 'remove',
            title: t('detail.remove'),
            width: 56,
            render: (_: unknown, f: ShippingClaimEvidence) => (
              <Popconfirm
                title={t('detail.removeConfirm', { name: f.originalName })}
                okText={t('detail.remove')}
                cancelText={t('detail.keep')}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove
                    .mutateAsync({ id: claim.id, fileName: f.fileName })
                    .catch((e) => setFailure(errorText(e) || null))
                }
              >
                <Button
                  danger
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('detail.removeNamed', { name: f.originalName })}
                  data-testid="sc-evidence-remove"
                />
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Panel title={t('detail.evidence')}>
      <div style={{ display: 'grid', gap: token.marginSM }}>
        {failure ? <Alert type="error" showIcon title={failure} role="alert" data-testid="sc-evidence-error" /> : null}
        {claim.evidence.length ? (
          <Table<ShippingClaimEvidence>
            size="small"
            rowKey="fileName"
            columns={columns}
            dataSource={claim.evidence}
            pagination={false}
            data-testid="sc-evidence"
          />
        ) : (
          <p style={{ margin: 0 }} data-testid="sc-evidence-empty">
            {t('detail.noEvidence')}
          </p>
        )}
        {canAttach ? (
          <div data-testid="sc-evidence-drop">
            <Upload.Dragger
              accept={SHIPPING_CLAIM_EVIDENCE_ACCEPT}
              multiple
              showUploadList={false}
              disabled={progress !== null}
              customRequest={() => undefined}
              beforeUpload={(file) => {
                void send(file);
                return false;
              }}
            >
              <p style={{ margin: 0 }}>
                <InboxOutlined aria-hidden style={{ fontSize: 28, color: token.colorPrimary }} />
              </p>
              <p style={{ margin: 0 }}>{t('detail.dropHint')}</p>
              <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('detail.dropTypes')}</p>
            </Upload.Dragger>
          </div>
        ) : null}
        {progress ? (
          <div data-testid="sc-evidence-progress">
            <bdi>{progress.name}</bdi>
            <Progress
              percent={progress.percent}
              size="small"
              aria-label={t('detail.uploading', { name: progress.name })}
            />
          </div>
        ) : null}
      </div>
    </Panel>
  );
}

/**
 * One claim: the invoice, carrier, parcel, amounts and who did what; its lines; its evidence. Its steps (edit,
 * submit with the carrier's reference, approve with the amount, reject with the reason, record the payment, cancel)
 * are those the definition allows in its status to the user's permissions; Print fetches the claim for the carrier.
 */
export function ShippingClaimDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('shippingClaims');
  const { t: td } = useTranslation('documents');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const navigate = useNavigate();
  const location = useLocation();
  const errorText = useErrorText();
  const query = useShippingClaim(id);
  const submit = useSubmitShippingClaim();
  const approve = useApproveShippingClaim();
  const reject = useRejectShippingClaim();
  const pay = usePayShippingClaim();
  const cancel = useCancelShippingClaim();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [text, setText] = useState('');
  const [amount, setAmount] = useState('');
  const [day, setDay] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const backState = location.state as BackState | null;
  const back = (
    <Link
      to={backState?.backTo ?? SHIPPING_CLAIM_LIST_PATH}
      style={{ display: 'inline-flex', gap: token.marginXXS }}
      data-testid="sc-back"
    >
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {t('detail.back')}
    </Link>
  );

  const open = (next: Dialog, claim: ShippingClaim) => {
    setText('');
    setAmount(next === 'approve' ? claim.amountClaimed : next === 'pay' ? (claim.approvedAmount ?? '') : '');
    setDay('');
    setFailure(null);
    setDialog(next);
  };
  const run = async (claim: ShippingClaim) => {
    setFailure(null);
    try {
      const idOf = claim.id;
      if (dialog === 'submit') await submit.mutateAsync({ id: idOf, body: { carrierReference: text.trim() } });
      else if (dialog === 'approve') await approve.mutateAsync({ id: idOf, body: { approvedAmount: amount.trim() } });
      else if (dialog === 'reject') await reject.mutateAsync({ id: idOf, body: { reason: text.trim() } });
      else if (dialog === 'pay')
        await pay.mutateAsync({
          id: idOf,
          body: { amountRecovered: amount.trim(), paidOn: day.trim() ? day.trim() : null },
        });
      else if (dialog === 'cancel') await cancel.mutateAsync({ id: idOf, body: { reason: text.trim() } });
      if (dialog) notifySuccess(td(`shipping_claim.done.${dialog}`, { number: claim.number }));
      setDialog(null);
    } catch (error) {
      setFailure(errorText(error) || null);
    }
  };
  const busy = submit.isPending || approve.isPending || reject.isPending || pay.isPending || cancel.isPending;
  const needsText = dialog === 'submit' || dialog === 'reject';
  const needsAmount = dialog === 'approve' || dialog === 'pay';
  const valid =
    (!needsText || !!text.trim()) &&
    (!needsAmount || isClaimAmount(amount)) &&
    (dialog !== 'pay' || !day.trim() || IS_DATE.test(day.trim()));

  const actions = (claim: ShippingClaim) => (
    <ActionBar
      doc={shippingClaimDocument}
      status={claim.status}
      number={claim.number}
      print={{ path: shippingClaimPdfPath(claim.id), fileName: `${claim.number}.pdf` }}
      handlers={{
        edit: {
          open: () => navigate(shippingClaimEditUrl(claim.id), { state: backState }),
          icon: <EditOutlined />,
          testId: 'sc-edit',
        },
        submit: { open: () => open('submit', claim), primary: true, icon: <SendOutlined />, testId: 'sc-submit' },
        approve: { open: () => open('approve', claim), primary: true, icon: <CheckOutlined />, testId: 'sc-approve' },
        reject: { open: () => open('reject', claim), icon: <StopOutlined />, testId: 'sc-reject' },
        pay: { open: () => open('pay', claim), primary: true, icon: <DollarOutlined />, testId: 'sc-pay' },
        cancel: { open: () => open('cancel', claim), icon: <CloseCircleOutlined />, testId: 'sc-cancel' },
      }}
    />
  );

  return (
    <DetailFrame
      query={query}
      number={(c) => c.number}
      numberTestId="sc-number"
      back={back}
      tags={(c) => <StatusTag doc={shippingClaimDocument} status={c.status} testId="sc-status" />}
      actions={actions}
    >
      {(claim) => (
        <>
          <ClaimBody claim={claim} />
          <Modal
            open={dialog !== null}
            title={dialog ? td(`shipping_claim.confirm.${dialog}`, { number: claim.number }) : ''}
            okText={dialog ? td(`shipping_claim.action.${dialog}`) : ''}
            okButtonProps={{
              danger: dialog === 'cancel' || dialog === 'reject',
              loading: busy,
              disabled: !valid,
              ...{ 'data-testid': 'sc-dialog-ok' },
            }}
            cancelText={t('detail.keep')}
            onOk={() => run(claim)}
            onCancel={() => setDialog(null)}
            destroyOnHidden
          >
            {failure ? (
              <Alert type="error" showIcon title={failure} style={{ marginBottom: token.marginSM }} role="alert" />
            ) : null}
            <Form layout="vertical">
              {needsAmount ? (
                <Form.Item
                  label={dialog === 'approve' ? t('fields.approvedAmountGbp') : t('fields.amountRecoveredGbp')}
                  htmlFor="sc-dialog-amount"
                  extra={
                    dialog === 'approve'
                      ? t('detail.atMost', { amount: claim.amountClaimed })
                      : t('detail.atMost', { amount: claim.approvedAmount ?? '' })
                  }
                >
                  <Input
                    id="sc-dialog-amount"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                    inputMode="decimal"
                    autoComplete="off"
                    data-testid="sc-dialog-amount"
                  />
                </Form.Item>
              ) : null}
              {dialog === 'pay' ? (
                <Form.Item label={t('fields.paidOn')} htmlFor="sc-dialog-day" extra={t('detail.paidOnHelp')}>
                  <Input
                    id="sc-dialog-day"
                    value={day}
                    placeholder="YYYY-MM-DD"
                    onChange={(e) => setDay(e.target.value)}
                    autoComplete="off"
                    data-testid="sc-dialog-day"
                  />
                </Form.Item>
              ) : null}
              {dialog === 'submit' || dialog === 'reject' || dialog === 'cancel' ? (
                <Form.Item
                  label={
                    dialog === 'submit'
                      ? t('fields.carrierReference')
                      : dialog === 'reject'
                        ? t('fields.rejectionReason')
                        : t('fields.cancelReason')
                  }
                  htmlFor="sc-dialog-text"
                  style={{ marginBottom: 0 }}
                >
                  {dialog === 'submit' ? (
                    <Input
                      id="sc-dialog-text"
                      value={text}
                      maxLength={100}
                      autoComplete="off"
                      onChange={(e) => setText(e.target.value)}
                      data-testid="sc-dialog-text"
                    />
                  ) : (
                    <Input.TextArea
                      id="sc-dialog-text"
                      rows={3}
                      maxLength={500}
                      showCount
                      value={text}
                      onChange={(e) => setText(e.target.value)}
                      data-testid="sc-dialog-text"
                    />
                  )}
                </Form.Item>
              ) : null}
            </Form>
          </Modal>
        </>
      )}
    </DetailFrame>
  );
}
