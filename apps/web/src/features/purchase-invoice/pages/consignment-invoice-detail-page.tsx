import { ArrowLeftOutlined, ArrowRightOutlined, CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { type ConsignmentInvoice, purchaseInvoiceDocument } from '@backoffice/contracts';
import { Alert, Descriptions, Input, Modal, Table, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure } from '../../inventory/index.ts';
import { useBookConsignmentInvoice, useCancelConsignmentInvoice, useConsignmentInvoice } from '../consignment-api.ts';
import { CONSIGNMENT_UPLOAD_PATH, PI_LIST_PATH } from '../urls.ts';
import { ComparisonView } from './consignment-invoice-page.tsx';

/**
 * One consignment invoice: its facts, its lines and the comparison with what was sold in its period (pending: what
 * is still owed; booked: what it settled), with its steps. Booking when it differs asks for a reason; cancelling
 * makes what it settled owed again.
 */
export function ConsignmentInvoiceDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('consignmentInvoices');
  const { t: tp } = useTranslation('purchasing');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const query = useConsignmentInvoice(id);
  const book = useBookConsignmentInvoice();
  const cancel = useCancelConsignmentInvoice();
  const [dialog, setDialog] = useState<'book' | 'cancel' | null>(null);
  const [reason, setReason] = useState('');

  const close = () => {
    setDialog(null);
    setReason('');
  };
  const submit = async (invoice: ConsignmentInvoice) => {
    const body = { reason: reason.trim() };
    try {
      if (dialog === 'book') {
        await book.mutateAsync({ id: invoice.id, body });
        notifySuccess(t('booked', { number: invoice.number }));
      } else {
        await cancel.mutateAsync({ id: invoice.id, body });
        notifySuccess(t('canceled', { number: invoice.number }));
      }
      close();
    } catch (error) {
      close();
      const text = errorText(error);
      if (text) modal.error({ title: invoice.number, content: text });
    }
  };
  const back = (
    <Link to={PI_LIST_PATH} style={{ display: 'inline-flex', gap: token.marginXXS }} data-testid="ci-back">
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {t('toList')}
    </Link>
  );
  return (
    <>
      {modalHolder}
      <DetailFrame
        query={query}
        number={(invoice) => invoice.number}
        numberTestId="ci-invoice-number"
        back={back}
        tags={(invoice) => <StatusTag doc={purchaseInvoiceDocument} status={invoice.status} testId="ci-status" />}
        actions={(invoice) => (
          <ActionBar
            doc={purchaseInvoiceDocument}
            status={invoice.status}
            number={invoice.number}
            after={<Link to={CONSIGNMENT_UPLOAD_PATH}>{t('newInvoice')}</Link>}
            handlers={{
              book: invoice.comparison.differs
                ? { open: () => setDialog('book'), primary: true, icon: <CheckCircleOutlined />, testId: 'ci-book' }
                : {
                    run: () => book.mutateAsync({ id: invoice.id, body: { reason: '' } }),
                    onError: (error) => {
                      const text = errorText(error);
                      if (text) modal.error({ title: invoice.number, content: text });
                    },
                    primary: true,
                    icon: <CheckCircleOutlined />,
                    testId: 'ci-book',
                  },
              cancel: { open: () => setDialog('cancel'), icon: <CloseCircleOutlined />, testId: 'ci-cancel' },
              edit: { hidden: true },
              settle: { hidden: true },
              pay: { hidden: true },
            }}
          />
        )}
      >
        {(invoice) => (
          <>
            <Panel style={{ marginBottom: token.margin }}>
              <Descriptions size="small" column={{ xs: 1, md: 3 }}>
                <Descriptions.Item label={t('fields.supplier')}>
                  <bdi>{`${invoice.supplier.code} · ${invoice.supplier.name}`}</bdi>
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.supplierInvoiceNumber')}>
                  <bdi>{invoice.supplierInvoiceNumber}</bdi>
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.period')}>
                  <bdi data-testid="ci-detail-period">{`${invoice.periodFrom} – ${invoice.periodTo}`}</bdi>
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.invoiceDate')}>{invoice.invoiceDate}</Descriptions.Item>
                <Descriptions.Item label={t('fields.dueDate')}>{invoice.dueDate}</Descriptions.Item>
                <Descriptions.Item label={t('fields.currency')}>{invoice.currency}</Descriptions.Item>
                <Descriptions.Item label={t('fields.grossTotal')}>
                  <Figure value={invoice.grossTotal} kind="money" testId="ci-detail-gross" />
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.openAmount')}>
                  <Figure value={invoice.openAmount} kind="money" testId="ci-detail-open" />
                </Descriptions.Item>
                {invoice.attachment ? (
                  <Descriptions.Item label={t('fields.attachment')}>
                    <bdi>{invoice.attachment.originalName}</bdi>
                  </Descriptions.Item>
                ) : null}
                {invoice.differenceReason ? (
                  <Descriptions.Item label={t('fields.reason')}>{invoice.differenceReason}</Descriptions.Item>
                ) : null}
              </Descriptions>
              {invoice.status !== 'PENDING' && invoice.status !== 'CANCELED' ? (
                <Alert
                  type="info"
                  showIcon
                  title={t('settled', { quantity: invoice.settledQuantity })}
                  style={{ marginTop: token.marginSM }}
                />
              ) : null}
            </Panel>
            <Panel title={t('lines.title')} style={{ marginBottom: token.margin }}>
              <Table
                size="small"
                rowKey="lineNo"
                pagination={false}
                scroll={{ x: true }}
                tableLayout="auto"
                dataSource={invoice.lines}
                columns={[
                  { key: 'no', title: '#', width: 48, align: 'end', render: (_, l) => l.lineNo },
                  {
                    key: 'product',
                    title: t('fields.product'),
                    render: (_, l) => <bdi>{`${l.product.sku} · ${l.product.name}`}</bdi>,
                  },
                  {
                    key: 'q',
                    title: t('fields.quantity'),
                    align: 'end',
                    render: (_, l) => <Figure value={l.quantity} />,
                  },
                  {
                    key: 'p',
                    title: t('fields.unitPrice'),
                    align: 'end',
                    render: (_, l) => <Figure value={l.unitPrice} kind="cost" />,
                  },
                  { key: 'vat', title: t('fields.vat'), render: (_, l) => tp(`vatCodes.${l.vatCode}`) },
                  {
                    key: 'net',
                    title: t('fields.invoicedAmount'),
                    align: 'end',
                    render: (_, l) => <Figure value={l.net} kind="money" />,
                  },
                ]}
              />
            </Panel>
            <Panel title={t('comparison.title')}>
              <ComparisonView
                comparison={invoice.comparison}
                loading={false}
                error={null}
                waiting={false}
                currency={invoice.currency}
                pending={invoice.status === 'PENDING'}
              />
            </Panel>
            <Modal
              open={dialog !== null}
              title={dialog === 'book' ? t('book') : t('cancelConfirm', { number: invoice.number })}
              okButtonProps={{
                danger: dialog === 'cancel',
                disabled: dialog === 'book' && !reason.trim(),
                loading: book.isPending || cancel.isPending,
                ...{ 'data-testid': 'ci-dialog-ok' },
              }}
              okText={dialog === 'book' ? t('book') : t('cancel')}
              onOk={() => submit(invoice)}
              onCancel={close}
              destroyOnHidden
            >
              {dialog === 'book' ? (
                <Alert type="warning" showIcon title={t('reasonHint')} style={{ marginBottom: token.marginSM }} />
              ) : null}
              <label htmlFor="ci-reason">{dialog === 'book' ? t('fields.reason') : t('fields.cancelReason')}</label>
              <Input.TextArea
                id="ci-reason"
                data-testid="ci-reason"
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Modal>
          </>
        )}
      </DetailFrame>
    </>
  );
}
