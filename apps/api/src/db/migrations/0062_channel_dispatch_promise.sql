-- Each sales channel's dispatch promise (contract packages/contracts/src/sales/sales-invoices.ts, SalesChannelSetting):
-- the working days (Monday to Friday) after the London day an order is received by the end of which it must be
-- shipped. Marketplaces promise next-day dispatch; other channels two days. The Daily Control and Ship List report
-- (packages/contracts/src/reports/daily-control.ts) counts what ships after it, or is still unshipped past it.
ALTER TABLE sales_channel_settings
  ADD COLUMN IF NOT EXISTS dispatch_days integer NOT NULL DEFAULT 2 CHECK (dispatch_days BETWEEN 0 AND 30);
UPDATE sales_channel_settings SET dispatch_days = 1 WHERE channel IN ('AMAZON', 'EBAY', 'SHOPIFY', 'TIKTOK');

-- The day `n` working days (Monday to Friday) after `day`: from a Saturday or a Sunday as from the Friday before, so
-- one working day after a weekend day is the Monday. `n` = 0 is the day itself, a weekend day the Monday after.
-- Integer arithmetic on the weekday (0 Monday … 6 Sunday, counted from Monday 3 January 2000; no holiday calendar),
-- cheap enough for every invoice a report reads, and inlined by the planner (hence not STRICT).
CREATE OR REPLACE FUNCTION add_working_days(day date, n integer) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN n <= 0 THEN day + CASE ((day - DATE '2000-01-03') % 7 + 7) % 7 WHEN 5 THEN 2 WHEN 6 THEN 1 ELSE 0 END
    ELSE day - ((day - DATE '2000-01-03') % 7 + 7) % 7
      + ((LEAST(((day - DATE '2000-01-03') % 7 + 7) % 7, 4) + n) / 5) * 7
      + (LEAST(((day - DATE '2000-01-03') % 7 + 7) % 7, 4) + n) % 5
  END
$$;

-- The report reads the invoices that were open at some time in its range: those open now (status_created serves
-- them) and those closed since the range began, found here by the instant they left the open statuses (shipped or
-- cancelled; an invoice closed without either instant counts as closed when it was created).
CREATE INDEX IF NOT EXISTS sales_invoices_closed_at
  ON sales_invoices ((COALESCE(shipped_at, canceled_at, created_at)))
  WHERE status IN ('PROCESSED', 'CANCELED');
-- The pick lists confirmed in a range: the day each invoice was picked.
CREATE INDEX IF NOT EXISTS pick_lists_confirmed_at ON pick_lists (confirmed_at) WHERE status = 'CONFIRMED';
