import { SalesInvoiceErrorCode, type SalesInvoiceShortageDetails } from '@backoffice/contracts';
import { Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { formatQuantity } from '../../../shared/lib/numbers.ts';

/** The lines a refused booking lacks stock for, when the error is that refusal; else null. */
export function shortageOf(error: unknown): SalesInvoiceShortageDetails | null {
  if (!(error instanceof ApiError) || error.code !== SalesInvoiceErrorCode.SALES_INVOICE_INSUFFICIENT_STOCK)
    return null;
  const details = errorDetails(error) as Partial<SalesInvoiceShortageDetails>;
  return Array.isArray(details.lines) ? { warehouseCode: details.warehouseCode ?? '', lines: details.lines } : null;
}

/**
 * Booking found too little available: which lines lack how much, and the choice the contract offers: keep the
 * invoice pending with the shortage recorded (booked again later), or leave it as it was.
 */
export function ShortageDialog({
  shortage,
  busy,
  onKeepPending,
  onClose,
}: {
  shortage: SalesInvoiceShortageDetails | null;
  busy: boolean;
  onKeepPending: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('salesInvoices');
  const q = (v: string) => <bdi>{formatQuantity(v, i18n.language)}</bdi>;
  return (
    <Modal
      open={!!shortage}
      title={t('shortage.title', { warehouse: shortage?.warehouseCode ?? '' })}
      okText={t('shortage.keepPending')}
      okButtonProps={{ loading: busy, ...{ 'data-testid': 'si-shortage-keep' } }}
      cancelText={t('shortage.refuse')}
      cancelButtonProps={{ ...{ 'data-testid': 'si-shortage-refuse' } }}
      onOk={onKeepPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('shortage.intro')}</Typography.Paragraph>
      <Table
        data-testid="si-shortage-lines"
        size="small"
        rowKey="lineNo"
        pagination={false}
        dataSource={shortage?.lines ?? []}
        columns={[
          { key: 'lineNo', dataIndex: 'lineNo', title: '#', align: 'end', width: 40 },
          { key: 'sku', dataIndex: 'sku', title: t('fields.sku'), render: (v: string) => <bdi>{v}</bdi> },
          { key: 'requested', dataIndex: 'requested', title: t('fields.quantity'), align: 'end', render: q },
          { key: 'available', dataIndex: 'available', title: t('fields.available'), align: 'end', render: q },
          { key: 'shortage', dataIndex: 'shortage', title: t('fields.shortage'), align: 'end', render: q },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('shortage.choice')}
      </Typography.Paragraph>
    </Modal>
  );
}
