import { now } from "../server/clock";
import { db } from "../server/db";
import type { BatchRowStatus, BatchStatus, Decision } from "../server/generated/prisma/enums";
import { newId } from "../server/ids";
import { emptyHistory, REASONS } from "../server/verification";

/** Batches with finished rows for the results tests, written straight to the database. */

export interface SeedRow {
  order_id?: string | null;
  address?: string;
  status?: BatchRowStatus;
  decision?: Decision;
  score?: number;
  error_code?: string;
  reasons?: { code: string; message: string }[];
}

const reasonsFor = (d: Decision) =>
  d === "SHIP"
    ? [{ code: "provider_building_match", message: REASONS.provider_building_match }]
    : d === "REVIEW"
      ? [{ code: "missing_house_number", message: REASONS.missing_house_number }]
      : [{ code: "pincode_not_found", message: "Pincode 999999 is not in India Post's directory." }];

/** A batch written straight to the database, each succeeded row with its verification. */
export async function seedBatch(workspaceId: string, rows: SeedRow[], status: BatchStatus = "completed") {
  const batchId = newId("bat");
  const createdAt = now();
  await db().batch.create({
    data: {
      id: batchId,
      workspaceId,
      status,
      total: rows.length,
      succeeded: rows.filter((r) => (r.status ?? "succeeded") === "succeeded").length,
      failed: rows.filter((r) => r.status === "failed").length,
      cancelled: rows.filter((r) => r.status === "cancelled").length,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 7 * 24 * 3600_000),
    },
  });
  const verifications = [];
  const batchRows = [];
  for (const [index, r] of rows.entries()) {
    const status = r.status ?? "succeeded";
    const address = r.address ?? `House ${index + 1}, 5th Cross, Jayanagar, Bengaluru 560011`;
    let verificationId: string | null = null;
    if (status === "succeeded") {
      const decision = r.decision ?? "SHIP";
      verificationId = newId("ver");
      verifications.push({
        id: verificationId,
        workspaceId,
        livemode: true,
        orderId: r.order_id ?? null,
        inputAddress: address,
        addressKey: address.toLowerCase(),
        normalized: `${address}, Karnataka`,
        components: { city: "Bengaluru", state: "Karnataka", pincode: "560011" },
        decision,
        score: r.score ?? (decision === "SHIP" ? 90 : decision === "REVIEW" ? 45 : 10),
        validationLevel: decision === "SHIP" ? ("building" as const) : ("street" as const),
        reasons: r.reasons ?? reasonsFor(decision),
        pincode: { code: "560011", district: "Bangalore", state: "Karnataka" },
        digipin: "4P3JK852C9",
        history: emptyHistory(),
        providerName: "simulator",
        providerCalled: true,
        deliveryProbability: 0.8,
      });
    }
    batchRows.push({
      id: newId("row"),
      batchId,
      index,
      address,
      orderId: r.order_id === undefined ? `ORD-${index + 1}` : r.order_id,
      status,
      verificationId,
      errorCode: r.error_code ?? null,
    });
  }
  await db().verification.createMany({ data: verifications });
  await db().batchRow.createMany({ data: batchRows });
  return batchId;
}

/** Ten rows: three SHIP, two REVIEW, two HOLD, one failed, one cancelled, one not started; row 7 is order ABC-17, row 10 has no order id. */
export const MIX: SeedRow[] = [
  { decision: "SHIP", score: 90 },
  { decision: "HOLD", score: 10 },
  { decision: "REVIEW", score: 45 },
  { status: "failed", error_code: "provider_error" },
  { decision: "HOLD", score: 5 },
  { status: "cancelled" },
  { decision: "SHIP", score: 85, order_id: "ABC-17" },
  { decision: "REVIEW", score: 45 },
  { status: "pending" },
  { decision: "SHIP", score: 100, order_id: null },
];
