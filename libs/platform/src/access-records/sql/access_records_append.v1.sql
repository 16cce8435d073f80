-- The one way records enter access_records: AccessRecordWriter's grouped INSERTs, and a feature that appends its
-- call's record in the call's own transaction (lead-distribution's register_leads_v5). p_records is a JSON array of
-- {recorded_at, actor_kind, actor_id, address, action, operation, subjects, reason, request_id} (accessRecordValues in
-- access-record.writer.ts); null or [] appends nothing. Answers how many it appended.
-- Each append holds the append lock, shared, until its transaction ends. AccessRecordSealer takes it exclusively for a
-- moment (its barrier): once it has it, every record whose id is at most the largest it then sees has committed or
-- rolled back, so the sealer chains records in id order without ever passing over one that commits late.
CREATE FUNCTION append_access_records_v1(p_records jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  appended integer;
BEGIN
  IF p_records IS NULL OR jsonb_typeof(p_records) <> 'array' OR jsonb_array_length(p_records) = 0 THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('access_records:append', 0));
  INSERT INTO access_records (recorded_at, actor_kind, actor_id, address, action, operation, subjects, reason, request_id)
  SELECT r.recorded_at, r.actor_kind, r.actor_id, r.address, r.action, r.operation, coalesce(r.subjects, '[]'::jsonb), r.reason,
         r.request_id
    FROM jsonb_to_recordset(p_records) AS r(recorded_at timestamptz, actor_kind text, actor_id text, address text, action text,
                                             operation text, subjects jsonb, reason text, request_id text);
  GET DIAGNOSTICS appended = ROW_COUNT;
  RETURN appended;
END
$$;
