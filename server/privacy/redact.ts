import { confirmedEventIdSql } from "../confirmations/event-id";
import { Prisma } from "../generated/prisma/client";
import { REASONS } from "../verification/reasons";

/**
 * The redaction statement (docs/privacy.md): given a query of the verifications to redact (locked,
 * with their places on disk), one SQL statement redacts them and everything that repeats their personal data,
 * one data-modifying CTE per kind of record, never a row at a time:
 * - verifications: address text, normalized form and history key become "[redacted]", order id and
 *   the components finer than the pincode null, a located point null unless it is the pincode
 *   area's centre; decision, score, reasons, pincode, state, outcome and dates stay;
 * - the confirmations made from them or that made them: the device point null, a pending link expired;
 * - batch rows of them (and, for an erasure by order id, the rows of that order that made none);
 * - webhook deliveries carrying them (the `address.confirmed` events of those confirmations): the body
 *   rewritten with the same redaction;
 *   test-mode events of the console's test event list carrying them are deleted (counted with the deliveries);
 * - delivery history: outcomes keyed by their addresses no longer match a later verification's key
 *   (their kind, courier and dates stay, so the figures are unchanged).
 * The analytics roll-up triggers see an update that changes none of the columns they sum, so the
 * roll-ups' figures do not move (each row is counted out and in again).
 */

export const REDACTED = "[redacted]";

/** The components finer than the pincode: the buyer's own place. */
const PERSONAL_COMPONENTS = ["house", "building", "street", "locality", "landmark", "city"] as const;
const NULL_COMPONENTS = JSON.stringify(Object.fromEntries(PERSONAL_COMPONENTS.map((k) => [k, null])));
/** The one reason whose message quotes the address (the city it names): it gets the catalogue's words. */
const CITY_REASON = "pincode_city_mismatch";

export interface RedactionCounts {
  verifications: number;
  confirmations: number;
  batch_rows: number;
  webhook_deliveries: number;
}

export interface RedactionScope {
  workspaceId: string;
  /** Selects `ctid, id, address_key, outcome, created_at` of the verifications to redact: rows not yet redacted, locked (`FOR UPDATE`) so their places hold. */
  targets: Prisma.Sql;
  /** An erasure forgets every outcome recorded at the erased addresses; the purge only the outcomes of the purged verifications. */
  forgetAddresses: boolean;
  /** An erasure by order id: that order's batch rows that made no verification are redacted too. */
  orderId?: string | null;
  at: Date;
}

/** Reasons (a JSON array) with the city-quoting message replaced by the catalogue's. */
function redactedReasons(reasons: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`COALESCE((SELECT jsonb_agg(CASE WHEN r ->> 'code' = ${CITY_REASON}
      THEN jsonb_build_object('code', ${CITY_REASON}::text, 'message', ${REASONS[CITY_REASON]}::text) ELSE r END ORDER BY n)
    FROM jsonb_array_elements(${reasons}) WITH ORDINALITY AS e(r, n)), '[]'::jsonb)`;
}

