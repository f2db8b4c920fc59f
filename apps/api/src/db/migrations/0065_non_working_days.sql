-- Days on which nobody dispatches besides Saturdays and Sundays: bank holidays and the business's own closures,
-- kept in System Config → Sales channels (contract packages/contracts/src/configuration/non-working-days.ts). The
-- dispatch promise counts working days past them (add_working_days below): the landing dashboard's late shipments,
-- the sales invoice list's late filter and the Daily Control and Ship List report.
CREATE TABLE non_working_days (
  day date PRIMARY KEY CHECK (extract(isodow FROM day) < 6),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid NULL REFERENCES users (id)
);

-- England and Wales bank holidays (gov.uk), substitute days included; Scotland and Northern Ireland differ: edit the
-- list on the screen.
INSERT INTO non_working_days (day, name) VALUES
  ('2025-01-01', 'New Year''s Day'), ('2025-04-18', 'Good Friday'), ('2025-04-21', 'Easter Monday'),
  ('2025-05-05', 'Early May bank holiday'), ('2025-05-26', 'Spring bank holiday'),
  ('2025-08-25', 'Summer bank holiday'), ('2025-12-25', 'Christmas Day'), ('2025-12-26', 'Boxing Day'),
  ('2026-01-01', 'New Year''s Day'), ('2026-04-03', 'Good Friday'), ('2026-04-06', 'Easter Monday'),
  ('2026-05-04', 'Early May bank holiday'), ('2026-05-25', 'Spring bank holiday'),
  ('2026-08-31', 'Summer bank holiday'), ('2026-12-25', 'Christmas Day'), ('2026-12-28', 'Boxing Day (substitute day)'),
  ('2027-01-01', 'New Year''s Day'), ('2027-03-26', 'Good Friday'), ('2027-03-29', 'Easter Monday'),
  ('2027-05-03', 'Early May bank holiday'), ('2027-05-31', 'Spring bank holiday'),
  ('2027-08-30', 'Summer bank holiday'), ('2027-12-27', 'Christmas Day (substitute day)'),
  ('2027-12-28', 'Boxing Day (substitute day)'),
  ('2028-01-03', 'New Year''s Day (substitute day)'), ('2028-04-14', 'Good Friday'), ('2028-04-17', 'Easter Monday'),
  ('2028-05-01', 'Early May bank holiday'), ('2028-05-29', 'Spring bank holiday'),
  ('2028-08-28', 'Summer bank holiday'), ('2028-12-25', 'Christmas Day'), ('2028-12-26', 'Boxing Day');

-- The day `n` working days after `day` (Monday to Friday, not a non-working day): from a day off as from the working
-- day before it, so one working day after a Saturday is the Monday (the Tuesday when that Monday is a bank holiday).
-- `n` = 0 is the day itself when it is a working day, else the next working day. A loop with one index probe per day
-- stepped over (a promise is a few days): the report calls it per group of invoices, not per invoice.
CREATE OR REPLACE FUNCTION add_working_days(day date, n integer) RETURNS date
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  d date := day;
  remaining integer := greatest(n, 0);
BEGIN
  IF day IS NULL OR n IS NULL THEN
    RETURN NULL;
  END IF;
  IF remaining = 0 THEN
    WHILE extract(isodow FROM d) > 5 OR EXISTS (SELECT 1 FROM non_working_days h WHERE h.day = d) LOOP
      d := d + 1;
    END LOOP;
    RETURN d;
  END IF;
  WHILE remaining > 0 LOOP
    d := d + 1;
    IF extract(isodow FROM d) < 6 AND NOT EXISTS (SELECT 1 FROM non_working_days h WHERE h.day = d) THEN
      remaining := remaining - 1;
    END IF;
  END LOOP;
  RETURN d;
END
$$;
