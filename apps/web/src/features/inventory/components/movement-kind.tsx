import { MOVEMENT_KINDS, type MovementKind } from '@backoffice/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colours by what a movement does: in, out, between warehouses, counted or corrected, revalued. */
const COLOURS: Record<MovementKind, string> = {
  RECEIPT: 'green',
  OPENING: 'green',
  RETURN: 'green',
  BUNDLE_PRODUCE: 'green',
  ISSUE: 'volcano',
  BUNDLE_CONSUME: 'volcano',
  WRITE_OFF: 'red',
  TRANSFER_OUT: 'geekblue',
  TRANSFER_IN: 'geekblue',
  TRANSIT_OUT: 'blue',
  TRANSIT_IN: 'blue',
  ADJUSTMENT: 'gold',
  COUNT: 'gold',
  REVALUATION: 'purple',
  LANDED_COST: 'magenta',
  PRICE_DIFFERENCE: 'magenta',
};

export const isMovementKind = (value: string | undefined): value is MovementKind =>
  value !== undefined && (MOVEMENT_KINDS as readonly string[]).includes(value);

export function MovementKindTag({ kind }: { kind: MovementKind }) {
  const { t } = useTranslation('inventory');
  return <Tag color={COLOURS[kind]}>{t(`kinds.${kind}`)}</Tag>;
}

/** The movement kinds as options of a filter, "all movements" first. */
export function useMovementKindOptions() {
  const { t } = useTranslation('inventory');
  return [
    { value: '', label: t('filters.allKinds') },
    ...MOVEMENT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
  ];
}
