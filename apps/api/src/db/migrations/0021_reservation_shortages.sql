-- Reserved stock taken by a physical loss. A count or override finding less, a write-off, a negative adjustment
-- or an inventory import setting less may take stock that is reserved (the units are not there, whatever was
-- promised); the reservations it leaves without stock are then marked short, newest first, so that nobody finds
-- out only when issuing. Nothing else may take available (on hand less reserved) below zero, so in a warehouse
-- that does not allow negative stock: reserved_short = greatest(reserved − greatest(on_hand, 0), 0), the sum of
-- the open reservations' short_quantity. Incoming stock and released reservations give the units back, oldest
-- reservation first. Kept by the posting service (apps/api/src/domains/stock/posting.service.ts).
ALTER TABLE stock_reservations
  ADD COLUMN short_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (short_quantity >= 0),
  ADD CONSTRAINT stock_reservations_short_within_open CHECK (short_quantity <= open_quantity);
ALTER TABLE stock_levels
  ADD COLUMN reserved_short numeric(18, 4) NOT NULL DEFAULT 0 CHECK (reserved_short >= 0),
  ADD CONSTRAINT stock_levels_short_within_reserved CHECK (reserved_short <= reserved);
CREATE INDEX stock_reservations_short ON stock_reservations (product_id, warehouse_id) WHERE short_quantity > 0;

-- Levels already below their reservations (possible before this rule): their newest reservations are short.
WITH target AS (
  SELECT l.product_id, l.warehouse_id, greatest(l.reserved - greatest(l.on_hand, 0), 0) AS short
  FROM stock_levels l
  LEFT JOIN warehouse_configs c ON c.warehouse_id = l.warehouse_id
  WHERE NOT coalesce(c.allow_negative_stock, false) AND l.reserved > greatest(l.on_hand, 0)
),
ranked AS (
  SELECT r.id, r.open_quantity, t.short,
    coalesce(sum(r.open_quantity) OVER (
      PARTITION BY r.product_id, r.warehouse_id ORDER BY r.created_at DESC, r.id DESC
      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS newer
  FROM stock_reservations r
  JOIN target t ON t.product_id = r.product_id AND t.warehouse_id = r.warehouse_id
  WHERE r.status = 'OPEN'
)
UPDATE stock_reservations s
SET short_quantity = least(ranked.open_quantity, greatest(ranked.short - ranked.newer, 0))
FROM ranked
WHERE ranked.id = s.id AND ranked.short > ranked.newer;

UPDATE stock_levels l
SET reserved_short = s.short
FROM (
  SELECT product_id, warehouse_id, sum(short_quantity) AS short
  FROM stock_reservations WHERE status = 'OPEN' AND short_quantity > 0
  GROUP BY product_id, warehouse_id
) s
WHERE s.product_id = l.product_id AND s.warehouse_id = l.warehouse_id;
