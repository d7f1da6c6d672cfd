/**
 * Address confirmation by the buyer (docs/confirmations.md): a link the seller sends, a page where the
 * buyer corrects the address and shares their phone's location, and a new verification of the
 * corrected address with the `address.confirmed` event.
 *
 * The link's token is an HMAC-SHA-256 of the confirmation's id under a key derived from the server's
 * secret (256 bits), so the service can give the same link back (GET, the 200 of a repeated create)
 * while the database keeps only the token's SHA-256: a copy of the database opens no link.
 */
import { createHash, createHmac, hkdfSync } from "node:crypto";
import { lookupPincode, normalizeAddress, suggestPincodes, type Components, type SuggestedPincode } from "../addresses";
import { now } from "../clock";
import { config, publicOrigin } from "../config";
import { query, type Db } from "../db";
import { decodeDigipin, DIGIPIN_BOUNDS, encodeDigipin } from "../digipin";
import { DakiyaError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import type { Confirmation as Row, Verification as VerificationRow } from "../generated/prisma/client";
import { isId, newId } from "../ids";
import { PLAN_COLUMNS, planOf, type Caller, type PlanFigures } from "../keys";
import { hit } from "../ratelimit";
import { deviceCheck, verify, type Verification } from "../verification";
import { confirmedEventId } from "./event-id";
import { enqueueEvent, recordTestEvent } from "../webhooks";
import { NOTICE_VERSION } from "../../lib/privacy-notice";
import { workRecorded } from "../work";
import { ADDRESS_MAX_LENGTH } from "../../lib/shared";
import { countUnknownToken, refuseBlockedClient } from "./unknown-tokens";

export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];
export const EXPIRY_HOURS = { min: 1, max: 168, default: 72 } as const;
/** A device point is the verification's location only when the phone reports it this accurately or better. */
export const DEVICE_ACCURACY_M = 100;
/** The parts the buyer sees and may change, in the order a courier reads them. */
export const COMPONENT_NAMES = ["house", "building", "street", "locality", "landmark", "city", "district", "state", "pincode"] as const;
export type ComponentName = (typeof COMPONENT_NAMES)[number];

/** Per link a minute: views, submissions and location look-ups; per client address a minute: unknown tokens. */
export const LINK_LIMITS = { viewsPerMinute: 60, submitsPerMinute: 5, locatesPerMinute: 30, unknownTokensPerMinute: 20 } as const;
/** Longer than any token this service makes (43 characters): not looked up. */
const TOKEN_MAX_LENGTH = 64;
/** How long a submission holds its link while the address is verified; a crashed one frees it after this. */
const CLAIM_MS = 60_000;

export type ConfirmationStatus = "pending" | "confirmed" | "expired";

export interface DeviceLocation {
  lat: number;
  lng: number;
  accuracy_m: number;
  digipin: string;
  /** Whether the point became the new verification's location (accurate, and near the written pincode). */
  used: boolean;
}

/** The contract's confirmation object, as the API returns it. */
export interface Confirmation {
  confirmation_id: string;
  verification_id: string;
  status: ConfirmationStatus;
  url: string;
  expires_at: string;
  created_at: string;
  confirmed_at?: string;
  /** The privacy notice's version the buyer was shown (null: confirmed before notices were versioned). */
  notice_version?: number | null;
  new_verification_id?: string;
  changed?: ComponentName[];
  device_location?: DeviceLocation | null;
}

function linkKey(): Buffer {
  const secret = config().BETTER_AUTH_SECRET;
  if (!secret && config().NODE_ENV === "production") throw new Error("BETTER_AUTH_SECRET is required in production: confirmation links are derived from it.");
  // Development and tests without a secret: a fixed key, so links survive a restart of `npm run dev`.
  return Buffer.from(hkdfSync("sha256", secret ?? "dakiya-development-only", "dakiya", "confirmation links", 32));
}

