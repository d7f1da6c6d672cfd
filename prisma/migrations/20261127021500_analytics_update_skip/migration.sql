-- A redaction changes none of the columns the analytics roll-ups sum, yet the update trigger
-- (migration 20261126223735_privacy) paired every old row with its new one six times (two joins in
-- each of its three statements): about 70% of a purge's database time, 3.6 s of CPU per 20,000 rows
-- (docs/performance.md, "Privacy purge"). It now first asks whether any row changed a summed column,
-- with one set difference (a hash, whatever the planner guesses about the transition tables; a
-- semi-join was planned as a nested loop, 20,000 × 20,000), and returns at once when none did.
DO $$
DECLARE
  summed CONSTANT TEXT := '%1$s.workspace_id, %1$s.livemode, %1$s.created_at, %1$s.decision, %1$s.score, %1$s.courier, %1$s.outcome, %1$s.delivery_probability, %1$s.synthetic, %1$s.reason_codes, %1$s.pincode_code';
  changed TEXT;
BEGIN
  changed := '(' || format(summed, 'n') || ') IS DISTINCT FROM (' || format(summed, 'o') || ')';
  EXECUTE format('CREATE OR REPLACE FUNCTION analytics_roll_up_update() RETURNS TRIGGER LANGUAGE plpgsql AS %L',
    'BEGIN IF NOT EXISTS (SELECT n.id, ' || format(summed, 'n') || ' FROM new_rows n EXCEPT SELECT o.id, ' || format(summed, 'o') || ' FROM old_rows o) THEN RETURN NULL; END IF; ' ||
    array_to_string(analytics_roll_up_sql(
      'SELECT n.*, 1 AS sign FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE ' || changed ||
      ' UNION ALL SELECT o.*, -1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ' || changed), '; ') || '; RETURN NULL; END');
END
$$;
