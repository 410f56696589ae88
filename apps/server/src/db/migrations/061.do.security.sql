-- Security hardening (docs/security.md).

-- Token revocation: every access token carries the user's token version; bumping it (logout
-- everywhere, password change or reset, account deletion) refuses every older token at once.
-- tokens_revoked_at serves tokens we cannot stamp (an external OpenID provider's): issued before it = refused.
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN tokens_revoked_at timestamptz;

-- One signed-out token (logout revokes the session it was called with); kept until the token expires.
CREATE TABLE revoked_tokens (
  jti        text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_expires_idx ON revoked_tokens (expires_at);

-- Failed sign-ins per account (exponential back-off) and per address (a window), HTTP and SFTP alike,
-- in the database so every process and every restart sees the same lockouts.
CREATE TABLE login_throttle (
  key          text PRIMARY KEY,
  failures     integer NOT NULL,
  locked_until timestamptz,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX login_throttle_updated_idx ON login_throttle (updated_at);

-- The welcome credit is granted once per normalised e-mail address, ever: a SHA-256 of the address
-- (not the address itself, which the purge erases with the account).
CREATE TABLE welcome_grants (
  email_key  text PRIMARY KEY,
  tenant_id  uuid NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO welcome_grants (email_key, tenant_id, granted_at)
SELECT DISTINCT ON (k.email_key) k.email_key, k.tenant_id, k.created_at
FROM (
  SELECT encode(sha256(convert_to(
           CASE WHEN split_part(lower(trim(u.email)), '@', 2) IN ('gmail.com', 'googlemail.com')
                THEN replace(split_part(split_part(lower(trim(u.email)), '@', 1), '+', 1), '.', '') || '@gmail.com'
                ELSE split_part(split_part(lower(trim(u.email)), '@', 1), '+', 1) || '@' || split_part(lower(trim(u.email)), '@', 2) END,
         'UTF8')), 'hex') AS email_key, c.tenant_id, c.created_at
  FROM credit_transactions c JOIN users u ON u.tenant_id = c.tenant_id
  WHERE c.kind = 'welcome'
) k
ORDER BY k.email_key, k.created_at
ON CONFLICT (email_key) DO NOTHING;
