-- The retention sweep, the only deletion of access records: removes up to p_limit of the oldest
-- sealed records, in chain order, that were recorded before p_before (never within 365 days), and
-- always keeps the newest sealed record (the chain's head, which the sealer continues from). What it
-- removes is a prefix of the chain, so the rest still verifies from its first record. SECURITY
-- DEFINER: in production the service's role has no DELETE on access_records, only EXECUTE on this.
CREATE FUNCTION access_records_sweep_v1(p_before timestamptz, p_limit integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  bound timestamptz := least(p_before, now() - interval '365 days');
  keep_from bigint;
  first_kept bigint;
  removed integer;
BEGIN
  SELECT coalesce(
           (SELECT min(sequence) FROM access_records WHERE sequence IS NOT NULL AND recorded_at >= bound),
           (SELECT max(sequence) FROM access_records WHERE sequence IS NOT NULL))
    INTO keep_from;
  IF keep_from IS NULL THEN
    RETURN 0;
  END IF;
  SELECT min(sequence) INTO first_kept FROM access_records WHERE sequence IS NOT NULL;
  keep_from := least(keep_from, first_kept + greatest(p_limit, 0));
  PERFORM set_config('access_records.sweep_before', bound::text, true);
  DELETE FROM access_records WHERE sequence IS NOT NULL AND sequence < keep_from;
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('access_records.sweep_before', '', true);
  RETURN removed;
END
$$;