function tokenOf(confirmationId: string): string {
  return createHmac("sha256", linkKey()).update(confirmationId).digest("base64url");
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What a link's page URL looks like: the path the buyer's page serves. */
export const LINK_PATH = "/c/";

export function statusOf(row: Pick<Row, "status" | "expiresAt">): ConfirmationStatus {
  return row.status === "pending" && row.expiresAt.getTime() <= now().getTime() ? "expired" : row.status;
}

/** The confirmation as the API answers it; its URL from configuration only (publicOrigin), never a request's Host. */
export function present(row: Row): Confirmation {
  const status = statusOf(row);
  const base: Confirmation = {
    confirmation_id: row.id,
    verification_id: row.verificationId,
    status,
    url: `${publicOrigin()}${LINK_PATH}${tokenOf(row.id)}`,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
  if (status !== "confirmed") return base;
  return {
    ...base,
    confirmed_at: row.confirmedAt!.toISOString(),
    notice_version: row.noticeVersion,
    new_verification_id: row.newVerificationId!,
    changed: row.changed as ComponentName[],
    device_location: (row.deviceLocation as DeviceLocation | null) ?? null,
  };
}

function notFound(id: string): DakiyaError {
  return new DakiyaError("confirmation_not_found", `No confirmation ${id} in this workspace.`);
}

export interface CreateInput {
  verification_id: string;
  locale?: Locale;
  expires_in_hours?: number;
}

/**
 * A confirmation link for a verification of the caller's workspace and kind (a live key's `ver_`, a
 * test key's `ver_test_`). While one is pending for the verification, that one is answered
 * (`created: false`) whatever the locale or expiry asked: the unique partial index on pending rows
 * makes concurrent requests agree on one.
 */
export async function createConfirmation(db: Db, caller: Caller, input: CreateInput): Promise<{ confirmation: Confirmation; created: boolean }> {
  const verification = await db.verification.findFirst({ where: { id: input.verification_id, workspaceId: caller.workspaceId, livemode: caller.livemode }, select: { id: true } });
  if (!verification) throw new DakiyaError("verification_not_found", `No ${caller.livemode ? "live" : "test"} verification ${input.verification_id} in this workspace.`);
  const hours = input.expires_in_hours ?? EXPIRY_HOURS.default;
  // A pending row races only with its own confirmation or expiry: a few rounds settle it.
  for (let round = 0; round < 3; round++) {
    const at = now();
    // A link past its time no longer holds the verification's one pending place.
    await db.confirmation.updateMany({ where: { verificationId: verification.id, status: "pending", expiresAt: { lte: at } }, data: { status: "expired" } });
    const id = newId("cnf");
    const inserted = await db.$queryRaw<Row[]>`
      INSERT INTO confirmations (id, workspace_id, verification_id, key_id, livemode, token_hash, locale, status, expires_at, created_at)
      VALUES (${id}, ${caller.workspaceId}, ${verification.id}, ${caller.keyId}, ${caller.livemode}, ${hashToken(tokenOf(id))}, ${input.locale ?? "en"},
              'pending', ${new Date(at.getTime() + hours * 3_600_000)}, ${at})
      ON CONFLICT (verification_id) WHERE status = 'pending' DO NOTHING
      RETURNING id`;
    const row = await db.confirmation.findFirst({ where: inserted.length ? { id } : { verificationId: verification.id, status: "pending" } });
    if (row) return { confirmation: present(row), created: inserted.length > 0 };
  }
  throw new DakiyaError("internal_error", "The confirmation could not be made; try again.");
}

export async function getConfirmation(db: Db, caller: Caller, confirmationId: string): Promise<Confirmation> {
  const row = isId("cnf", confirmationId) ? await db.confirmation.findFirst({ where: { id: confirmationId, workspaceId: caller.workspaceId, livemode: caller.livemode } }) : null;
  if (!row) throw notFound(confirmationId);
  return present(row);
}

/** The newest confirmation of each of these verifications of the workspace (the console's status). */
export async function latestConfirmations(db: Db, workspaceId: string, verificationIds: string[]): Promise<Confirmation[]> {
  if (!verificationIds.length) return [];
  const rows = await db.confirmation.findMany({
    where: { workspaceId, verificationId: { in: verificationIds } },
    orderBy: [{ verificationId: "asc" }, { createdAt: "desc" }, { id: "desc" }],
    distinct: ["verificationId"],
  });
  return rows.map((r) => present(r));
}

/**
 * Links for every REVIEW and HOLD row of a batch that succeeded (batches are live, so a live caller),
 * with each row's order id: the pending link where there is one, a new one otherwise.
 */
export async function confirmBatchRows(db: Db, caller: Caller, batchId: string, input: Omit<CreateInput, "verification_id">) {
  const batch = await db.batch.findFirst({ where: { id: batchId, workspaceId: caller.workspaceId }, select: { id: true } });
  if (!batch) throw new DakiyaError("batch_not_found", `No batch ${batchId} in this workspace.`);
  const rows = await db.batchRow.findMany({
    where: { batchId, status: "succeeded", verification: { decision: { in: ["REVIEW", "HOLD"] } } },
    select: { orderId: true, verificationId: true },
    orderBy: { index: "asc" },
  });
  const links: { order_id: string | null; confirmation: Confirmation }[] = [];
  for (const r of rows) {
    const { confirmation } = await createConfirmation(db, caller, { ...input, verification_id: r.verificationId! });
    links.push({ order_id: r.orderId, confirmation });
  }
  return links;
}

/* The buyer's page: everything below is reached by the link's token alone, without sign-in. */

interface OpenLink {
  row: Row;
  workspaceName: string;
  retentionDays: number;
  verification: Pick<VerificationRow, "components" | "orderId" | "inputAddress" | "paymentMethod" | "orderValue">;
}

/**
 * The link a token opens. An unknown token is a 404 counted against the client's address in memory
 * (unknown-tokens.ts: no database write, so tokens can be neither guessed at speed nor used to load
 * the database); a client past that limit is refused before any look-up, real links too.
 */
async function openLink(db: Db, token: string, clientAddress: string | null): Promise<OpenLink> {
  const client = clientAddress ?? "unknown";
  refuseBlockedClient(client, LINK_LIMITS.unknownTokensPerMinute);
  const row =
    token.length <= TOKEN_MAX_LENGTH
      ? await db.confirmation.findUnique({ where: { tokenHash: hashToken(token) }, include: { workspace: { select: { name: true, retentionDays: true } }, verification: true } })
      : null;
  if (!row) {
    countUnknownToken(client, LINK_LIMITS.unknownTokensPerMinute);
    throw new DakiyaError("confirmation_not_found", "This link is not valid. Check that it was copied whole.");
  }
  const { workspace, verification, ...link } = row;
  return { row: link, workspaceName: workspace.name, retentionDays: workspace.retentionDays, verification };
}

/**
 * What the buyer's page shows: the workspace's name and, while the link is pending, the address;
 * nothing else of the merchant. Once confirmed or expired only that state: whoever holds the link
 * later sees neither the address nor the buyer's point.
 */
export type LinkView =
  | {
      status: "pending";
      locale: Locale;
      workspace_name: string;
      /** The privacy notice the page shows (docs/privacy.md): its version, recorded on confirming, and the workspace's retention. */
      notice: { version: number; retention_days: number };
      components: Record<ComponentName, string | null>;
      suggested_pincodes: SuggestedPincode[];
      expires_at: string;
      /** MAP_TILE_URL: where the page may draw a map of the buyer's point; null draws none. */
      map_tile_url: string | null;
    }
  | { status: "confirmed" | "expired"; locale: Locale; workspace_name: string };

function viewOf(link: OpenLink): LinkView {
  const status = statusOf(link.row);
  const locale = link.row.locale as Locale;
  if (status !== "pending") return { status, locale, workspace_name: link.workspaceName };
  const components = link.verification.components as unknown as Components;
  return {
    status,
    locale,
    workspace_name: link.workspaceName,
    notice: { version: NOTICE_VERSION, retention_days: link.retentionDays },
    components: Object.fromEntries(COMPONENT_NAMES.map((k) => [k, components[k] ?? null])) as Record<ComponentName, string | null>,
    suggested_pincodes: suggestPincodes(normalizeAddress(link.verification.inputAddress)),
    expires_at: link.row.expiresAt.toISOString(),
    map_tile_url: config().MAP_TILE_URL ?? null,
  };
}

export async function viewLink(db: Db, token: string, clientAddress: string | null): Promise<LinkView> {
  const link = await openLink(db, token, clientAddress);
  await hit(db, `confirm-view:${link.row.id}`, LINK_LIMITS.viewsPerMinute);
  return viewOf(link);
}

function inIndia(p: { lat: number; lng: number }): boolean {
  return p.lat >= DIGIPIN_BOUNDS.minLat && p.lat <= DIGIPIN_BOUNDS.maxLat && p.lng >= DIGIPIN_BOUNDS.minLng && p.lng <= DIGIPIN_BOUNDS.maxLng;
}

export interface DevicePoint {
  lat: number;
  lng: number;
  accuracy_m: number;
}

/**
 * Whether a device point becomes the verification's location, and why not: the same rules as the
 * verification's (deviceCheck). `pincode`: the one the buyer wrote; without a known one the point
 * has nothing to be checked against and is not used.
 */
export function deviceVerdict(p: DevicePoint, pincode: string | null): "used" | "inaccurate" | "outside_india" | "far_from_pincode" | "no_pincode" {
  if (!inIndia(p)) return "outside_india";
  if (p.accuracy_m > DEVICE_ACCURACY_M) return "inaccurate";
  if (!pincode || !lookupPincode(pincode)) return "no_pincode";
  return deviceCheck(pincode, p).near ? "used" : "far_from_pincode";
}

export interface LocatedPoint {
  verdict: ReturnType<typeof deviceVerdict>;
  accuracy_m: number;
  /** The point's DIGIPIN cell (null outside India's bounds), for the page to draw. */
  cell: { digipin: string; center: { lat: number; lng: number }; bbox: { min_lat: number; max_lat: number; min_lng: number; max_lng: number } } | null;
}

/**
 * The DIGIPIN cell of the buyer's point, and whether a submission would use the point (`pincode`:
 * the one in the form, to say when the point is too far from it). A closed link takes no look-up.
 */
export async function locatePoint(db: Db, token: string, clientAddress: string | null, p: DevicePoint, pincode: string | null = null): Promise<LocatedPoint> {
  const link = await openLink(db, token, clientAddress);
  await hit(db, `confirm-locate:${link.row.id}`, LINK_LIMITS.locatesPerMinute);
  const status = statusOf(link.row);
  if (status !== "pending") throw closed(status);
  const verdict = deviceVerdict(p, pincode);
  if (verdict === "outside_india") return { verdict, accuracy_m: p.accuracy_m, cell: null };
  const { digipin, center, bbox } = decodeDigipin(encodeDigipin(p.lat, p.lng));
  return { verdict, accuracy_m: p.accuracy_m, cell: { digipin, center, bbox } };
}

export interface Submission {
  components: Record<ComponentName, string>;
  device?: DevicePoint | null;
}

const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/** The address line the parts make, in the order a courier reads (the district only when it is not the city). */
export function addressText(c: Record<ComponentName, string>): string {
  const part = (k: ComponentName) => clean(c[k]);
  const district = part("district") && part("district").toLowerCase() !== part("city").toLowerCase() ? part("district") : "";
  const tail = [part("state"), part("pincode")].filter(Boolean).join(" ");
  return [part("house"), part("building"), part("street"), part("locality"), part("landmark"), part("city"), district, tail].filter(Boolean).join(", ");
}

/** The caller the buyer's submission verifies as: the workspace, in the link's mode, under the key that asked for the link. */
async function workspaceCaller(db: Db, row: Row): Promise<Caller> {
  const [w] = await query<PlanFigures & { planId: string }>(db, Prisma.sql`SELECT ${PLAN_COLUMNS} FROM workspaces w JOIN plans p ON p.id = w.plan_id WHERE w.id = ${row.workspaceId}`);
  if (!w) throw new DakiyaError("confirmation_not_found", "This link is not valid.");
  return { keyId: row.keyId, kind: row.livemode ? "live" : "test", livemode: row.livemode, workspaceId: row.workspaceId, plan: planOf(w) };
}

function closed(status: ConfirmationStatus): DakiyaError {
  return new DakiyaError(
    "confirmation_closed",
    status === "expired" ? "This link has expired; ask the seller for a new one." : "This address was already confirmed; nothing more can be sent from this link.",
  );
}

/**
 * The buyer's corrected address: verified as a new verification of the workspace (live: 1 unit;
 * test: simulated, any address) with the order's payment method and value, so the policy's rules
 * still apply; located at the device point when it is accurate, inside India and near the written
 * pincode; and announced as `address.confirmed` (written in the same transaction that confirms: a
 * live link's to the workspace's endpoints, a test link's to its test event list only). One
 * submission per link: a second, or one racing it, is refused; a failed verification frees the link.
 */
/** The answer to a submission: the link's new state, and what was just sent, shown back to the one who sent it only. */
export interface Submitted {
  view: LinkView;
  sent: { address: string; digipin: string | null };
}

export async function submitLink(db: Db, token: string, clientAddress: string | null, submission: Submission): Promise<Submitted> {
  const link = await openLink(db, token, clientAddress);
  await hit(db, `confirm-submit:${link.row.id}`, LINK_LIMITS.submitsPerMinute);
  const status = statusOf(link.row);
  if (status !== "pending") throw closed(status);
  const address = addressText(submission.components);
  if (address.length < 5 || address.length > ADDRESS_MAX_LENGTH) {
    throw new DakiyaError("invalid_request", `The address must be 5 to ${ADDRESS_MAX_LENGTH} characters in all.`, { details: [{ path: "components", message: "too short or too long" }] });
  }
  const at = now();
  const claim = await db.confirmation.updateMany({
    where: { id: link.row.id, status: "pending", expiresAt: { gt: at }, OR: [{ claimedUntil: null }, { claimedUntil: { lte: at } }] },
    data: { claimedUntil: new Date(at.getTime() + CLAIM_MS) },
  });
  if (claim.count === 0) throw closed("confirmed");

  // An accurate point inside India goes to the verification, which uses it only near the written pincode.
  const shared = submission.device && inIndia(submission.device) ? submission.device : null;
  const device = shared && shared.accuracy_m <= DEVICE_ACCURACY_M ? shared : null;
  const { orderId, paymentMethod, orderValue } = link.verification;
  let v: Verification;
  try {
    v = await verify(
      db,
      await workspaceCaller(db, link.row),
      { address, order_id: orderId, payment_method: paymentMethod, order_value: orderValue },
      { device: device ?? undefined, anyAddress: true },
    );
  } catch (err) {
    await db.confirmation.updateMany({ where: { id: link.row.id, status: "pending" }, data: { claimedUntil: null } });
    throw err;
  }
  const original = link.verification.components as unknown as Components;
  const changed = COMPONENT_NAMES.filter((k) => clean(submission.components[k]) !== clean(original[k]));
  // Kept whether used or not, so the seller sees where the buyer was; null only outside India (no DIGIPIN).
  const deviceLocation: DeviceLocation | null = shared
    ? { lat: shared.lat, lng: shared.lng, accuracy_m: shared.accuracy_m, digipin: encodeDigipin(shared.lat, shared.lng), used: v.location?.precision === "device" }
    : null;

  const deliveries = await db.$transaction(async (tx) => {
    const row = await tx.confirmation.update({
      where: { id: link.row.id, status: "pending" },
      data: {
        status: "confirmed",
        confirmedAt: now(),
        claimedUntil: null,
        newVerificationId: v.verification_id,
        changed,
        deviceLocation: deviceLocation ? { ...deviceLocation } : Prisma.DbNull,
        noticeVersion: NOTICE_VERSION,
      },
    });
    const event = { id: confirmedEventId(row.id), type: "address.confirmed" as const, data: { confirmation: present(row), verification: v } };
    if (row.livemode) return enqueueEvent(tx, row.workspaceId, event);
    await recordTestEvent(tx, row.workspaceId, event);
    return [];
  });
  await workRecorded({ deliveries });
  return { view: viewOf({ ...link, row: { ...link.row, status: "confirmed" } }), sent: { address, digipin: deviceLocation?.used ? deviceLocation.digipin : null } };
}
