-- "Forgot password" on the embedded sign-in: one-time links e-mailed to a user. Only the SHA-256 of a link's
-- key is kept, so the table gives nobody a working link; a link expires after an hour and works once.

CREATE TABLE password_reset_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- hex SHA-256 of the key in the link
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);
CREATE INDEX password_reset_tokens_expires ON password_reset_tokens (expires_at);
