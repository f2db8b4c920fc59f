-- Drafts (issue 17): a long form saved on the server as it stands, its owner's alone. The payload is the form's
-- own JSON; its size is kept so the list shows it without reading the payload.
CREATE TABLE drafts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  -- The form's route in the web app, where the draft is resumed.
  route text NOT NULL,
  title text NOT NULL,
  summary jsonb NOT NULL DEFAULT '{}'::jsonb,
  payload jsonb NOT NULL,
  payload_bytes integer NOT NULL,
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  saved_at timestamptz NOT NULL DEFAULT now(),
  CHECK (jsonb_typeof(payload) = 'object'),
  CHECK (jsonb_typeof(summary) = 'object')
);
-- A user's list, newest save first (by kind too), and what the daily purge deletes.
CREATE INDEX drafts_owner_saved ON drafts (owner_id, saved_at DESC, id DESC);
CREATE INDEX drafts_owner_kind_saved ON drafts (owner_id, kind, saved_at DESC, id DESC);
CREATE INDEX drafts_saved ON drafts (saved_at);
