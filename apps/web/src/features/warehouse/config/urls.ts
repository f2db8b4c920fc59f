/** The advanced configuration screen, with a warehouse chosen. */
export const configUrl = (warehouseId: string) =>
  `/warehouse/warehouse-advanced-config?warehouse=${encodeURIComponent(warehouseId)}`;
