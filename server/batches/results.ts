import Papa from "papaparse";
import { FORMULA_START } from "../../lib/skipped-rows";
import { normalizeAddress, suggestPincodes } from "../addresses";
import { nowMs } from "../clock";
import type { Db } from "../db";
import { DakiyaError } from "../errors";
import { findBatch } from "./lookup";
import type { BatchRowStatus, BatchStatus } from "../generated/prisma/enums";
import type { Decision } from "../../lib/words";
import { Prisma } from "../generated/prisma/client";
import type { Reason } from "../verification/reasons";

/**
 * A batch's results as staff read them: rows filtered by decision, status and order id, a page at a
 * time in row or score order, the counts behind the console's chart, and the CSV download (all rows,
 * or just the filtered ones). Every read is scoped to the caller's workspace.
 *
 * A page and its count are one statement: a batch has at most 1000 rows, reached through batch_rows
 * (batch_id, index); verifications are joined by primary key, for every row only when a decision
 * filter or the score sort needs them, else for the page's rows alone. No further index is needed.
 */

export const ROW_STATUSES = ["pending", "processing", "succeeded", "failed", "cancelled"] as const satisfies readonly BatchRowStatus[];
export const RESULTS_SORTS = ["row", "score"] as const;
export const RESULTS_PAGE_MAX = 200;

export interface ResultsFilter {
  /** Rows whose verification has one of these decisions (only succeeded rows have one). */
  decisions?: Decision[];
  statuses?: BatchRowStatus[];
  /** Part of the order id, any case. */
  orderId?: string;
}

export interface ResultsQuery extends ResultsFilter {
  sort?: (typeof RESULTS_SORTS)[number];
  order?: "asc" | "desc";
  /** `next_cursor` of the previous page. */
  cursor?: string;
  limit?: number;
}

/** Words for the error codes a failed row can carry. */
export const ROW_ERRORS: Record<string, string> = {
  provider_error: "The address validation provider answered with an error each time it was asked.",
  provider_unavailable: "The address validation provider was unavailable each time it was asked.",
  provider_timeout: "The address validation provider did not answer in time.",
  quota_exhausted: "The plan had no units left, so this row was not verified.",
  internal_error: "Something went wrong on Dakiya's side while verifying this row.",
  batch_failed: "The batch stopped before this row was verified.",
};

export interface ResultRow {
  /** 1-based, as in the uploaded file. */
  row: number;
  order_id: string | null;
  /** The address as sent. */
  address: string | null;
  status: BatchRowStatus;
  verification_id: string | null;
  decision: Decision | null;
  score: number | null;
  /** The decision policy version that decided the row (the batch's); null until it is verified. */
  policy_version: number | null;
  reasons: Reason[];
  normalized: string | null;
  pincode: string | null;
  /** The best suggested pincode when the row's pincode was missing, unknown or contradicted (reason `pincode_suggested`). */
  suggested_pincode: string | null;
  error: { code: string; message: string } | null;
}

export interface ResultsPage {
  rows: ResultRow[];
  /** Rows of the batch that match the filter, over every page. */
  matching: number;
  next_cursor: string | null;
}

export interface DecisionCounts {
  total: number;
  SHIP: number;
  REVIEW: number;
  HOLD: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  /** Rows not finished yet (waiting or being verified). */
  unfinished: number;
}

const ACTIVE: BatchStatus[] = ["queued", "processing", "cancelling"];

interface RawRow {
  index: number;
  orderId: string | null;
  address: string | null;
  status: BatchRowStatus;
  errorCode: string | null;
  verificationId: string | null;
  decision: Decision | null;
  score: number | null;
  policyVersion: number | null;
  validationLevel: string | null;
  reasons: Reason[] | null;
  normalized: string | null;
  pincode: { code?: string } | null;
  components: { city?: string | null; state?: string | null } | null;
  digipin: string | null;
  sortKey: number;
}

/** The batch, if it is this workspace's and its rows are still kept. */
async function keptBatch(db: Db, workspaceId: string, batchId: string) {
  const batch = await findBatch(db, workspaceId, batchId);
  if (batch.expiresAt.getTime() <= nowMs() || batch.purgedAt) {
    throw new DakiyaError("results_expired", `The results of batch ${batchId} were kept seven days after submission and have been deleted.`);
  }
  return batch;
}

function filterSql(f: ResultsFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (f.decisions?.length) parts.push(Prisma.sql`v.decision::text IN (${Prisma.join(f.decisions)})`);
  if (f.statuses?.length) parts.push(Prisma.sql`r.status::text IN (${Prisma.join(f.statuses)})`);
  if (f.orderId) parts.push(Prisma.sql`r.order_id ILIKE ${`%${f.orderId.replace(/[\\%_]/g, "\\$&")}%`} ESCAPE '\\'`);
  return parts.length ? Prisma.sql`AND ${Prisma.join(parts, " AND ")}` : Prisma.empty;
}

