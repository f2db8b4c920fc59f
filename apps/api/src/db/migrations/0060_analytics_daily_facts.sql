-- Analytics: the daily facts the management dashboard reads, one row per London day, sales channel, warehouse and
-- product (with the product's brand), from sales invoices shipped (PROCESSED, on the day of their shipment) and
-- return tickets received (on the day received). Kept by the outbox handler of document.status_changed
-- (domains/dashboards/analytics.facts.ts), which recomputes the rows of the day and products an event touches from
-- the source rows (never increments), and filled at start by a one-off job when empty while sources exist.
CREATE TABLE analytics_daily_facts (
  day date NOT NULL,
  channel text NOT NULL,
  brand_id uuid NULL,
  warehouse_id uuid NOT NULL,
  product_id uuid NOT NULL,
  -- GBP, each invoice line's net and VAT × the invoice's rate, to the penny.
  sales_net numeric NOT NULL DEFAULT 0,
  vat numeric NOT NULL DEFAULT 0,
  -- The value of the ISSUE rows of the day's shipped invoices (their revaluations included), positive.
  cogs numeric NOT NULL DEFAULT 0,
  units_shipped numeric NOT NULL DEFAULT 0,
  units_returned numeric NOT NULL DEFAULT 0,
  -- The value of the RETURN rows of the day's received return tickets (their revaluations included).
  returned_cost numeric NOT NULL DEFAULT 0,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (day, channel, warehouse_id, product_id)
);
CREATE INDEX analytics_daily_facts_product ON analytics_daily_facts (product_id, day);
CREATE INDEX analytics_daily_facts_brand ON analytics_daily_facts (brand_id, day);
CREATE INDEX analytics_daily_facts_warehouse ON analytics_daily_facts (warehouse_id, day);

-- A day's shipped invoices and received tickets, found by instant (the recompute reads one London day of them).
CREATE INDEX IF NOT EXISTS sales_invoices_shipped_at ON sales_invoices (shipped_at) WHERE shipped_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS return_tickets_received_at ON return_tickets (received_at) WHERE received_at IS NOT NULL;
