-- Cloud-marketplace (Azure SaaS) subscriptions. A row is created when a landing token is resolved
-- (resolved_by_tenant proves who holds the token) and bound to a tenant when linked (activated).
CREATE TABLE marketplace_subscriptions (
  id                 text PRIMARY KEY,
  tenant_id          uuid REFERENCES tenants(id),
  resolved_by_tenant uuid,
  name               text NOT NULL DEFAULT '',
  offer_id           text NOT NULL DEFAULT '',
  plan_id            text NOT NULL DEFAULT '',
  quantity           integer,
  status             text NOT NULL DEFAULT 'PendingFulfillmentStart'
                     CHECK (status IN ('PendingFulfillmentStart', 'Subscribed', 'Suspended', 'Unsubscribed')),
  purchaser_email    text,
  beneficiary_email  text,
  resolved_at        timestamptz,
  activated_at       timestamptz,
  updated_at         timestamptz NOT NULL DEFAULT now()
);
-- One live subscription per tenant.
CREATE UNIQUE INDEX marketplace_subscriptions_tenant_live ON marketplace_subscriptions (tenant_id)
  WHERE tenant_id IS NOT NULL AND status <> 'Unsubscribed';

-- One usage unit per completed document, reported to the metering API in hourly batches.
CREATE TABLE marketplace_usage (
  job_id           uuid PRIMARY KEY,
  tenant_id        uuid NOT NULL REFERENCES tenants(id),
  subscription_id  text NOT NULL,
  plan_id          text NOT NULL,
  completed_at     timestamptz NOT NULL DEFAULT now(),
  reported_at      timestamptz,
  usage_event_id   text
);
CREATE INDEX marketplace_usage_unreported_idx ON marketplace_usage (subscription_id, completed_at) WHERE reported_at IS NULL;

-- Webhook operations already applied (Azure may deliver one more than once).
CREATE TABLE marketplace_operations (
  id               text PRIMARY KEY,
  subscription_id  text NOT NULL,
  action           text NOT NULL,
  tenant_id        uuid REFERENCES tenants(id),
  received_at      timestamptz NOT NULL DEFAULT now()
);
