-- Return tickets (DOMAIN.md "Returns"; contract packages/contracts/src/returns/return-tickets.ts): a customer's
-- return, from a shipped sales invoice or manual. OPEN → RECEIVED (RETURN rows through the stock posting service,
-- source_type 'return_ticket', at the cost the units left with) → INSPECTED → CLOSED; CANCELED while OPEN.
-- Damaged and refurbish units are held out of available stock by a reservation of the ticket (hold_reservation_id).
CREATE TABLE return_tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the document number service (kind returnTicket): gap-free per year, hence no deletes.
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 60),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'RECEIVED', 'INSPECTED', 'CLOSED', 'CANCELED')),
  -- The shipped invoice it returns from; null: a manual ticket.
  invoice_id uuid REFERENCES sales_invoices (id),
  customer_id uuid NOT NULL REFERENCES customers (id),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  -- The invoice's channel (MANUAL for a manual ticket): the list's channel filter without a join.
  channel text NOT NULL DEFAULT 'MANUAL'
    CHECK (channel IN ('MANUAL', 'AMAZON', 'EBAY', 'SHOPIFY', 'TIKTOK', 'SAMSUNG')),
  return_date date NOT NULL,
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 2000),
  line_count integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
  total_quantity numeric(18, 4) NOT NULL DEFAULT 0,
  -- The GBP value the lines came back at (set when received).
  total_value numeric(24, 8),
  created_by uuid REFERENCES users (id),
  received_at timestamptz,
  received_by uuid REFERENCES users (id),
  inspected_at timestamptz,
  inspected_by uuid REFERENCES users (id),
  closed_at timestamptz,
  closed_by uuid REFERENCES users (id),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  cancel_reason text NOT NULL DEFAULT '' CHECK (char_length(cancel_reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT return_tickets_number_key UNIQUE (number),
  CHECK ((received_at IS NULL) = (status IN ('OPEN', 'CANCELED'))),
  CHECK ((canceled_at IS NULL) = (status <> 'CANCELED'))
);
-- The list: newest first, each filter with an index that starts with it; sorts by (column, id).
CREATE INDEX return_tickets_created ON return_tickets (created_at, id);
CREATE INDEX return_tickets_status_created ON return_tickets (status, created_at, id);
CREATE INDEX return_tickets_warehouse_created ON return_tickets (warehouse_id, created_at, id);
CREATE INDEX return_tickets_channel_created ON return_tickets (channel, created_at, id);
CREATE INDEX return_tickets_customer ON return_tickets (customer_id, created_at, id);
CREATE INDEX return_tickets_return_date ON return_tickets (return_date, id);
CREATE INDEX return_tickets_number_sort ON return_tickets (number, id);
-- What an invoice has had returned (the returnable check reads it under the invoice's lock).
CREATE INDEX return_tickets_invoice ON return_tickets (invoice_id) WHERE invoice_id IS NOT NULL;
CREATE INDEX return_tickets_number_trgm ON return_tickets USING gin (number gin_trgm_ops);

CREATE TABLE return_ticket_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ticket_id uuid NOT NULL REFERENCES return_tickets (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no >= 1),
  product_id uuid NOT NULL REFERENCES products (id),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  reason text NOT NULL CHECK (reason IN ('CHANGED_MIND', 'DEFECTIVE', 'WRONG_ITEM', 'DAMAGED_IN_TRANSIT', 'OTHER')),
  condition text NOT NULL CHECK (condition IN ('RESALEABLE', 'DAMAGED', 'REFURBISH')),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  outcome text CHECK (outcome IN ('RESTOCK', 'SCRAP', 'KEEP_FOR_REFURBISH')),
  -- GBP per unit and value it came back at (8 places, as the ledger), and where the cost came from.
  unit_cost numeric(24, 8),
  value numeric(24, 8),
  cost_source text CHECK (cost_source IN ('INVOICE_ISSUE', 'FIFO_AVERAGE', 'LAST_COST', 'COST_PRICE')),
  -- The RETURN row it posted (a SCRAP takes back exactly that row's layers).
  movement_id bigint,
  -- The reservation holding it out of available stock (damaged, refurbish, kept for refurbishment).
  hold_reservation_id uuid REFERENCES stock_reservations (id),
  CONSTRAINT return_ticket_lines_line_key UNIQUE (ticket_id, line_no)
);
CREATE INDEX return_ticket_lines_product ON return_ticket_lines (product_id, ticket_id);
CREATE INDEX return_ticket_lines_reason ON return_ticket_lines (reason, ticket_id);
CREATE INDEX return_ticket_lines_condition ON return_ticket_lines (condition, ticket_id);
