import { UNITS_OF_MEASURE, type UnitOfMeasure } from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';

export const isUnit = (unit: string): unit is UnitOfMeasure => (UNITS_OF_MEASURE as readonly string[]).includes(unit);

/** A product's unit of measure in the reader's language (the products' own words), else as the server wrote it. */
export function UnitLabel({ unit }: { unit: string }) {
  const { t } = useTranslation('products');
  return <>{isUnit(unit) ? t(`units.${unit}`) : unit}</>;
}
