-- Platform: users, roles, permissions, the system log and idempotency records.
CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE permissions (
  name text PRIMARY KEY,
  area text NOT NULL,
  sort_order int NOT NULL
);

CREATE TABLE roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_system boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roles_name_key ON roles (lower(name));

CREATE TABLE role_permissions (
  role_id uuid NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  permission text NOT NULL REFERENCES permissions (name) ON DELETE CASCADE,
  PRIMARY KEY (role_id, permission)
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL,
  name text NOT NULL DEFAULT '',
  email text NOT NULL,
  email_verified boolean NOT NULL DEFAULT true,
  password_hash text,
  external_subject text,
  is_active boolean NOT NULL DEFAULT true,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_external_subject_key ON users (external_subject) WHERE external_subject IS NOT NULL;
CREATE INDEX users_name_trgm ON users (lower(name));

CREATE TABLE user_roles (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id uuid NOT NULL REFERENCES roles (id),
  PRIMARY KEY (user_id, role_id)
);
CREATE INDEX user_roles_role_id ON user_roles (role_id);

-- Every mutation writes one row here in the same transaction (who, when, what, before/after).
CREATE TABLE system_logs (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id uuid REFERENCES users (id),
  username text,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  before jsonb,
  after jsonb,
  request_id text
);
CREATE INDEX system_logs_at ON system_logs (at DESC, id DESC);
CREATE INDEX system_logs_user_at ON system_logs (user_id, at DESC);
CREATE INDEX system_logs_entity_at ON system_logs (entity, at DESC);
CREATE INDEX system_logs_action_at ON system_logs (action, at DESC);

-- A create sent twice with the same Idempotency-Key answers the first result again.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL,
  key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  request_hash text NOT NULL,
  status_code int NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);

-- Secrets the server generates once and keeps (signing keys, cookie keys).
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
