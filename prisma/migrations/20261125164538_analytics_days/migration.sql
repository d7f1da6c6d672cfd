-- CreateTable
CREATE TABLE "analytics_days" (
    "workspace_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "decision" "Decision" NOT NULL,
    "band" INTEGER NOT NULL,
    "courier" TEXT NOT NULL,
    "verifications" INTEGER NOT NULL,
    "outcomes" INTEGER NOT NULL,
    "delivered" INTEGER NOT NULL,
    "returned" INTEGER NOT NULL,
    "lost" INTEGER NOT NULL,
    "judged" INTEGER NOT NULL,
    "psum" DOUBLE PRECISION NOT NULL,
    "sqsum" DOUBLE PRECISION NOT NULL,
    "synthetic" INTEGER NOT NULL,

    CONSTRAINT "analytics_days_pkey" PRIMARY KEY ("workspace_id","day","decision","band","courier")
);

-- CreateTable
CREATE TABLE "analytics_reason_days" (
    "workspace_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "code" TEXT NOT NULL,
    "verifications" INTEGER NOT NULL,
    "delivered" INTEGER NOT NULL,
    "returned" INTEGER NOT NULL,
    "lost" INTEGER NOT NULL,

    CONSTRAINT "analytics_reason_days_pkey" PRIMARY KEY ("workspace_id","day","code")
);

-- CreateTable
CREATE TABLE "analytics_pincode_days" (
    "workspace_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "pincode" TEXT NOT NULL,
    "verifications" INTEGER NOT NULL,
    "delivered" INTEGER NOT NULL,
    "returned" INTEGER NOT NULL,
    "lost" INTEGER NOT NULL,

    CONSTRAINT "analytics_pincode_days_pkey" PRIMARY KEY ("workspace_id","day","pincode")
);

-- AddForeignKey
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "analytics_reason_days" ADD CONSTRAINT "analytics_reason_days_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "analytics_pincode_days" ADD CONSTRAINT "analytics_pincode_days_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The three roll-ups are kept by statement triggers on verifications (docs/decision-policy.md,
-- "Analytics"): each statement's live rows are summed once, counted in (+1) and, for an update, out
-- (-1) as they were before, and added to the day's rows in the same transaction. The upserts go in key
-- order, so concurrent statements lock the rows they share in one order. Verifications are deleted only
-- with their workspace, whose roll-up rows go with it: there is no delete trigger.
-- analytics_roll_up_sql(source) is the one definition of the sums: the triggers and the backfill run its
-- statements over their own source (rows of verifications with a sign column).
CREATE FUNCTION analytics_roll_up_sql(source TEXT) RETURNS TEXT[] LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
  counts CONSTANT TEXT := $c$sum(sign)::int, sum(sign * (outcome IS NOT DISTINCT FROM 'delivered')::int)::int,
    sum(sign * COALESCE(outcome IN ('rto', 'customer_refused', 'address_issue'), false)::int)::int, sum(sign * (outcome IS NOT DISTINCT FROM 'lost')::int)::int$c$;
  add_counts CONSTANT TEXT := $c$verifications = a.verifications + EXCLUDED.verifications, delivered = a.delivered + EXCLUDED.delivered,
    returned = a.returned + EXCLUDED.returned, lost = a.lost + EXCLUDED.lost$c$;
BEGIN
  RETURN ARRAY[
    format($q$WITH d AS (%1$s)
      INSERT INTO analytics_days AS a (workspace_id, day, decision, band, courier, verifications, delivered, returned, lost, outcomes, judged, psum, sqsum, synthetic)
      SELECT workspace_id, (created_at AT TIME ZONE 'UTC')::date, decision, LEAST(score / 10, 9), COALESCE(courier, ''), %2$s,
        sum(sign * (outcome IS NOT NULL)::int)::int, sum(sign * COALESCE(outcome <> 'cancelled', false)::int)::int,
        COALESCE(sum(sign * delivery_probability) FILTER (WHERE outcome <> 'cancelled'), 0),
        COALESCE(sum(sign * (delivery_probability - (outcome = 'delivered')::int) ^ 2) FILTER (WHERE outcome <> 'cancelled'), 0),
        sum(sign * synthetic::int)::int
      FROM d WHERE livemode GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (workspace_id, day, decision, band, courier) DO UPDATE SET %3$s, outcomes = a.outcomes + EXCLUDED.outcomes,
        judged = a.judged + EXCLUDED.judged, psum = a.psum + EXCLUDED.psum, sqsum = a.sqsum + EXCLUDED.sqsum, synthetic = a.synthetic + EXCLUDED.synthetic$q$,
      source, counts, add_counts),
    format($q$WITH d AS (%1$s)
      INSERT INTO analytics_reason_days AS a (workspace_id, day, code, verifications, delivered, returned, lost)
      SELECT workspace_id, (created_at AT TIME ZONE 'UTC')::date, code, %2$s
      FROM d, unnest(d.reason_codes) AS code WHERE livemode GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (workspace_id, day, code) DO UPDATE SET %3$s$q$,
      source, counts, add_counts),
    format($q$WITH d AS (%1$s)
      INSERT INTO analytics_pincode_days AS a (workspace_id, day, pincode, verifications, delivered, returned, lost)
      SELECT workspace_id, (created_at AT TIME ZONE 'UTC')::date, pincode_code, %2$s
      FROM d WHERE livemode AND pincode_code IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (workspace_id, day, pincode) DO UPDATE SET %3$s$q$,
      source, counts, add_counts)
  ];
END
$fn$;

-- The trigger functions are written out from those statements with static SQL, whose plans PL/pgSQL
-- keeps: run as dynamic SQL, planning them again on every statement cost about 0.5 ms a single-row
-- insert, against 0.1 ms.
DO $$
DECLARE
  source TEXT;
BEGIN
  FOREACH source IN ARRAY ARRAY['insert', 'update'] LOOP
    EXECUTE format('CREATE FUNCTION %I() RETURNS TRIGGER LANGUAGE plpgsql AS %L', 'analytics_roll_up_' || source,
      'BEGIN ' || array_to_string(analytics_roll_up_sql(CASE source
        WHEN 'insert' THEN 'SELECT *, 1 AS sign FROM new_rows'
        ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 FROM old_rows' END), '; ') || '; RETURN NULL; END');
  END LOOP;
END
$$;

CREATE TRIGGER analytics_roll_up_insert AFTER INSERT ON verifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_roll_up_insert();
CREATE TRIGGER analytics_roll_up_update AFTER UPDATE ON verifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_roll_up_update();

-- Backfill: the verifications made before this migration.
DO $$
DECLARE
  statement TEXT;
BEGIN
  FOREACH statement IN ARRAY analytics_roll_up_sql('SELECT *, 1 AS sign FROM verifications') LOOP
    EXECUTE statement;
  END LOOP;
END
$$;
