-- Booking a supplier invoice that differs from its orders and receipts beyond the tolerances needs, besides
-- approve_purchase_invoice and a reason, the permission to approve differences (DOMAIN.md "Supplier invoices").
-- It sits right after approve_purchase_invoice in the catalogue's order and is granted to Administrator only:
-- whoever else may approve differences is chosen by role.
UPDATE permissions SET sort_order = sort_order + 1
WHERE sort_order > (SELECT sort_order FROM permissions WHERE name = 'approve_purchase_invoice');
INSERT INTO permissions (name, area, sort_order)
  SELECT 'approve_purchase_invoice_difference', 'invoiceSettlement', sort_order + 1
  FROM permissions WHERE name = 'approve_purchase_invoice';
INSERT INTO role_permissions (role_id, permission)
  SELECT r.id, 'approve_purchase_invoice_difference' FROM roles r WHERE r.name = 'Administrator';