/** The sort key: the row number, or the score with rows that have none (failed, cancelled, unfinished) last either way. */
function sortKeySql(sort: ResultsQuery["sort"], order: ResultsQuery["order"]): Prisma.Sql {
  if (sort !== "score") return Prisma.sql`r.index`;
  return order === "desc" ? Prisma.sql`COALESCE(v.score, -1)` : Prisma.sql`COALESCE(v.score, 101)`;
}

/** Cursors are `<sort key>.<row index>` of the last row of a page. */
function parseCursor(cursor: string): { key: number; index: number } {
  const m = /^(-?\d{1,6})\.(\d{1,6})$/.exec(cursor);
  if (!m) throw new DakiyaError("invalid_request", "The cursor is not one this API gave out.", { details: [{ path: "cursor", message: "not a cursor from next_cursor" }] });
  return { key: Number(m[1]), index: Number(m[2]) };
}

/** Rows past the cursor, in the terms of the `chosen` rows below (their sort key and index). */
function afterCursor(query: ResultsQuery): Prisma.Sql {
  if (!query.cursor) return Prisma.empty;
  const c = parseCursor(query.cursor);
  const beyond = query.order === "desc" ? Prisma.sql`c."sortKey" < ${c.key}` : Prisma.sql`c."sortKey" > ${c.key}`;
  return Prisma.sql`AND (${beyond} OR (c."sortKey" = ${c.key} AND c.index > ${c.index}))`;
}

/**
 * One statement for a page of rows and the number of rows matching the filter. The rows are chosen
 * from batch_rows, joined to their verifications only when the filter or the sort needs a decision
 * or a score; the page's own rows (at most `limit`) are then joined for their columns. With an
 * empty page, one row of nulls carries the count.
 */
async function selectPage(db: Db, batchId: string, query: ResultsQuery, limit: number): Promise<{ rows: RawRow[]; matching: number }> {
  const key = sortKeySql(query.sort, query.order);
  const direction = Prisma.raw(query.order === "desc" ? "DESC" : "ASC");
  const join = query.decisions?.length || query.sort === "score" ? Prisma.sql`LEFT JOIN verifications v ON v.id = r.verification_id AND r.status = 'succeeded'` : Prisma.empty;
  const found = await db.$queryRaw<(RawRow & { matching: number })[]>`
    WITH chosen AS (
      SELECT r.id, r.index, ${key} AS "sortKey" FROM batch_rows r ${join}
      WHERE r.batch_id = ${batchId} ${filterSql(query)}),
    page AS (
      SELECT c.* FROM chosen c WHERE true ${afterCursor(query)}
      ORDER BY c."sortKey" ${direction}, c.index ASC
      LIMIT ${limit})
    SELECT n.matching, p.*
    FROM (SELECT count(*)::int AS matching FROM chosen) n
    LEFT JOIN LATERAL (
      SELECT r.index, r.order_id AS "orderId", r.address, r.status::text AS status, r.error_code AS "errorCode",
        v.id AS "verificationId", v.decision::text AS decision, v.score, v.policy_version AS "policyVersion",
        v.validation_level::text AS "validationLevel", v.reasons, v.normalized, v.pincode, v.components, v.digipin, page."sortKey"
      FROM page JOIN batch_rows r ON r.id = page.id
      LEFT JOIN verifications v ON v.id = r.verification_id AND r.status = 'succeeded') p ON true
    ORDER BY p."sortKey" ${direction}, p.index ASC`;
  return { rows: found.filter((r) => r.index !== null), matching: found[0]?.matching ?? 0 };
}

function toResultRow(r: RawRow): ResultRow {
  return {
    row: r.index + 1,
    order_id: r.orderId,
    address: r.address,
    status: r.status,
    verification_id: r.verificationId,
    decision: r.decision,
    score: r.score,
    policy_version: r.policyVersion,
    reasons: r.reasons ?? [],
    normalized: r.normalized,
    pincode: r.pincode?.code ?? null,
    // Suggestions are not stored with the verification; they follow from its address, as on look-up.
    suggested_pincode: r.address && r.reasons?.some((x) => x.code === "pincode_suggested") ? (suggestPincodes(normalizeAddress(r.address))[0]?.code ?? null) : null,
    error:
      r.status === "failed" ? { code: r.errorCode ?? "internal_error", message: ROW_ERRORS[r.errorCode ?? "internal_error"] ?? `The row could not be verified (${r.errorCode}).` } : null,
  };
}

