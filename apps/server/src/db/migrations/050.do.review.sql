-- The review gate (issue 25): a job may wait for a person (NeedsReview) before its EDI is built,
-- delivered and charged; each tenant chooses when. A multi-page TIFF is one upload file but one
-- job_pages row per frame (`frame`), so every page is served. Interchanges record their B2A01
-- purpose: the first one sent is an original, a correction after delivery a change.
ALTER TABLE jobs DROP CONSTRAINT jobs_status_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_status_check CHECK (status IN ('InProgress', 'Completed', 'Failed', 'Cancelled', 'NeedsReview'));

ALTER TABLE user_settings ADD COLUMN review_policy text NOT NULL DEFAULT 'when-unsure'
  CHECK (review_policy IN ('always', 'when-unsure', 'never'));
ALTER TABLE user_settings ADD COLUMN review_threshold real NOT NULL DEFAULT 0.9
  CHECK (review_threshold >= 0 AND review_threshold <= 1);

ALTER TABLE job_pages ADD COLUMN frame integer NOT NULL DEFAULT 0;

ALTER TABLE edi_documents ADD COLUMN purpose text NOT NULL DEFAULT 'original' CHECK (purpose IN ('original', 'change'));

-- Webhooks hear about held documents too (job.needs_review): new ones subscribe to every job event,
-- and those still on the old default gain it.
ALTER TABLE webhooks ALTER COLUMN events SET DEFAULT 'job.completed,job.failed,job.needs_review';
UPDATE webhooks SET events = 'job.completed,job.failed,job.needs_review' WHERE events = 'job.completed,job.failed';
