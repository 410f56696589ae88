-- Every download from /outbound (the "SFTP download logs" of the Better than a Human plan).
CREATE TABLE sftp_download_log (
  id          bigserial PRIMARY KEY,
  tenant_id   uuid NOT NULL REFERENCES tenants(id),
  file_name   text NOT NULL,
  job_id      uuid,
  username    text NOT NULL,
  ip          text NOT NULL,
  bytes       integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sftp_download_log_tenant_idx ON sftp_download_log (tenant_id, created_at DESC);
