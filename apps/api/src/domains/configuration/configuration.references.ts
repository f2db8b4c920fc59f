import type { AreaReferences } from '../../platform/references.ts';
import { countDefaultWarehouseSettings } from './settings.repository.ts';

/** The system configuration holds the default warehouse: it cannot be deleted while it is the default. */
export const configurationReferences: AreaReferences = {
  entity: 'system_configuration',
  holds: { warehouse: countDefaultWarehouseSettings },
};
