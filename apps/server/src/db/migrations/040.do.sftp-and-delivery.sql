-- SFTP logins: one per tenant. No password until the user sets one (the account is inactive until
-- a password or a public key exists). Passwords are scrypt hashes, never stored in clear.
CREATE TABLE sftp_accounts (
  id              uuid PRIMARY KEY,
  tenant_id       uuid NOT NULL REFERENCES tenants(id),
  username        text NOT NULL,
  email           text NOT NULL DEFAULT '',
  password_hash   text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  password_set_at timestamptz,
  last_login_at   timestamptz
);
CREATE UNIQUE INDEX sftp_accounts_tenant_key ON sftp_accounts (tenant_id);
CREATE UNIQUE INDEX sftp_accounts_username_key ON sftp_accounts (username);

-- OpenSSH public keys allowed to log in as the tenant's SFTP user (key_data = base64 wire blob).
CREATE TABLE sftp_public_keys (
  id          uuid PRIMARY KEY,
  tenant_id   uuid NOT NULL REFERENCES tenants(id),
  account_id  uuid NOT NULL REFERENCES sftp_accounts(id) ON DELETE CASCADE,
  algo        text NOT NULL,
  key_data    text NOT NULL,
  comment     text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sftp_public_keys_key ON sftp_public_keys (account_id, key_data);

-- Files in the tenant's /outbound folder: one per generated EDI document, one status file per failed
-- job, one note per refused upload (no job). source_key makes delivery idempotent (a retried deliver-job writes nothing twice).
CREATE TABLE sftp_outbound_files (
  id            bigserial PRIMARY KEY,
  tenant_id     uuid NOT NULL REFERENCES tenants(id),
  job_id        uuid REFERENCES jobs(id) ON DELETE CASCADE,
  source_key    text NOT NULL,
  name          text NOT NULL,
  content       text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  downloaded_at timestamptz,
  removed_at    timestamptz
);
CREATE UNIQUE INDEX sftp_outbound_files_source_key ON sftp_outbound_files (job_id, source_key);
CREATE UNIQUE INDEX sftp_outbound_files_name_key ON sftp_outbound_files (tenant_id, name);

-- Webhook endpoints; the secret signs every payload (shown to the user once, kept to sign).
CREATE TABLE webhooks (
  id          uuid PRIMARY KEY,
  tenant_id   uuid NOT NULL REFERENCES tenants(id),
  url         text NOT NULL,
  secret      text NOT NULL,
  events      text NOT NULL DEFAULT 'job.completed,job.failed',
  created_by  uuid,
  created_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz
);
CREATE INDEX webhooks_tenant_idx ON webhooks (tenant_id) WHERE deleted_at IS NULL;

-- One row per (webhook, event occurrence); its id is the X-Ladingwise-Delivery header. The body is
-- fixed when the delivery is created, so every retry sends the same bytes.
CREATE TABLE webhook_deliveries (
  id                uuid PRIMARY KEY,
  tenant_id         uuid NOT NULL REFERENCES tenants(id),
  webhook_id        uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  job_id            uuid,
  event             text NOT NULL,
  dedupe_key        text NOT NULL,
  body              text NOT NULL,
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts          integer NOT NULL DEFAULT 0,
  last_status_code  integer,
  last_error        text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  last_attempt_at   timestamptz,
  delivered_at      timestamptz
);
CREATE UNIQUE INDEX webhook_deliveries_dedupe_key ON webhook_deliveries (webhook_id, dedupe_key);
CREATE INDEX webhook_deliveries_tenant_idx ON webhook_deliveries (tenant_id, created_at DESC);

-- Every attempt, for the deliveries API: HTTP status or the network error, and how long it took.
CREATE TABLE webhook_delivery_attempts (
  delivery_id  uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  tenant_id    uuid NOT NULL REFERENCES tenants(id),
  attempt      integer NOT NULL,
  status_code  integer,
  error        text,
  duration_ms  integer NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (delivery_id, attempt)
);
