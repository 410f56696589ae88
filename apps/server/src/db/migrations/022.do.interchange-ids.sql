-- Saved sender/receiver interchange IDs (ISA06/ISA08), per tenant; kind = 'sender' | 'receiver'.
CREATE TABLE saved_interchange_ids (
  id             uuid PRIMARY KEY,
  tenant_id      uuid NOT NULL REFERENCES tenants(id),
  kind           text NOT NULL CHECK (kind IN ('sender', 'receiver')),
  label          text NOT NULL,
  interchange_id text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_interchange_ids_key ON saved_interchange_ids (tenant_id, kind, interchange_id);
