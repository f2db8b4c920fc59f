-- The embedded OpenID Connect provider's state (sessions, interactions, grants, codes, tokens).
-- One row per oidc-provider model instance; `type` is the model name (Session, Grant, RefreshToken, ...).
CREATE TABLE oidc_payloads (
  id text NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (id, type)
);
CREATE INDEX oidc_payloads_grant_id ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_payloads_uid ON oidc_payloads (uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_payloads_user_code ON oidc_payloads (user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_payloads_expires_at ON oidc_payloads (expires_at) WHERE expires_at IS NOT NULL;
