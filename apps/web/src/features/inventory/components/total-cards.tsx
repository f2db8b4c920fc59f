import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../shared/ui/panel.tsx';
import { isPositive } from './numbers.ts';
import { StockFigures } from './stock-figures.tsx';

interface Totals {
  onHand: string;
  reserved: string;
  short: string;
  available: string;
  inTransit: string;
  value: string;
  /** The summary's split of the value: on hand + in transit = value. */
  onHandValue?: string;
  inTransitValue?: string;
}

/** The totals of a whole filter (every page, not just the one shown), from the server. */
export function TotalCards({
  totals,
  label,
  testId,
  style,
}: {
  totals: Totals | undefined;
  label: string;
  testId: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('inventory');
  return (
    <div data-testid={testId} style={style}>
      <Panel title={label}>
        <StockFigures
          figures={[
            { key: 'onHand', label: t('fields.onHand'), value: totals?.onHand },
            { key: 'reserved', label: t('fields.reserved'), value: totals?.reserved },
            // Only when a loss left reservations without stock: then it explains a negative available.
            ...(totals && isPositive(totals.short)
              ? [{ key: 'short', label: t('fields.short'), value: totals.short }]
              : []),
            { key: 'available', label: t('fields.available'), value: totals?.available },
            { key: 'inTransit', label: t('fields.inTransit'), value: totals?.inTransit },
            ...(totals?.onHandValue !== undefined && totals.inTransitValue !== undefined
              ? [
                  {
                    key: 'onHandValue',
                    label: t('fields.onHandValue'),
                    value: totals.onHandValue,
                    kind: 'money' as const,
                  },
                  {
                    key: 'inTransitValue',
                    label: t('fields.inTransitValue'),
                    value: totals.inTransitValue,
                    kind: 'money' as const,
                  },
                  { key: 'value', label: t('fields.valueTotal'), value: totals.value, kind: 'money' as const },
                ]
              : [{ key: 'value', label: t('fields.value'), value: totals?.value, kind: 'money' as const }]),
          ]}
        />
      </Panel>
    </div>
  );
}
