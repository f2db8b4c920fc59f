-- Uploaded files, kept in the database so that every instance serves them and backups include them.
CREATE TABLE uploaded_files (
  id uuid PRIMARY KEY,
  file_name text NOT NULL UNIQUE,
  original_name text NOT NULL,
  content_type text NOT NULL,
  kind text NOT NULL,
  size int NOT NULL CHECK (size > 0),
  sha256 text NOT NULL,
  content bytea NOT NULL,
  uploaded_by uuid NOT NULL REFERENCES users (id),
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  -- Set when a document takes the file; then its readers may see it and it can no longer be removed.
  attached_entity text,
  attached_id text
);
CREATE INDEX uploaded_files_uploaded_by ON uploaded_files (uploaded_by, uploaded_at DESC);
CREATE INDEX uploaded_files_attached ON uploaded_files (attached_entity, attached_id) WHERE attached_entity IS NOT NULL;
