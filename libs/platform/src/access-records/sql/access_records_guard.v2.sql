-- Access records are append-only (docs/decisions/operators-and-access-records.md). Since the chain moved to
-- access_record_seals (v2), a record is never changed, not even to seal it: every UPDATE and TRUNCATE is refused. A
-- DELETE only removes a sealed record older than the sweep's bound, which access_records_sweep_v2 sets for its own
-- transaction, and never one younger than 365 days.
CREATE FUNCTION access_records_guard_v2() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sweep_before text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'access_records is append-only: it may not be truncated' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'access_records is append-only: record % may not be changed', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  sweep_before := nullif(current_setting('access_records.sweep_before', true), '');
  IF sweep_before IS NOT NULL AND OLD.recorded_at < sweep_before::timestamptz AND OLD.recorded_at < now() - interval '365 days'
     AND EXISTS (SELECT 1 FROM access_record_seals s WHERE s.record_id = OLD.id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'access_records is append-only: record % may not be deleted (only by the retention sweep)', OLD.id
    USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER trg_access_records_guard BEFORE UPDATE OR DELETE ON access_records
  FOR EACH ROW EXECUTE FUNCTION access_records_guard_v2();

CREATE TRIGGER trg_access_records_no_truncate BEFORE TRUNCATE ON access_records
  FOR EACH STATEMENT EXECUTE FUNCTION access_records_guard_v2();
