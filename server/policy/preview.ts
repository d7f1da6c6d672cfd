import { nowMs } from "../clock";
import type { Db } from "../db";
import { DakiyaError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { DECISIONS, OUTCOME_KINDS, PAYMENT_METHODS, VALIDATION_LEVELS, type Decision, type OutcomeKind } from "../../lib/words";
import { compilePolicy, NEVER_SHIP, type DecisionFacts } from "./decide";
import { outcomeCosts, type OutcomeCosts } from "./index";
import { parsePolicy, type Policy } from "./schema";

/**
 * `POST /policy/preview`: the workspace's live verifications of a period decided again under a
 * proposed policy, from what was stored with each (no provider, no parse, no charge, nothing
 * written). One statement over the compact columns, grouped in SQL by what the proposed policy can
 * tell apart, read through a cursor a few thousand groups at a time and decided as they arrive
 * (docs/decision-policy.md).
 */
const RETURNED: ReadonlySet<string> = new Set<OutcomeKind>(["rto", "customer_refused", "address_issue"]);

export interface PolicyFigures {
  /** Returned parcels decided REVIEW or HOLD. */
  returns_caught: number;
  /** Delivered parcels decided HOLD. */
  deliveries_held: number;
  /** Returned parcels decided SHIP × the first cost, plus deliveries held × the second. */
  cost_rupees: number;
}

export interface PolicyPreview {
  days: number;
  verifications: number;
  with_outcomes: number;
  matrix: Record<Decision, Record<Decision, number>>;
  current: PolicyFigures;
  proposed: PolicyFigures;
  costs: OutcomeCosts;
  synthetic_verifications: number;
}

/** Stored verifications as the preview reads them: the decision given, the facts and the outcome, and how many share them. */
interface StoredDecision {
  decision: Decision;
  facts: DecisionFacts;
  outcome: OutcomeKind | null;
  synthetic: boolean;
  count: number;
}

/** A group as the statement reads it: its packed facts (see `factsKey`), its pincode and state classes, and how many share them. */
interface Row {
  /** One column per word of the key: k0, k1, … (PostgreSQL's bigint). */
  [word: `k${number}`]: bigint;
  pincode: string | null;
  state: string | null;
  n: number;
}

const emptyRow = (): Record<Decision, number> => ({ SHIP: 0, REVIEW: 0, HOLD: 0 });

/** The figures of a list of (decision, outcome) pairs; shared by both sides of the preview. */
class Tally {
  returns_caught = 0;
  deliveries_held = 0;
  returned_shipped = 0;
  add(decision: Decision, outcome: OutcomeKind | null, n: number): void {
    if (outcome === null) return;
    if (RETURNED.has(outcome)) {
      if (decision === "SHIP") this.returned_shipped += n;
      else this.returns_caught += n;
    } else if (outcome === "delivered" && decision === "HOLD") this.deliveries_held += n;
  }
  figures(costs: OutcomeCosts): PolicyFigures {
    return {
      returns_caught: this.returns_caught,
      deliveries_held: this.deliveries_held,
      cost_rupees: this.returned_shipped * costs.returned_shipped_rupees + this.deliveries_held * costs.held_delivered_rupees,
    };
  }
}

/** The preview's running figures, fed group by group (both sides decided as each group arrives). */
class PreviewTally {
  private readonly matrix = { SHIP: emptyRow(), REVIEW: emptyRow(), HOLD: emptyRow() };
  private readonly current = new Tally();
  private readonly proposed = new Tally();
  private verifications = 0;
  private withOutcomes = 0;
  private synthetic = 0;
  constructor(private readonly decideProposed: (f: DecisionFacts) => Decision) {}
  add(rows: Iterable<StoredDecision>): void {
    for (const r of rows) {
      const next = this.decideProposed(r.facts);
      this.matrix[r.decision][next] += r.count;
      this.verifications += r.count;
      if (r.synthetic) this.synthetic += r.count;
      if (r.outcome !== null) {
        this.withOutcomes += r.count;
        this.current.add(r.decision, r.outcome, r.count);
        this.proposed.add(next, r.outcome, r.count);
      }
    }
  }
  preview(costs: OutcomeCosts, days: number): PolicyPreview {
    return {
      days,
      verifications: this.verifications,
      with_outcomes: this.withOutcomes,
      matrix: this.matrix,
      current: this.current.figures(costs),
      proposed: this.proposed.figures(costs),
      costs,
      synthetic_verifications: this.synthetic,
    };
  }
}

/**
 * What the proposed policy can tell apart, so verifications it cannot are read as one group: the
 * score and the order value only as which of the policy's cut points they reach, only the reason
 * codes a rule or a guard names, a pincode or state only as the set of rules naming it (one named
 * pincode stands for every other named by exactly the same rules), earlier returns only up to the
 * largest count a rule asks for.
 */
interface Distinctions {
  /** Every score a test turns on (`score >= c`), ascending. */
  scoreCuts: number[];
  /** Every order_value_above, ascending. */
  thresholds: number[];
  codes: string[];
  /** Each named pincode → the one standing for its class. */
  pincodes: Record<string, string>;
  /** Each named state, lower case → the one standing for its class. */
  states: Record<string, string>;
  maxPrior: number;
}

/** Each value named by some rule → the first value named by exactly the same rules. */
function classesOf(named: (string[] | undefined)[]): Record<string, string> {
  const rulesNaming = new Map<string, number[]>();
  named.forEach((values, rule) => {
    for (const v of new Set(values ?? [])) {
      const rules = rulesNaming.get(v);
      if (rules) rules.push(rule);
      else rulesNaming.set(v, [rule]);
    }
  });
  const standIn = new Map<string, string>();
  const classes: Record<string, string> = {};
  for (const [v, rules] of rulesNaming) {
    const key = rules.join(",");
    if (!standIn.has(key)) standIn.set(key, v);
    classes[v] = standIn.get(key)!;
  }
  return classes;
}

const ascending = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

function distinctionsOf(policy: Policy): Distinctions {
  const conditions = policy.rules.map((r) => r.if);
  return {
    // score < b is not score >= b; score <= hold is not score >= hold + 1.
    scoreCuts: ascending([policy.ship_min_score, policy.hold_max_score + 1, ...conditions.flatMap((c) => [c.score_below, c.score_at_least].filter((v) => v !== undefined))]),
    thresholds: ascending(conditions.flatMap((c) => (c.order_value_above === undefined ? [] : [c.order_value_above]))),
    codes: [...new Set([...NEVER_SHIP, ...conditions.flatMap((c) => c.reasons ?? [])])],
    pincodes: classesOf(conditions.map((c) => c.pincodes)),
    states: classesOf(conditions.map((c) => c.states?.map((s) => s.toLowerCase()))),
    maxPrior: Math.max(0, ...conditions.map((c) => c.prior_returns_at_least ?? 0)),
  };
}

const numbers = (values: number[], type: "int" | "float8") => Prisma.sql`ARRAY[${Prisma.join(values.map((v) => Prisma.sql`${v}::${Prisma.raw(type)}`))}]::${Prisma.raw(type)}[]`;

/** A column's values in the order the key numbers them (0, 1, …); null, where allowed, is the last. */
const indexOf = (column: string, values: readonly string[]) =>
  Prisma.sql`CASE ${Prisma.raw(column)} ${Prisma.join(
    values.map((v, i) => Prisma.sql`WHEN ${v} THEN ${Prisma.raw(String(i))}`),
    " ",
  )} ELSE ${Prisma.raw(String(values.length))} END`;

/** One fact of a group as a digit of the key: its SQL (an int from 0 to radix − 1), and how many values it takes. */
interface Digit {
  sql: Prisma.Sql;
  radix: number;
}

/**
 * The facts the policy can tell apart, each a digit, packed into as few bigints as hold them exactly
 * (each below 2^53, so JavaScript reads it as a number). Grouping by one or two integers instead of
 * eleven columns (four of them enums cast to text) more than halves the statement's CPU on 1,000,000 rows
 * (docs/performance.md, "Policy preview").
 */
function factsKey(d: Distinctions): Digit[][] {
  const thresholds = d.thresholds.length ? numbers(d.thresholds, "float8") : null;
  const rank = thresholds ? Prisma.sql`width_bucket(order_value, ${thresholds}) - (order_value = ANY(${thresholds}))::int` : Prisma.sql`0`;
  const codeBits = Prisma.join(
    d.codes.map((c, i) => Prisma.sql`(CASE WHEN ${c}::text = ANY(reason_codes) THEN ${1 << i}::int ELSE 0 END)`),
    " + ",
  );
  const digits: Digit[] = [
    { sql: indexOf("decision", DECISIONS), radix: DECISIONS.length },
    { sql: Prisma.sql`width_bucket(score, ${numbers(d.scoreCuts, "int")})`, radix: d.scoreCuts.length + 1 },
    { sql: indexOf("validation_level", VALIDATION_LEVELS), radix: VALIDATION_LEVELS.length },
    { sql: codeBits, radix: 2 ** d.codes.length },
    { sql: indexOf("payment_method", PAYMENT_METHODS), radix: PAYMENT_METHODS.length + 1 },
    // No value sent is 0; then how many thresholds the value is above, plus one.
    { sql: Prisma.sql`CASE WHEN order_value IS NULL THEN 0 ELSE 1 + ${rank} END`, radix: d.thresholds.length + 2 },
    // A count of earlier returns, never below 0.
    { sql: Prisma.sql`LEAST(GREATEST(prior_returns, 0), ${d.maxPrior}::int)`, radix: d.maxPrior + 1 },
    { sql: indexOf("outcome", OUTCOME_KINDS), radix: OUTCOME_KINDS.length + 1 },
    { sql: Prisma.sql`synthetic::int`, radix: 2 },
  ];
  const words: Digit[][] = [[]];
  let capacity = 1;
  for (const digit of digits) {
    if (capacity * digit.radix > Number.MAX_SAFE_INTEGER) {
      words.push([]);
      capacity = 1;
    }
    words[words.length - 1]!.push(digit);
    capacity *= digit.radix;
  }
  return words;
}

/** A word of the key in SQL: its digits, first the most significant (Horner's rule, in bigint). */
function wordSql(word: Digit[]): Prisma.Sql {
  return word.reduce<Prisma.Sql>(
    (acc, digit, i) => (i === 0 ? Prisma.sql`(${digit.sql})::bigint` : Prisma.sql`(${acc}) * ${Prisma.raw(String(digit.radix))} + (${digit.sql})`),
    Prisma.empty,
  );
}

/** A word's digits, most significant first (the inverse of wordSql). */
function digitsOf(value: number, word: Digit[], into: number[]): void {
  const start = into.length;
  for (let i = word.length - 1; i >= 0; i--) {
    into[start + i] = value % word[i]!.radix;
    value = Math.floor(value / word[i]!.radix);
  }
}

/**
 * The period's live verifications, grouped by what the policy can tell apart (one statement).
 * width_bucket counts the cut points at or below a value (a binary search, not one test per cut).
 */
function groupsStatement(workspaceId: string, days: number, d: Distinctions, key: Digit[][]): Prisma.Sql {
  const columns = key.map((word, i) => Prisma.sql`${wordSql(word)} AS ${Prisma.raw(`k${i}`)}`);
  const groupBy = Array.from({ length: key.length + 2 }, (_, i) => i + 1).join(", ");
  return Prisma.sql`
    SELECT ${Prisma.join(columns)},
      ${JSON.stringify(d.pincodes)}::jsonb ->> pincode_code AS pincode,
      ${JSON.stringify(d.states)}::jsonb ->> lower(state) AS state, count(*)::int AS n
    FROM verifications
    WHERE workspace_id = ${workspaceId} AND livemode AND created_at >= ${new Date(nowMs() - days * 86_400_000)}
    GROUP BY ${Prisma.raw(groupBy)}`;
}

/** A score reaching the same cut points as the group's: the highest cut it reaches, or one below the first. */
function scoreFor(rank: number, cuts: number[]): number {
  return rank === 0 ? cuts[0]! - 1 : cuts[rank - 1]!;
}

/** An order value on the same side of every threshold as the group's values: the threshold just above them, or past the last. */
function valueFor(rank: number, thresholds: number[]): number | null {
  if (rank < 0) return null;
  if (rank < thresholds.length) return thresholds[rank]!;
  return (thresholds[thresholds.length - 1] ?? 0) + 1;
}

/** One reused object per group read. */
function* asStored(rows: Row[], d: Distinctions, key: Digit[][]): Generator<StoredDecision> {
  const facts: DecisionFacts = { score: 0, validation_level: "none", reason_codes: [], payment_method: null, order_value: null, pincode: null, state: null, prior_returns: 0 };
  const out: StoredDecision = { decision: "REVIEW", facts, outcome: null, synthetic: false, count: 0 };
  const codeSets = new Map<number, string[]>();
  const digits: number[] = [];
  for (const r of rows) {
    digits.length = 0;
    key.forEach((word, i) => digitsOf(Number(r[`k${i}`]), word, digits));
    const [decision, scoreRank, level, codeBits, payment, value, prior, outcome, synthetic] = digits as [number, number, number, number, number, number, number, number, number];
    let codes = codeSets.get(codeBits);
    if (!codes) codeSets.set(codeBits, (codes = d.codes.filter((_, i) => codeBits & (1 << i))));
    facts.score = scoreFor(scoreRank, d.scoreCuts);
    facts.validation_level = VALIDATION_LEVELS[level]!;
    facts.reason_codes = codes;
    facts.payment_method = PAYMENT_METHODS[payment] ?? null;
    facts.order_value = valueFor(value - 1, d.thresholds);
    facts.pincode = r.pincode;
    facts.state = r.state;
    facts.prior_returns = prior;
    out.decision = DECISIONS[decision]!;
    out.outcome = OUTCOME_KINDS[outcome] ?? null;
    out.synthetic = synthetic === 1;
    out.count = r.n;
    yield out;
  }
}

/** Groups read per FETCH: all the preview ever holds of the data, whatever the policy and the period. */
export const PREVIEW_FETCH_GROUPS = 5000;
/** The preview's time budget: its statement's timeout on PostgreSQL, checked between fetches as well. */
export const PREVIEW_TIMEOUT_MS = 30_000;
/** What a second preview of the same workspace is told to wait. */
const PREVIEW_BUSY_RETRY_S = 5;
/** The advisory lock's first key (its second is the workspace's hash): "pr" in ASCII, apart from any other lock. */
const PREVIEW_LOCK_CLASS = 0x7072;

/** Workspaces with a preview running in this process (PGlite has one session, where an advisory lock is re-entrant). */
const running = new Set<string>();

const busy = () =>
  new DakiyaError("rate_limited", `A policy preview is already running for this workspace; one runs at a time. Try again in ${PREVIEW_BUSY_RETRY_S} s.`, {
    headers: { "Retry-After": String(PREVIEW_BUSY_RETRY_S) },
  });

const tooSlow = (timeoutMs: number, cause?: unknown) =>
  new DakiyaError("provider_unavailable", `The preview did not finish within ${timeoutMs / 1000} s; preview a shorter period (days) or try again later.`, {
    headers: { "Retry-After": "60" },
    cause,
  });

/** PostgreSQL's statement timeout (57014), or Prisma's own transaction timeout (P2028). */
function isTimeout(err: unknown): boolean {
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2028") return true;
  return err instanceof Error && /57014|statement timeout/.test(err.message);
}

/**
 * The grouped statement read through a cursor, a few thousand groups at a time, so memory stays
 * flat however many groups the policy and the data make; under an advisory lock, so one preview
 * per workspace runs at a time across processes.
 */
export async function previewPolicy(db: Db, workspaceId: string, input: { policy: unknown; days?: number }, options: { timeoutMs?: number } = {}): Promise<PolicyPreview> {
  const policy = parsePolicy(input.policy);
  if (running.has(workspaceId)) throw busy();
  running.add(workspaceId);
  try {
    const timeoutMs = options.timeoutMs ?? PREVIEW_TIMEOUT_MS;
    const distinctions = distinctionsOf(policy);
    const key = factsKey(distinctions);
    const days = input.days ?? 90;
    const tally = new PreviewTally(compilePolicy(policy));
    const started = performance.now();
    const costs = await outcomeCosts(db, workspaceId);
    await db.$transaction(
      async (tx) => {
        const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${PREVIEW_LOCK_CLASS}::int, hashtext(${workspaceId})) AS locked`;
        if (!lock?.locked) throw busy();
        await tx.$executeRaw`SELECT set_config('statement_timeout', ${String(timeoutMs)}, true)`;
        await tx.$executeRaw`DECLARE preview_groups NO SCROLL CURSOR FOR ${groupsStatement(workspaceId, days, distinctions, key)}`;
        for (;;) {
          const rows = await tx.$queryRaw<Row[]>`FETCH ${Prisma.raw(String(PREVIEW_FETCH_GROUPS))} FROM preview_groups`;
          tally.add(asStored(rows, distinctions, key));
          if (rows.length < PREVIEW_FETCH_GROUPS) break;
          // PGlite cannot interrupt a statement (no timers in WASM): between fetches is where it stops.
          if (performance.now() - started > timeoutMs) throw tooSlow(timeoutMs);
        }
      },
      { timeout: timeoutMs + 5_000, maxWait: timeoutMs },
    );
    return tally.preview(costs, days);
  } catch (err) {
    if (isTimeout(err)) throw tooSlow(options.timeoutMs ?? PREVIEW_TIMEOUT_MS, err);
    throw err;
  } finally {
    running.delete(workspaceId);
  }
}
