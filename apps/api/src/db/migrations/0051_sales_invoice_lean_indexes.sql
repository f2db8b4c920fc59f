-- Two indexes of the sales invoices that others already serve: a customer's or a warehouse's invoices are found by
-- (customer_id, created_at, id) and (warehouse_id, created_at, id), which also page them newest first; sorting by
-- customer or warehouse sorts by their name and code, not by these ids. Each index costs every invoice written
-- (an upload writes thousands at once), so the ones no query needs go.
DROP INDEX IF EXISTS sales_invoices_customer_sort;
DROP INDEX IF EXISTS sales_invoices_warehouse_sort;
