import { db } from "../db";
import type { Decision, OutcomeKind } from "../../lib/words";
import { newId } from "../ids";
import { emptyHistory } from "../verification";

/** Verifications (with their outcomes) written straight to the database, for the privacy tests. */

export interface SeedVerification {
  orderId: string | null;
  address: string;
  createdAt: Date;
  decision?: Decision;
  score?: number;
  outcome?: OutcomeKind | null;
  courier?: string | null;
  /** A device point (precision `device`), as a buyer's confirmation leaves it. */
  point?: { lat: number; lng: number } | null;
}

export const PINCODE = { code: "560011", district: "Bangalore", state: "Karnataka" };

/** The history key, as server/addresses makes it from the normalized form. */
export const keyOf = (address: string) =>
  address
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

export async function seedVerifications(workspaceId: string, rows: SeedVerification[]): Promise<string[]> {
  const ids = rows.map(() => newId("ver"));
  await db().verification.createMany({
    data: rows.map((r, i) => {
      const decision = r.decision ?? "SHIP";
      return {
        id: ids[i]!,
        workspaceId,
        livemode: true,
        orderId: r.orderId,
        inputAddress: r.address,
        addressKey: keyOf(r.address),
        normalized: `${r.address}, Karnataka`,
        components: {
          house: r.address.split(",")[0]!,
          building: null,
          street: "5th Cross",
          locality: "Jayanagar",
          landmark: null,
          city: "Bengaluru",
          district: "Bangalore",
          state: "Karnataka",
          pincode: "560011",
        },
        decision,
        score: r.score ?? (decision === "SHIP" ? 90 : decision === "REVIEW" ? 45 : 10),
        validationLevel: decision === "SHIP" ? ("building" as const) : ("street" as const),
        reasons: [{ code: "pincode_city_mismatch", message: `${r.address.split(",")[0]} is not in the area of pincode 560011 (Bangalore, Karnataka).` }],
        reasonCodes: ["pincode_city_mismatch"],
        pincode: PINCODE,
        pincodeCode: PINCODE.code,
        state: PINCODE.state,
        location: r.point ? { ...r.point, precision: "device" } : { lat: 12.93, lng: 77.58, precision: "pincode" },
        digipin: r.point ? "4P3JK852C9" : null,
        history: emptyHistory(),
        providerName: "simulator",
        providerCalled: true,
        deliveryProbability: 0.8,
        outcome: r.outcome ?? null,
        courier: r.outcome ? (r.courier ?? "Delhivery") : null,
        createdAt: r.createdAt,
      };
    }),
  });
  const outcomes = rows.flatMap((r, i) =>
    r.outcome
      ? [{ id: newId("out"), workspaceId, verificationId: ids[i]!, addressKey: keyOf(r.address), outcome: r.outcome, courier: r.courier ?? "Delhivery", createdAt: r.createdAt }]
      : [],
  );
  if (outcomes.length) await db().outcome.createMany({ data: outcomes });
  return ids;
}

/** The analytics roll-ups of a workspace, in a stable order: what redaction must leave as it was. */
export async function rollUps(workspaceId: string) {
  const order = { orderBy: [{ day: "asc" as const }] };
  const days = await db().analyticsDay.findMany({ where: { workspaceId }, ...order });
  const sort = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
  return {
    days: sort(days),
    reasons: sort(await db().analyticsReasonDay.findMany({ where: { workspaceId } })),
    pincodes: sort(await db().analyticsPincodeDay.findMany({ where: { workspaceId } })),
  };
}
