-- The hash chain of the access records (access_record_seals) is append-only like the records: every UPDATE and
-- TRUNCATE is refused, and a seal may only be deleted by the retention sweep (access_records_sweep_v2, which sets
-- access_records.sweep_before for its transaction) once the record it seals is gone.
CREATE FUNCTION access_record_seals_guard_v1() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'access_record_seals is append-only: it may not be truncated' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'access_record_seals is append-only: seal % may not be changed', OLD.sequence USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF nullif(current_setting('access_records.sweep_before', true), '') IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM access_records r WHERE r.id = OLD.record_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'access_record_seals is append-only: seal % may not be deleted (only by the retention sweep, after its record)', OLD.sequence
    USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER trg_access_record_seals_guard BEFORE UPDATE OR DELETE ON access_record_seals
  FOR EACH ROW EXECUTE FUNCTION access_record_seals_guard_v1();

CREATE TRIGGER trg_access_record_seals_no_truncate BEFORE TRUNCATE ON access_record_seals
  FOR EACH STATEMENT EXECUTE FUNCTION access_record_seals_guard_v1();
