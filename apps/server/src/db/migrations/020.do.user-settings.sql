-- Per-tenant EDI settings; absent row means the defaults (both document types on, X12 5010, no timezone).
CREATE TABLE user_settings (
  tenant_id   uuid PRIMARY KEY REFERENCES tenants(id),
  edi204      boolean NOT NULL DEFAULT true,
  edi211      boolean NOT NULL DEFAULT true,
  x12_version text NOT NULL DEFAULT '5010' CHECK (x12_version IN ('4010', '5010', '7010')),
  timezone    text,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
