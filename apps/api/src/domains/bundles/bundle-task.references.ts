import type { AreaReferences } from '../../platform/references.ts';
import { countTasksOfWarehouse, countTasksUsingLocation, countTasksUsingProduct } from './bundle-task.repository.ts';

/** Bundling tasks hold their bundle and component products, their warehouse and its source and target bins. */
export const bundleTaskReferences: AreaReferences = {
  entity: 'bundle_task',
  holds: { product: countTasksUsingProduct, warehouse: countTasksOfWarehouse, location: countTasksUsingLocation },
};
