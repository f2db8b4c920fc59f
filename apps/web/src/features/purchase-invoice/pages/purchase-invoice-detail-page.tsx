import { ArrowLeftOutlined, ArrowRightOutlined, CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import {
  PURCHASE_INVOICE_DIFFERENCE_PERMISSION,
  type PurchaseInvoice,
  purchaseInvoiceDocument,
} from '@backoffice/contracts';
import { Alert, Descriptions, Input, Modal, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure } from '../../inventory/index.ts';
import {
  purchaseInvoicePdfPath,
  useBookPurchaseInvoice,
  useCancelPurchaseInvoice,
  usePurchaseInvoice,
} from '../api.ts';
import { InvoiceChargesPanel } from '../components/landed-charges.tsx';
import { PI_LIST_PATH } from '../urls.ts';
import { MatchTable } from './match-table.tsx';

/**
 * One supplier invoice: its facts, the three-way match line by line with mismatches marked, and its steps. Booking
 * beyond the tolerances asks for a reason; cancelling a booked invoice takes its price differences back.
 */
export function PurchaseInvoiceDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('purchaseInvoices');
  const { t: td } = useTranslation('documents');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const query = usePurchaseInvoice(id);
  const book = useBookPurchaseInvoice();
  const cancel = useCancelPurchaseInvoice();
  const { has } = usePermissions();
  const mayApproveDifferences = has(PURCHASE_INVOICE_DIFFERENCE_PERMISSION);
  const [dialog, setDialog] = useState<'book' | 'cancel' | null>(null);
  const [reason, setReason] = useState('');

  const refused = (title: string, error: unknown) => {
    const text = errorText(error);
    if (text) modal.error({ title, content: text });
  };
  const close = () => {
    setDialog(null);
    setReason('');
  };
  const submit = async (invoice: PurchaseInvoice) => {
    const body = { reason: reason.trim() };
    try {
      if (dialog === 'book') {
        await book.mutateAsync({ id: invoice.id, body });
        notifySuccess(td('purchase_invoice.done.book', { number: invoice.number }));
      } else {
        await cancel.mutateAsync({ id: invoice.id, body });
        notifySuccess(t('detail.canceled', { number: invoice.number }));
      }
      close();
    } catch (error) {
      close();
      refused(t('detail.refused', { number: invoice.number }), error);
    }
  };
  const back = (
    <Link to={PI_LIST_PATH} style={{ display: 'inline-flex', gap: token.marginXXS }} data-testid="pi-back">
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {t('detail.back')}
    </Link>
  );
  const actions = (invoice: PurchaseInvoice) => (
    <ActionBar
      doc={purchaseInvoiceDocument}
      status={invoice.status}
      number={invoice.number}
      print={{ path: purchaseInvoicePdfPath(invoice.id), fileName: `${invoice.number}.pdf` }}
      handlers={{
        // Past the tolerances only someone who may approve differences books (the server refuses the others).
        book:
          !invoice.withinTolerance && !mayApproveDifferences
            ? { hidden: true }
            : invoice.withinTolerance
              ? {
                  run: () => book.mutateAsync({ id: invoice.id, body: { reason: '' } }),
                  onError: (error) => refused(t('detail.refused', { number: invoice.number }), error),
                  primary: true,
                  icon: <CheckCircleOutlined />,
                  testId: 'pi-book',
                }
              : { open: () => setDialog('book'), primary: true, icon: <CheckCircleOutlined />, testId: 'pi-book' },
        cancel: { open: () => setDialog('cancel'), icon: <CloseCircleOutlined />, testId: 'pi-cancel' },
        edit: { hidden: true },
        settle: { hidden: true },
        pay: { hidden: true },
      }}
    />
  );
  return (
    <>
      {modalHolder}
      <DetailFrame
        query={query}
        number={(invoice) => invoice.number}
        numberTestId="pi-number"
        back={back}
        tags={(invoice) => <StatusTag doc={purchaseInvoiceDocument} status={invoice.status} testId="pi-status" />}
        actions={actions}
      >
        {(invoice) => (
          <>
            <InvoiceBody invoice={invoice} />
            <Modal
              open={dialog !== null}
              title={
                dialog === 'book'
                  ? td('purchase_invoice.confirm.book', { number: invoice.number })
                  : td('purchase_invoice.confirm.cancel', { number: invoice.number })
              }
              okText={dialog === 'book' ? td('purchase_invoice.action.book') : td('purchase_invoice.action.cancel')}
              okButtonProps={{
                danger: dialog === 'cancel',
                disabled: dialog === 'book' && !reason.trim(),
                loading: book.isPending || cancel.isPending,
                ...{ 'data-testid': 'pi-dialog-ok' },
              }}
              cancelText={t('detail.keep')}
              onOk={() => submit(invoice)}
              onCancel={close}
              destroyOnHidden
            >
              {dialog === 'book' ? (
                <Alert
                  type="warning"
                  showIcon
                  title={t('detail.beyondTolerance')}
                  style={{ marginBottom: token.margin }}
                />
              ) : null}
              <label htmlFor="pi-reason" style={{ display: 'block', marginBottom: token.marginXXS }}>
                {dialog === 'book' ? t('detail.differenceReason') : t('detail.cancelReason')}
              </label>
              <Input.TextArea
                id="pi-reason"
                data-testid="pi-reason"
                rows={3}
                maxLength={500}
                showCount
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </Modal>
          </>
        )}
      </DetailFrame>
    </>
  );
}

