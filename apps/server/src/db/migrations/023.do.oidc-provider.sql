-- The bundled OpenID Connect provider's state (sessions, grants, codes, refresh tokens, interactions),
-- one row per (model, id), so it survives restarts and is shared by every `serve` process.
CREATE TABLE oidc_payloads (
  model       text NOT NULL,
  id          text NOT NULL,
  payload     jsonb NOT NULL,
  grant_id    text,
  user_code   text,
  uid         text,
  expires_at  timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_payloads_grant_idx ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_payloads_uid_idx ON oidc_payloads (uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_payloads_expires_idx ON oidc_payloads (expires_at) WHERE expires_at IS NOT NULL;

-- The provider's signing key (private JWK). One row: the first process to start creates it.
CREATE TABLE oidc_signing_keys (
  id          integer PRIMARY KEY CHECK (id = 1),
  jwk         jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