/** One page of a batch's rows, filtered and sorted; rows can be read while the batch runs. */
export async function resultRows(db: Db, workspaceId: string, batchId: string, query: ResultsQuery = {}): Promise<ResultsPage> {
  await keptBatch(db, workspaceId, batchId);
  const limit = Math.min(Math.max(query.limit ?? 50, 1), RESULTS_PAGE_MAX);
  const { rows: raw, matching } = await selectPage(db, batchId, query, limit + 1);
  const page = raw.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(toResultRow),
    matching,
    next_cursor: raw.length > limit && last ? `${last.sortKey}.${last.index}` : null,
  };
}

/** The order ids of every row matching the filter, in row order, each once (rows without one left out). */
export async function filteredOrderIds(db: Db, workspaceId: string, batchId: string, filter: ResultsFilter = {}): Promise<string[]> {
  await keptBatch(db, workspaceId, batchId);
  const rows = await db.$queryRaw<{ orderId: string }[]>`
    SELECT r.order_id AS "orderId" FROM batch_rows r LEFT JOIN verifications v ON v.id = r.verification_id AND r.status = 'succeeded'
    WHERE r.batch_id = ${batchId} AND r.order_id IS NOT NULL ${filterSql(filter)}
    ORDER BY r.index`;
  return [...new Set(rows.map((r) => r.orderId))];
}

/** SHIP / REVIEW / HOLD among the verified rows, and the failed, cancelled and unfinished rows. */
export async function decisionCounts(db: Db, workspaceId: string, batchId: string): Promise<DecisionCounts> {
  await keptBatch(db, workspaceId, batchId);
  const [c] = await db.$queryRaw<DecisionCounts[]>`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE v.decision = 'SHIP')::int AS "SHIP",
      count(*) FILTER (WHERE v.decision = 'REVIEW')::int AS "REVIEW",
      count(*) FILTER (WHERE v.decision = 'HOLD')::int AS "HOLD",
      count(*) FILTER (WHERE r.status = 'succeeded')::int AS succeeded,
      count(*) FILTER (WHERE r.status = 'failed')::int AS failed,
      count(*) FILTER (WHERE r.status = 'cancelled')::int AS cancelled,
      count(*) FILTER (WHERE r.status IN ('pending', 'processing'))::int AS unfinished
    FROM batch_rows r LEFT JOIN verifications v ON v.id = r.verification_id AND r.status = 'succeeded'
    WHERE r.batch_id = ${batchId}`;
  return c!;
}

export const CSV_FIELDS = [
  "row",
  "order_id",
  "address",
  "status",
  "verification_id",
  "decision",
  "score",
  "validation_level",
  "normalized",
  "pincode",
  "city",
  "state",
  "digipin",
  "reasons",
  "error_code",
];
const CSV_PAGE = 250;

function csvCells(r: RawRow): (string | number)[] {
  const verified = r.status === "succeeded" && r.verificationId !== null;
  return [
    r.index + 1,
    r.orderId ?? "",
    r.address ?? "",
    r.status,
    verified ? r.verificationId! : "",
    r.decision ?? "",
    r.score ?? "",
    r.validationLevel ?? "",
    r.normalized ?? "",
    r.pincode?.code ?? "",
    r.components?.city ?? "",
    r.components?.state ?? "",
    r.digipin ?? "",
    verified ? (r.reasons ?? []).map((x) => x.code).join("|") : "",
    r.status === "failed" ? (r.errorCode ?? "") : "",
  ];
}

/**
 * The results as CSV in submitted order, every row or just those matching `filter`, streamed page by
 * page (constant memory in the row count). Only once the batch has finished.
 */
export async function resultsCsv(db: Db, workspaceId: string, batchId: string, filter: ResultsFilter = {}): Promise<ReadableStream<Uint8Array>> {
  const batch = await keptBatch(db, workspaceId, batchId);
  if (ACTIVE.includes(batch.status)) {
    throw new DakiyaError("batch_active", `Batch ${batchId} is ${batch.status}; download its results once it is completed or cancelled.`);
  }
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { rows } = await selectPage(db, batchId, { ...filter, sort: "row", order: "asc", cursor }, CSV_PAGE);
      if (rows.length === 0) {
        if (first) controller.enqueue(encoder.encode(`${Papa.unparse({ fields: CSV_FIELDS, data: [] })}\r\n`));
        controller.close();
        return;
      }
      const last = rows[rows.length - 1]!;
      cursor = `${last.sortKey}.${last.index}`;
      const text = Papa.unparse({ fields: CSV_FIELDS, data: rows.map(csvCells) }, { header: first, escapeFormulae: FORMULA_START, newline: "\r\n" });
      first = false;
      controller.enqueue(encoder.encode(`${text}\r\n`));
    },
  });
}
