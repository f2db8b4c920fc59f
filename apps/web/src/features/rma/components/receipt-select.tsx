import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatQuantity } from '../../../shared/lib/numbers.ts';
import { useRmaReceipts } from '../api.ts';

/**
 * The receipt a line's units came from: the supplier's posted receipts of the product into the warehouse, newest
 * first, each with what is left of it there and its unit cost; empty means FIFO. Off until all three are chosen.
 */
export function ReceiptSelect({
  supplierId,
  warehouseId,
  productId,
  value,
  onChange,
  current,
  ariaLabel,
  testId,
}: {
  supplierId: string | null | undefined;
  warehouseId: string | null | undefined;
  productId: string | undefined;
  value: string;
  onChange: (value: string) => void;
  /** The stored choice's label, before the options arrive. */
  current?: { lineId: string; number: string; lineNo: number } | null;
  ariaLabel: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('rmas');
  const receipts = useRmaReceipts(supplierId, warehouseId, productId);
  const options = [
    { value: '', label: <bdi>{t('form.receiptFifo')}</bdi> },
    ...(receipts.data ?? []).map((r) => ({
      value: r.lineId,
      label: (
        <bdi>
          {t('form.receiptOption', {
            number: r.number,
            lineNo: r.lineNo,
            date: r.receivedDate,
            remaining: formatQuantity(r.remaining, i18n.language),
            cost: formatMoney(r.unitCostGbp ?? '0', i18n.language, 'GBP', 4),
          })}
        </bdi>
      ),
    })),
  ];
  if (current && value === current.lineId && !options.some((o) => o.value === current.lineId))
    options.push({ value: current.lineId, label: <bdi>{`${current.number} / ${current.lineNo}`}</bdi> });
  return (
    <Select<string>
      value={value}
      onChange={onChange}
      options={options}
      loading={receipts.isFetching}
      disabled={!supplierId || !warehouseId || !productId}
      aria-label={ariaLabel}
      data-testid={testId}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
}
