import type { SalesInvoiceShipment } from '@backoffice/contracts';
import { Descriptions, Space } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { salesInvoicesEndpoints } from '../../shared/api/endpoints/sales-invoices.gen.ts';
import { contractPath } from '../../shared/lib/api.ts';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { formatQuantity } from '../../shared/lib/numbers.ts';
import { PrintButton } from '../../shared/ui/documents/action-bar.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { shipListUrl } from './urls.ts';

/** A shipped invoice's shipment: carrier service, when, on which ship list, each parcel with its tracking link. */
export function ShipmentPanel({ shipment, style }: { shipment: SalesInvoiceShipment; style?: CSSProperties }) {
  const { t, i18n } = useTranslation('shipLists');
  const links = new Map(shipment.tracking.map((x) => [x.trackingNumber, x.url]));
  return (
    <Panel title={t('shipment.title')} style={style}>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="si-shipment">
        <Descriptions.Item label={t('shipment.service')}>
          <bdi>{`${shipment.carrierService.carrier.name}: ${shipment.carrierService.name}`}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('shipment.shippedAt')}>
          <bdi>{formatDateTime(shipment.shippedAt)}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('shipment.shipList')}>
          <Link to={shipListUrl(shipment.shipList.id)}>
            <bdi>{shipment.shipList.number}</bdi>
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label={t('shipment.tracking')} span={3}>
          <Space direction="vertical" size={0}>
            {shipment.parcels.map((p) => {
              const url = p.trackingNumber ? links.get(p.trackingNumber) : null;
              return (
                <span key={p.parcelNo} data-testid="si-shipment-parcel">
                  {t('shipment.parcel', { parcel: p.parcelNo, weight: formatQuantity(p.weightKg, i18n.language) })}{' '}
                  {p.trackingNumber ? (
                    url ? (
                      <a href={url} target="_blank" rel="noreferrer" data-testid="si-tracking">
                        <bdi>{p.trackingNumber}</bdi>
                      </a>
                    ) : (
                      <bdi data-testid="si-tracking">{p.trackingNumber}</bdi>
                    )
                  ) : null}
                </span>
              );
            })}
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </Panel>
  );
}

/** Downloads an invoice's packing slip (no prices). */
export function PackingSlipButton({ invoiceId, number }: { invoiceId: string; number: string }) {
  const { t } = useTranslation('shipLists');
  return (
    <PrintButton
      path={contractPath(salesInvoicesEndpoints.salesInvoicePackingSlip, { id: invoiceId })}
      fileName={`${number}-packing-slip.pdf`}
      testId="si-packing-slip"
      label={t('shipment.packingSlip')}
    />
  );
}
