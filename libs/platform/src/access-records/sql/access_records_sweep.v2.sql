-- The retention sweep, the only deletion of access records (v2: the chain is in access_record_seals): removes up to
-- p_limit of the oldest sealed records, in chain order, up to the first one recorded on or after p_before (never
-- within 365 days), with their seals, and always keeps the newest seal (the chain's head, which the sealer continues
-- from). What it removes is a prefix of the chain, so the rest still verifies from its first seal. SECURITY DEFINER:
-- in production the service's role has no DELETE on either table, only EXECUTE on this.
CREATE FUNCTION access_records_sweep_v2(p_before timestamptz, p_limit integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  bound timestamptz := least(p_before, now() - interval '365 days');
  keep_from bigint;
  first_kept bigint;
  removed integer;
BEGIN
  SELECT min(sequence), max(sequence) INTO first_kept, keep_from FROM access_record_seals;
  IF first_kept IS NULL THEN
    RETURN 0;
  END IF;
  -- The first seal, in chain order, of a record young enough to keep (the walk stops there: only the old prefix is read).
  keep_from := coalesce(
    (SELECT s.sequence FROM access_record_seals s JOIN access_records r ON r.id = s.record_id
      WHERE r.recorded_at >= bound ORDER BY s.sequence LIMIT 1),
    keep_from);
  keep_from := least(keep_from, first_kept + greatest(p_limit, 0));
  PERFORM set_config('access_records.sweep_before', bound::text, true);
  DELETE FROM access_records r USING access_record_seals s WHERE s.record_id = r.id AND s.sequence < keep_from;
  GET DIAGNOSTICS removed = ROW_COUNT;
  DELETE FROM access_record_seals WHERE sequence < keep_from;
  PERFORM set_config('access_records.sweep_before', '', true);
  RETURN removed;
END
$$;
