-- Access records are append-only (docs/decisions/operators-and-access-records.md). An UPDATE may only
-- seal an unsealed record (sequence, prev_hash and hash, from null to set, nothing else changed); a
-- DELETE only removes a sealed record older than the sweep's bound, which access_records_sweep_v1 sets
-- for its own transaction, and never one younger than 365 days; it refuses any TRUNCATE.
CREATE FUNCTION access_records_guard_v1() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sweep_before text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'access_records is append-only: it may not be truncated' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF OLD.sequence IS NULL AND OLD.prev_hash IS NULL AND OLD.hash IS NULL
       AND NEW.sequence IS NOT NULL AND NEW.prev_hash IS NOT NULL AND NEW.hash IS NOT NULL
       AND (to_jsonb(NEW) - 'sequence' - 'prev_hash' - 'hash') = (to_jsonb(OLD) - 'sequence' - 'prev_hash' - 'hash') THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'access_records is append-only: record % may not be changed (only sealed, once)', OLD.id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  sweep_before := nullif(current_setting('access_records.sweep_before', true), '');
  IF sweep_before IS NOT NULL AND OLD.sequence IS NOT NULL
     AND OLD.recorded_at < sweep_before::timestamptz AND OLD.recorded_at < now() - interval '365 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'access_records is append-only: record % may not be deleted (only by the retention sweep)', OLD.id
    USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER trg_access_records_guard BEFORE UPDATE OR DELETE ON access_records
  FOR EACH ROW EXECUTE FUNCTION access_records_guard_v1();

CREATE TRIGGER trg_access_records_no_truncate BEFORE TRUNCATE ON access_records
  FOR EACH STATEMENT EXECUTE FUNCTION access_records_guard_v1();
