/** The reports' filters kept in the URL besides page, size, search (q) and sort. */
export const STOCK_VALUE_FILTERS = ['asAt', 'warehouseId', 'brandId', 'groupBy'] as const;
export const FIFO_VALUE_FILTERS = ['warehouseId', 'brandId', 'ageBucket', 'ownership'] as const;
/** The beta view's drill-down: a group (warehouse with a brand, or without one), then a product's layers. */
export const FIFO_GROUP_FILTERS = [
  'warehouseId',
  'brandId',
  'noBrand',
  'ageBucket',
  'ownership',
  'level',
  'productId',
] as const;
export const DAILY_FILTERS = ['from', 'to', 'productId', 'warehouseId', 'brandId', 'show'] as const;
/** The FIFO process: the run shown, its differences' kind, and the page of previous runs. */
export const FIFO_PROCESS_FILTERS = ['run', 'kind', 'runsPage'] as const;
