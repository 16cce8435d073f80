-- The operators' account history is append-only (docs/decisions/operators-and-access-records.md): every
-- grant, role change and removal of access is kept at least three years (the safeguards notice, art. 5③).
-- No row may be changed; none younger than 1095 days may be deleted; the table may not be truncated.
CREATE FUNCTION operator_account_history_guard_v1() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.at < now() - interval '1095 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'operator_account_history is append-only: % refused (kept three years)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER trg_operator_account_history_guard BEFORE UPDATE OR DELETE ON operator_account_history
  FOR EACH ROW EXECUTE FUNCTION operator_account_history_guard_v1();

CREATE TRIGGER trg_operator_account_history_no_truncate BEFORE TRUNCATE ON operator_account_history
  FOR EACH STATEMENT EXECUTE FUNCTION operator_account_history_guard_v1();
