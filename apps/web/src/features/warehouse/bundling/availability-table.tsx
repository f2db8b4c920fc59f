import type { BundleAvailability, BundleAvailabilityLine } from '@backoffice/contracts';
import { Alert, Table, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Figure, formatQuantity, isPositive, UnitLabel } from '../../inventory/index.ts';

/**
 * The check before a completion: per component what the bundles need, what the warehouse (or the task's
 * bin) has available and what is short, shortfalls in red; and how many bundles can be made now.
 */
export function AvailabilityTable({
  availability,
  isLoading = false,
  testId = 'availability',
}: {
  availability: BundleAvailability;
  isLoading?: boolean;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('bundles');
  const { token } = theme.useToken();
  const short = (line: BundleAvailabilityLine) => isPositive(line.shortfall);
  const columns: ColumnsType<BundleAvailabilityLine> = [
    {
      key: 'component',
      title: t('fields.component'),
      render: (_, line) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi style={{ fontWeight: 600 }}>{line.product.sku}</bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{line.product.name}</span>
        </span>
      ),
    },
    {
      key: 'perBundle',
      title: t('fields.perBundle'),
      align: 'end',
      render: (_, line) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Figure value={line.perBundle} /> <UnitLabel unit={line.product.unit} />
        </span>
      ),
    },
    {
      key: 'needed',
      title: t('fields.needed'),
      align: 'end',
      render: (_, line) => <Figure value={line.needed} testId="availability-needed" />,
    },
    {
      key: 'available',
      title: t('fields.available'),
      align: 'end',
      render: (_, line) => <Figure value={line.available} testId="availability-available" />,
    },
    {
      key: 'shortfall',
      title: t('fields.shortfall'),
      align: 'end',
      render: (_, line) =>
        short(line) ? (
          <strong data-testid="availability-shortfall" style={{ color: token.colorError, whiteSpace: 'nowrap' }}>
            <bdi>{formatQuantity(line.shortfall, i18n.language)}</bdi>
          </strong>
        ) : (
          <span aria-hidden>—</span>
        ),
    },
  ];
  const where = availability.sourceLocation
    ? `${availability.warehouse.code} · ${t('availability.inBin', { bin: availability.sourceLocation.code })}`
    : availability.warehouse.code;
  return (
    <div data-testid={testId} data-enough={availability.isEnough ? 'true' : 'false'}>
      <Alert
        type={availability.isEnough ? 'success' : availability.allowNegativeStock ? 'warning' : 'error'}
        showIcon
        role="status"
        title={t('availability.canMake', { quantity: formatQuantity(availability.canMake, i18n.language) })}
        description={
          <>
            <div>
              {t('availability.forQuantity', {
                quantity: formatQuantity(availability.quantity, i18n.language),
                warehouse: where,
              })}
            </div>
            <div>
              {availability.isEnough
                ? t('availability.enough')
                : availability.allowNegativeStock
                  ? t('availability.negativeAllowed')
                  : t('availability.short')}
            </div>
          </>
        }
        style={{ marginBottom: token.marginSM }}
      />
      <Table<BundleAvailabilityLine>
        size="small"
        rowKey={(line) => line.product.id}
        columns={columns}
        dataSource={availability.lines}
        pagination={false}
        loading={isLoading}
        scroll={{ x: 'max-content' }}
        onRow={(line) => (short(line) ? { style: { background: token.colorErrorBg } } : {})}
      />
    </div>
  );
}
