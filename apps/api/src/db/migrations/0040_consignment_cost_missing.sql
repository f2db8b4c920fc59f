-- A consignment sale whose receipt had no agreed cost (and the supplier none for the product) is owed at zero; the
-- row says so, so the consignment invoice's comparison shows "no agreed cost" instead of a silent zero.
ALTER TABLE consignment_sales ADD COLUMN cost_missing boolean NOT NULL DEFAULT false;
