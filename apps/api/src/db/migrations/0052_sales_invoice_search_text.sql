-- What the sales invoice list's search reads on the invoice itself: its e-mail, its billing and delivery names, and its
-- customer's name and e-mail, one text under one trigram index. The list can then walk the invoices in its order and
-- test each against the search (a broad search, thousands of matches, finds a page among the first few hundred
-- invoices) instead of first gathering every invoice of every matching customer. The database keeps it: on an
-- invoice's insert or change of those fields, and on a customer's change of name or e-mail for all its invoices.
ALTER TABLE sales_invoices ADD COLUMN IF NOT EXISTS search_text text;

CREATE OR REPLACE FUNCTION sales_invoice_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := concat_ws(E'\n', NEW.email, NEW.billing_name, NEW.delivery_name,
    (SELECT concat_ws(E'\n', c.name, c.email) FROM customers c WHERE c.id = NEW.customer_id));
  RETURN NEW;
END $$;

DROP TRIGGER IF EXISTS sales_invoices_search_text ON sales_invoices;
CREATE TRIGGER sales_invoices_search_text
  BEFORE INSERT OR UPDATE OF email, billing_name, delivery_name, customer_id, search_text ON sales_invoices
  FOR EACH ROW EXECUTE FUNCTION sales_invoice_search_text();

CREATE OR REPLACE FUNCTION customer_sales_invoices_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Setting the column makes each invoice's own trigger read the customer again.
  UPDATE sales_invoices SET search_text = NULL WHERE customer_id = NEW.id;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS customers_sales_invoices_search_text ON customers;
CREATE TRIGGER customers_sales_invoices_search_text
  AFTER UPDATE OF name, email ON customers
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION customer_sales_invoices_search_text();

UPDATE sales_invoices SET search_text = NULL;

CREATE INDEX IF NOT EXISTS sales_invoices_search_trgm ON sales_invoices USING gin (search_text gin_trgm_ops);
-- The e-mail is in the search text: its own index served only the search.
DROP INDEX IF EXISTS sales_invoices_email_trgm;
