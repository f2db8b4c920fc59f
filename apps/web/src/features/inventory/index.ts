// What other areas use of the inventory area: stock figures and their formatting, the filter bar, the
// movement columns, the link to a product's movements, a product's stock and the mark of short reservations.
export { useProductStock } from './api.ts';
export { AdjustStockAction, adjustStockUrl, MANUAL_STOCK_PATH } from './components/adjust-stock-action.tsx';
export { Figure } from './components/figure.tsx';
export { FilterBar, TestId } from './components/filter-bar.tsx';
export { costChangeText, type MovementColumnOptions, useMovementColumns } from './components/movement-columns.tsx';
export { formatMoney, formatQuantity, isNegative, isPositive, magnitude } from './components/numbers.ts';
export { ProductLink } from './components/product-link.tsx';
export { ShortMarker } from './components/short-marker.tsx';
export { type StockFigure, StockFigures } from './components/stock-figures.tsx';
export { isUnit, UnitLabel } from './components/unit-label.tsx';