function InvoiceBody({ invoice }: { invoice: PurchaseInvoice }) {
  const { t } = useTranslation('purchaseInvoices');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const mayBook = has('approve_purchase_invoice');
  const mayApproveDifferences = has(PURCHASE_INVOICE_DIFFERENCE_PERMISSION);
  const amount = (v: string) => (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Figure value={v} kind="money" /> <bdi>{invoice.currency}</bdi>
    </span>
  );
  return (
    <>
      {!invoice.withinTolerance && invoice.status === 'PENDING' ? (
        <Alert
          type="warning"
          showIcon
          title={t('detail.beyondTolerance')}
          description={
            mayBook && !mayApproveDifferences ? (
              <span data-testid="pi-needs-difference-permission">{t('detail.needsDifferencePermission')}</span>
            ) : undefined
          }
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      {invoice.differenceReason ? (
        <Alert
          type="info"
          showIcon
          title={t('detail.acceptedBecause', { reason: invoice.differenceReason })}
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
                  {invoice.supplier.code} · {invoice.supplier.name}
                </bdi>
              ),
            },
            {
              key: 'supplierInvoiceNumber',
              label: t('fields.supplierInvoiceNumber'),
              children: <bdi>{invoice.supplierInvoiceNumber}</bdi>,
            },
            { key: 'invoiceDate', label: t('fields.invoiceDate'), children: <bdi>{invoice.invoiceDate}</bdi> },
            { key: 'dueDate', label: t('fields.dueDate'), children: <bdi>{invoice.dueDate}</bdi> },
            {
              key: 'rate',
              label: t('fields.exchangeRate'),
              children: <bdi>{invoice.currency === 'GBP' ? 'GBP' : `${invoice.currency} ${invoice.exchangeRate}`}</bdi>,
            },
            {
              key: 'tolerances',
              label: t('fields.tolerances'),
              children: (
                <bdi>
                  {t('detail.tolerances', {
                    quantity: invoice.tolerances.quantityPercent,
                    price: invoice.tolerances.pricePercent,
                  })}
                </bdi>
              ),
            },
            { key: 'net', label: t('fields.net'), children: amount(invoice.netTotal) },
            { key: 'vat', label: t('fields.vat'), children: amount(invoice.vatTotal) },
            { key: 'gross', label: t('fields.grossTotal'), children: amount(invoice.grossTotal) },
            { key: 'open', label: t('fields.openAmount'), children: amount(invoice.openAmount) },
            {
              key: 'approvedBy',
              label: t('fields.approvedBy'),
              children: invoice.approvedBy ? <bdi>{invoice.approvedBy.username}</bdi> : '—',
            },
            {
              key: 'notes',
              label: t('fields.notes'),
              span: 'filled',
              children: invoice.notes ? <span style={{ whiteSpace: 'pre-wrap' }}>{invoice.notes}</span> : '—',
            },
          ]}
        />
      </Panel>
      <InvoiceChargesPanel invoice={invoice} />
      {/* An invoice of landed charges only (a forwarder's) has no goods lines to match. */}
      {invoice.lines.length || !invoice.charges.length ? (
        <Panel title={t('detail.match')}>
          <MatchTable lines={invoice.lines} currency={invoice.currency} />
          <Typography.Paragraph type="secondary" style={{ marginTop: token.marginSM, marginBottom: 0 }}>
            {t('detail.matchHint')}
          </Typography.Paragraph>
        </Panel>
      ) : null}
    </>
  );
}
