-- The metering API's verdict for a reported hour (Accepted, Duplicate, or a final refusal such as Expired),
-- so a refused hour is settled instead of blocking the hours after it.
ALTER TABLE marketplace_usage ADD COLUMN report_status text;
