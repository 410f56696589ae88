-- API keys: only a SHA-256 of the key is stored (keys carry ~190 bits of randomness, so a slow hash adds nothing).
CREATE TABLE api_keys (
  id           uuid PRIMARY KEY,
  tenant_id    uuid NOT NULL REFERENCES tenants(id),
  created_by   uuid,
  name         text NOT NULL,
  description  text,
  prefix       text NOT NULL,
  key_hash     text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at   timestamptz
);
CREATE INDEX api_keys_tenant_idx ON api_keys (tenant_id);
