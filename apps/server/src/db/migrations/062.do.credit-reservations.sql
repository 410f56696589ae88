-- Credits held for accepted documents (billing/credit-reservations.ts): reserved when a document is
-- accepted, settled into its charge when it completes, released when it fails or is cancelled.
-- credit_accounts.reserved is the sum of the tenant's rows here; balance - reserved is what new
-- uploads may still promise.
ALTER TABLE credit_accounts ADD COLUMN reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0);
CREATE TABLE credit_reservations (
  job_id     uuid PRIMARY KEY,
  tenant_id  uuid NOT NULL REFERENCES tenants(id),
  credits    integer NOT NULL CHECK (credits > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_reservations_tenant_idx ON credit_reservations (tenant_id);
