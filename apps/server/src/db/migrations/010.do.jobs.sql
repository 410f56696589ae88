-- Processing jobs: one upload (one or more page images) = one job = one bill of lading.
-- status: InProgress (queued or processing; `stage` tells which), Completed, Failed, Cancelled.
-- Rows are soft-deleted (deleted_at) and purged with their storage prefix 90 days later.
CREATE TABLE jobs (
  id                 uuid PRIMARY KEY,
  tenant_id          uuid NOT NULL REFERENCES tenants(id),
  status             text NOT NULL DEFAULT 'InProgress' CHECK (status IN ('InProgress', 'Completed', 'Failed', 'Cancelled')),
  stage              text NOT NULL DEFAULT 'queued' CHECK (stage IN ('queued', 'processing', 'done')),
  file_name          text NOT NULL,
  sender_id          text NOT NULL,
  receiver_id        text NOT NULL,
  source             text NOT NULL CHECK (source IN ('web', 'api', 'sftp')),
  created_by         uuid,
  api_key_id         uuid,
  queue_job_id       text,
  attempts           integer NOT NULL DEFAULT 0,
  error_code         text,
  error_message      text,
  -- Primary EDI type shown as EDIContent (204 when both are generated); null when none was generated.
  processing_type    text CHECK (processing_type IN ('204', '211')),
  -- Denormalised from the latest extracted-data version, for the list's search.
  shipper_name       text,
  bol_number         text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  started_at         timestamptz,
  completed_at       timestamptz,
  deleted_at         timestamptz
);
CREATE INDEX jobs_tenant_created_idx ON jobs (tenant_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX jobs_deleted_idx ON jobs (deleted_at) WHERE deleted_at IS NOT NULL;

-- One row per uploaded image, in upload order; `page` is the index in /api/image/{jobId}/{page}.
CREATE TABLE job_pages (
  job_id         uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  tenant_id      uuid NOT NULL REFERENCES tenants(id),
  page           integer NOT NULL,
  file_name      text NOT NULL,
  image_type     text NOT NULL CHECK (image_type IN ('jpeg', 'png', 'bmp', 'tiff', 'webp')),
  byte_size      integer NOT NULL,
  storage_key    text NOT NULL,
  PRIMARY KEY (job_id, page)
);

-- Every extraction result and every correction is kept: version 1, 2, ... per job; the highest is current.
CREATE TABLE extracted_data_versions (
  job_id      uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  tenant_id   uuid NOT NULL REFERENCES tenants(id),
  version     integer NOT NULL,
  source      text NOT NULL CHECK (source IN ('extraction', 'correction')),
  data        jsonb NOT NULL,
  created_by  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job_id, version)
);

-- Every generated interchange; the newest row per (job, doc_type) is current. Content is also in storage.
CREATE TABLE edi_documents (
  id                  bigserial PRIMARY KEY,
  job_id              uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  tenant_id           uuid NOT NULL REFERENCES tenants(id),
  doc_type            text NOT NULL CHECK (doc_type IN ('204', '211')),
  x12_version         text NOT NULL CHECK (x12_version IN ('4010', '5010', '7010')),
  sender_id           text NOT NULL,
  receiver_id         text NOT NULL,
  isa_control_number  integer NOT NULL,
  data_version        integer NOT NULL,
  storage_key         text NOT NULL,
  content             text NOT NULL,
  check_ok            boolean NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX edi_documents_job_idx ON edi_documents (job_id, doc_type, id DESC);
CREATE UNIQUE INDEX edi_documents_isa_key ON edi_documents (tenant_id, sender_id, isa_control_number);

-- ISA13 counters per (tenant, sender ID): 9 digits, unique and increasing, taken with one atomic upsert.
CREATE TABLE isa_counters (
  tenant_id   uuid NOT NULL REFERENCES tenants(id),
  sender_id   text NOT NULL,
  last_value  integer NOT NULL,
  PRIMARY KEY (tenant_id, sender_id)
);
