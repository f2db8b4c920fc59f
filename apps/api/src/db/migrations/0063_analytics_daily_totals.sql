-- Analytics: the daily facts without the product, one row per London day, sales channel, warehouse and brand. The
-- summary's totals, its series and the breakdowns by channel, brand and warehouse read these (a year is thousands
-- of rows, not the million of the product facts). Recomputed from analytics_daily_facts for the days a recompute
-- touches, in the same transaction (domains/dashboards/analytics.repository.ts recomputeFacts), so both tables
-- always agree.
CREATE TABLE analytics_daily_totals (
  day date NOT NULL,
  channel text NOT NULL,
  brand_id uuid NULL,
  warehouse_id uuid NOT NULL,
  sales_net numeric NOT NULL DEFAULT 0,
  vat numeric NOT NULL DEFAULT 0,
  cogs numeric NOT NULL DEFAULT 0,
  units_shipped numeric NOT NULL DEFAULT 0,
  units_returned numeric NOT NULL DEFAULT 0,
  returned_cost numeric NOT NULL DEFAULT 0,
  CONSTRAINT analytics_daily_totals_key UNIQUE NULLS NOT DISTINCT (day, channel, warehouse_id, brand_id)
);

INSERT INTO analytics_daily_totals
  (day, channel, brand_id, warehouse_id, sales_net, vat, cogs, units_shipped, units_returned, returned_cost)
SELECT day, channel, brand_id, warehouse_id, sum(sales_net), sum(vat), sum(cogs), sum(units_shipped),
  sum(units_returned), sum(returned_cost)
FROM analytics_daily_facts GROUP BY day, channel, brand_id, warehouse_id;

-- The product facts' margin (sales less issued cost plus returned cost), kept by the row: the top and bottom
-- products rank a year's rows by product on this one column.
ALTER TABLE analytics_daily_facts
  ADD COLUMN margin numeric GENERATED ALWAYS AS (sales_net - cogs + returned_cost) STORED;
-- Products in order with what their rankings sum and the narrowing columns, read alone in product order, summing
-- as they go (no hash of a hundred thousand groups): the top and bottom products sum the margin (the narrow index,
-- which stays in memory), the pages of the product breakdown the figures they sort on.
DROP INDEX analytics_daily_facts_product;
CREATE INDEX analytics_daily_facts_product ON analytics_daily_facts (product_id, day)
  INCLUDE (margin, channel, warehouse_id, brand_id);
CREATE INDEX analytics_daily_facts_product_figures ON analytics_daily_facts (product_id, day)
  INCLUDE (margin, sales_net, units_shipped, units_returned, channel, warehouse_id, brand_id);
