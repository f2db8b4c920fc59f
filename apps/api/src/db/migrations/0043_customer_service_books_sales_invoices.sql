-- Booking a sales invoice reserves its stock (approve_sales_invoice). Customer service creates, edits and cancels
-- sales invoices; an order taken on the phone is booked by the same person, as a Linnworks or Odoo sales user
-- confirms their own orders, so the seeded role gains the permission. An administrator may take it away again.
INSERT INTO role_permissions (role_id, permission)
  SELECT r.id, 'approve_sales_invoice' FROM roles r WHERE r.name = 'Customer service'
  ON CONFLICT DO NOTHING;