/** The redacted form of a verification as the API shows it (a webhook body's `data.verification`). */
function redactedVerificationJson(v: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(${v} || jsonb_build_object('order_id', NULL, 'normalized', ${REDACTED}::text,
      'components', COALESCE(${v} -> 'components', '{}'::jsonb) || ${NULL_COMPONENTS}::jsonb,
      'location', CASE WHEN ${v} #>> '{location,precision}' = 'pincode' THEN ${v} -> 'location' END, 'digipin', NULL,
      'suggested_pincodes', '[]'::jsonb, 'reasons', ${redactedReasons(Prisma.sql`${v} -> 'reasons'`)}))`;
}

export function redactionStatement(s: RedactionScope): Prisma.Sql {
  const orderRows = s.orderId ? Prisma.sql`OR (r.order_id = ${s.orderId} AND r.batch_id IN (SELECT id FROM batches WHERE workspace_id = ${s.workspaceId}))` : Prisma.empty;
  const forget = s.forgetAddresses
    ? Prisma.sql`o.workspace_id = ${s.workspaceId} AND o.address_key IN (SELECT address_key FROM t)` // Only a verification with an outcome (its copy on the row) has one to forget.
    : Prisma.sql`o.verification_id IN (SELECT id FROM t WHERE outcome IS NOT NULL)`;
  const body = Prisma.sql`(d.payload #>> '{}')::jsonb`;
  return Prisma.sql`
    WITH direct AS (${s.targets}),
    -- A confirmation's new verification repeats what the buyer typed: it goes with the one it corrected.
    corrected AS (
      SELECT v.ctid, v.id, v.address_key, v.outcome, v.created_at FROM confirmations c JOIN verifications v ON v.id = c.new_verification_id
        WHERE c.verification_id IN (SELECT id FROM direct) AND v.redacted_at IS NULL FOR UPDATE OF v),
    t AS (SELECT * FROM direct UNION SELECT * FROM corrected),
    ver AS (
      UPDATE verifications v SET input_address = ${REDACTED}, normalized = ${REDACTED}, address_key = ${REDACTED}, order_id = NULL,
        components = v.components || ${NULL_COMPONENTS}::jsonb,
        location = CASE WHEN v.location ->> 'precision' = 'pincode' THEN v.location END, digipin = NULL,
        reasons = CASE WHEN ${CITY_REASON} = ANY(v.reason_codes) THEN ${redactedReasons(Prisma.sql`v.reasons`)} ELSE v.reasons END,
        redacted_at = ${s.at}
      -- By the rows' places (locked, so they stay put): a join on id was planned as a hash join over the whole table.
      WHERE v.ctid = ANY (ARRAY(SELECT ctid FROM t)) RETURNING v.id),
    cnf AS (
      UPDATE confirmations c SET device_location = NULL, redacted_at = ${s.at},
        status = CASE WHEN c.status = 'pending' THEN 'expired'::"ConfirmationStatus" ELSE c.status END
      -- As arrays, both sides are index probes (a bitmap OR); as IN (SELECT …) the OR read every confirmation of the workspace.
      WHERE c.workspace_id = ${s.workspaceId} AND (c.verification_id = ANY (ARRAY(SELECT id FROM t)) OR c.new_verification_id = ANY (ARRAY(SELECT id FROM t)))
      RETURNING c.id),
    rws AS (
      UPDATE batch_rows r SET address = CASE WHEN r.address IS NULL THEN NULL ELSE ${REDACTED} END, order_id = NULL
      WHERE r.verification_id IN (SELECT id FROM t) ${orderRows}
      RETURNING r.id),
    hook AS (
      UPDATE webhook_deliveries d SET payload = to_jsonb((${body} || jsonb_build_object('data', (${body} -> 'data') || jsonb_build_object(
          'verification', ${redactedVerificationJson(Prisma.sql`(${body} #> '{data,verification}')`)},
          'confirmation', (${body} #> '{data,confirmation}') || CASE WHEN ${body} #> '{data,confirmation}' ? 'device_location' THEN '{"device_location": null}'::jsonb ELSE '{}'::jsonb END)))::text)
      -- The events of the confirmations above, found by their ids (an index probe each), not by reading every body.
      WHERE d.endpoint_id IN (SELECT id FROM webhook_endpoints WHERE workspace_id = ${s.workspaceId})
        AND d.event_id IN (SELECT ${confirmedEventIdSql(Prisma.sql`c.id`)} FROM cnf c)
      RETURNING d.id),
    -- Test-mode confirmations' events (the console's test event list) carry the typed address: they go.
    tev AS (
      DELETE FROM test_events e WHERE e.workspace_id = ${s.workspaceId} AND e.event_type = 'address.confirmed'
        AND ((e.payload #>> '{}')::jsonb #>> '{data,verification,verification_id}' IN (SELECT id FROM t)
          OR (e.payload #>> '{}')::jsonb #>> '{data,confirmation,verification_id}' IN (SELECT id FROM t))
      RETURNING e.id),
    forgotten AS (
      UPDATE outcomes o SET address_key = ${REDACTED} WHERE ${forget} AND o.address_key <> ${REDACTED} RETURNING o.id)
    SELECT (SELECT count(*) FROM ver)::int AS verifications, (SELECT count(*) FROM cnf)::int AS confirmations,
      (SELECT count(*) FROM rws)::int AS batch_rows, ((SELECT count(*) FROM hook) + (SELECT count(*) FROM tev))::int AS webhook_deliveries,
      (SELECT count(*) FROM forgotten)::int AS outcomes, (SELECT max(created_at) FROM direct) AS last_created_at`;
}
