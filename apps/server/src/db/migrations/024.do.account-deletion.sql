-- Account deletion hides a tenant at once (deleted_at); the purge worker finds the ones to remove after 90 days.
CREATE INDEX tenants_deleted_idx ON tenants (deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX users_tenant_idx ON users (tenant_id);
