-- Bundling tasks: assemble N bundles (products of kind BUNDLE) from their components in one warehouse,
-- assigned to a warehouse user (My Tasks). Completing all or part of a task posts, through the stock posting
-- service, one BUNDLE_CONSUME row per component and one BUNDLE_PRODUCE row for the bundles, valued at what
-- the components cost (FIFO).

CREATE TABLE bundle_tasks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the document number format of kind bundleTask (BT-{YYYY}-{SEQ:5} by default).
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 60),
  bundle_product_id uuid NOT NULL REFERENCES products (id),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  completed_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (completed_quantity >= 0),
  -- Where the components are taken from (null: the bins in picking order) and where the bundles go
  -- (null: the warehouse's default receiving bin). Bins of the task's own warehouse only.
  source_location_id uuid,
  target_location_id uuid,
  assignee_user_id uuid REFERENCES users (id),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'IN_PROGRESS', 'COMPLETED', 'CANCELED')),
  due_date date,
  notes text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 1000),
  created_by uuid REFERENCES users (id),
  started_at timestamptz,
  started_by uuid REFERENCES users (id),
  completed_at timestamptz,
  completed_by uuid REFERENCES users (id),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  cancel_reason text NOT NULL DEFAULT '' CHECK (char_length(cancel_reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (completed_quantity <= quantity),
  -- A completed task made everything it asked for; only a completed task has a completion instant.
  CHECK ((status = 'COMPLETED') = (completed_at IS NOT NULL)),
  CHECK (status <> 'COMPLETED' OR completed_quantity = quantity),
  CHECK ((status = 'CANCELED') = (canceled_at IS NOT NULL)),
  FOREIGN KEY (warehouse_id, source_location_id) REFERENCES warehouse_locations (warehouse_id, id),
  FOREIGN KEY (warehouse_id, target_location_id) REFERENCES warehouse_locations (warehouse_id, id)
);
CREATE UNIQUE INDEX bundle_tasks_number_key ON bundle_tasks (number);
CREATE INDEX bundle_tasks_created_at ON bundle_tasks (created_at, id);
CREATE INDEX bundle_tasks_status_due ON bundle_tasks (status, due_date);
-- My Tasks: the open tasks of one user, by due date.
CREATE INDEX bundle_tasks_assignee ON bundle_tasks (assignee_user_id, status, due_date) WHERE assignee_user_id IS NOT NULL;
CREATE INDEX bundle_tasks_warehouse ON bundle_tasks (warehouse_id, status);
CREATE INDEX bundle_tasks_product ON bundle_tasks (bundle_product_id);
CREATE INDEX bundle_tasks_source_location ON bundle_tasks (source_location_id) WHERE source_location_id IS NOT NULL;
CREATE INDEX bundle_tasks_target_location ON bundle_tasks (target_location_id) WHERE target_location_id IS NOT NULL;

-- The bundle's recipe as it was when the task was created: a later change of the product's components does not
-- change what a task already handed out consumes.
CREATE TABLE bundle_task_components (
  task_id uuid NOT NULL REFERENCES bundle_tasks (id) ON DELETE CASCADE,
  component_id uuid NOT NULL REFERENCES products (id),
  position int NOT NULL CHECK (position >= 0),
  -- Per bundle.
  quantity numeric(16, 4) NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (task_id, component_id)
);
CREATE INDEX bundle_task_components_component ON bundle_task_components (component_id);

-- Each completion (all or part of what was left) is one posting. Its ledger rows carry source_type
-- 'bundle_task' and source_id '<task id>:<seq>': the posting service values a BUNDLE_PRODUCE row at the
-- BUNDLE_CONSUME rows of the same source, so every posting needs a source of its own.
CREATE TABLE bundle_task_completions (
  task_id uuid NOT NULL REFERENCES bundle_tasks (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 1),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  -- What the bundles were received at when posted (the ledger keeps any later revaluation).
  value numeric(28, 8) NOT NULL,
  posted_at timestamptz NOT NULL,
  user_id uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (task_id, seq)
);
