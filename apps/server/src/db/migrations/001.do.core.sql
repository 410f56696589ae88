-- Tenants own everything; every tenant-scoped table carries tenant_id and every query filters on it.
CREATE TABLE tenants (
  id            uuid PRIMARY KEY,
  name          text NOT NULL,
  pricing_plan  text NOT NULL DEFAULT 'good-as-a-human' CHECK (pricing_plan IN ('good-as-a-human', 'better-than-a-human')),
  billing_mode  text NOT NULL DEFAULT 'credits' CHECK (billing_mode IN ('credits', 'marketplace')),
  initialized_at timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  deleted_at    timestamptz
);

CREATE TABLE users (
  id            uuid PRIMARY KEY,
  tenant_id     uuid NOT NULL REFERENCES tenants(id),
  email         text NOT NULL,
  name          text,
  role          text NOT NULL DEFAULT 'User' CHECK (role IN ('User', 'Admin')),
  password_hash text,
  external_subject text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz,
  deleted_at    timestamptz
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX users_external_subject_key ON users (external_subject) WHERE external_subject IS NOT NULL;

-- Every state change writes one row; admins read them through /api/admin/audit-logs.
CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  tenant_id   uuid,
  user_id     uuid,
  actor       text NOT NULL,
  action      text NOT NULL,
  target_type text,
  target_id   text,
  details     jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_tenant_idx ON audit_log (tenant_id, created_at DESC);
