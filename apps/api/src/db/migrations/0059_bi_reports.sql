-- Management Dashboards: the register of external BI reports that Analytics shows in a frame. Only https addresses
-- without credentials (checked by the contract, and here as far as SQL can); the server lets the browser frame only
-- the origins of the active ones.
CREATE TABLE bi_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  embed_url text NOT NULL CHECK (char_length(embed_url) BETWEEN 9 AND 2000 AND embed_url LIKE 'https://%'),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0 CHECK (sort_order BETWEEN 0 AND 9999),
  created_by uuid REFERENCES users (id),
  updated_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX bi_reports_name_key ON bi_reports (lower(name));
CREATE INDEX bi_reports_order ON bi_reports (sort_order, lower(name));

-- The roles whose users see a report. A deleted role simply stops seeing it.
CREATE TABLE bi_report_roles (
  report_id uuid NOT NULL REFERENCES bi_reports (id) ON DELETE CASCADE,
  role_id uuid NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  PRIMARY KEY (report_id, role_id)
);
CREATE INDEX bi_report_roles_role ON bi_report_roles (role_id);
