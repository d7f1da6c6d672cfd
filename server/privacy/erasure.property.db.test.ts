import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { outcomeAnalytics } from "../analytics";
import { resultsCsv } from "../batches/results";
import { now } from "../clock";
import { confirmedEventId } from "../confirmations/event-id";
import { db } from "../db";
import { newId } from "../ids";
import { getUsage } from "../quota";
import { emptyHistory, findVerifications, readContext } from "../verification";
import { deliveryLog } from "../webhooks";
import { seedBatch } from "../../test/batch-results";
import { newWorkspace } from "../../test/helpers";
import { eraseBuyerData } from ".";
import { keyOf, rollUps, seedVerifications } from "./test-data";

/**
 * The erasure property (issue 32), on the fixed seed of test/property-seed.ts: for a random workspace
 * of orders with verifications, outcomes, a batch, a confirmation with the phone's point and its
 * webhook event, erasing one order leaves none of its personal values in any console answer, download
 * or webhook body, forgets its address's history, and leaves analytics, usage and the roll-ups
 * (the calibration's sums) exactly as they were.
 */
const DAY = 86_400_000;
const OUTCOMES = [null, "delivered", "rto", "customer_refused", "lost"] as const;

const order = fc.record({
  verifications: fc.integer({ min: 1, max: 3 }),
  outcome: fc.constantFrom(...OUTCOMES),
  daysAgo: fc.integer({ min: 0, max: 60 }),
  inBatch: fc.boolean(),
  street: fc.constantFrom("Lotus", "Gulmohar", "Ashoka", "Tulsi", "Neem"),
});
const workspace = fc.record({ orders: fc.array(order, { minLength: 2, maxLength: 5 }), erase: fc.nat(), confirmErased: fc.boolean(), lat: fc.integer({ min: 100, max: 999 }) });

async function everythingShown(workspaceId: string, ids: string[], batchId: string | null) {
  const found = await Promise.all(ids.map((id) => findVerifications(db(), workspaceId, id)));
  const csv = batchId ? await new Response(await resultsCsv(db(), workspaceId, batchId)).text() : "";
  return JSON.stringify(found) + csv + JSON.stringify(await deliveryLog(db(), workspaceId, { limit: 200 }));
}

async function figures(workspaceId: string) {
  const plan = (await db().workspace.findUniqueOrThrow({ where: { id: workspaceId }, include: { plan: true } })).plan;
  return {
    analytics: await outcomeAnalytics(db(), workspaceId, {}),
    usage: await getUsage(db(), workspaceId, plan),
    rollUps: await rollUps(workspaceId),
  };
}

describe("erasing an order", () => {
  it("leaves none of its personal values anywhere, and every figure as it was", async () => {
    await fc.assert(
      fc.asyncProperty(workspace, async (w) => {
        const ws = await newWorkspace();
        const wsId = ws.workspace_id;
        const tag = wsId.slice(3, 9);
        // Each order's building and house are its own: no one's is a part of another's.
        const orders = w.orders.map((o, i) => ({ ...o, id: `ORD-${tag}-${i}x`, building: `${o.street} Apartments ${tag}x${i}y`, house: `Flat ${tag}q${i}z` }));
        const addressOf = (o: (typeof orders)[number]) => `${o.house}, ${o.building}, 5th Cross, Jayanagar, Bengaluru 560011`;
        const ids: string[] = [];
        for (const o of orders) {
          const made = await seedVerifications(
            wsId,
            Array.from({ length: o.verifications }, (_, k) => ({
              orderId: o.id,
              address: addressOf(o),
              createdAt: new Date(now().getTime() - o.daysAgo * DAY),
              outcome: k === 0 ? o.outcome : null,
            })),
          );
          ids.push(...made);
        }
        const batched = orders.filter((o) => o.inBatch);
        const batchId = batched.length
          ? await seedBatch(
              wsId,
              batched.map((o) => ({ order_id: o.id, address: addressOf(o) })),
            )
          : null;
        const erased = orders[w.erase % orders.length]!;
        // A buyer confirmed one order's address from a link, with the phone's point; the event waits for a retry.
        const confirmed = w.confirmErased ? erased : orders[(w.erase + 1) % orders.length]!;
        // The event carries the Verification as the API answers it (without the console's extra fields).
        const [{ address: _address, outcome: _outcome, synthetic: _synthetic, ...confirmedVer }] = (await findVerifications(db(), wsId, confirmed.id)) as [
          Awaited<ReturnType<typeof findVerifications>>[number],
        ];
        const point = { lat: Number(`12.9${w.lat}17`), lng: 77.58, accuracy_m: 10, digipin: "4P3JK852C9" };
        const confirmation = {
          id: newId("cnf"),
          workspaceId: wsId,
          verificationId: confirmedVer.verification_id,
          livemode: true,
          tokenHash: newId("cnf"),
          locale: "en",
          status: "confirmed" as const,
          expiresAt: now(),
          confirmedAt: now(),
          deviceLocation: point,
          changed: ["house"],
          createdAt: now(),
        };
        await db().confirmation.create({ data: confirmation });
        const endpoint = await db().webhookEndpoint.create({ data: { id: newId("wh"), workspaceId: wsId, url: "https://hooks.example.in/dakiya", secret: "whsec_x" } });
        // The event as a confirmation announces it: its id is the confirmation's, the same on every delivery.
        const eventId = confirmedEventId(confirmation.id);
        const body = JSON.stringify({
          id: eventId,
          type: "address.confirmed",
          created_at: now().toISOString(),
          data: { confirmation: { confirmation_id: confirmation.id, verification_id: confirmation.verificationId, device_location: point }, verification: confirmedVer },
        });
        await db().webhookDelivery.create({
          data: { id: newId("msg"), endpointId: endpoint.id, eventId, eventType: "address.confirmed", payload: body, nextAttemptAt: now() },
        });

        const before = await figures(wsId);
        const result = await eraseBuyerData(db(), wsId, { order_id: erased.id }, { keyId: null, member: null });

        expect(result.redacted.verifications).toBe(erased.verifications + (erased.inBatch ? 1 : 0));
        expect(result.redacted.confirmations).toBe(w.confirmErased ? 1 : 0);
        expect(result.redacted.webhook_deliveries).toBe(w.confirmErased ? 1 : 0);
        expect(result.redacted.batch_rows).toBe(erased.inBatch ? 1 : 0);

        const shown = await everythingShown(wsId, ids, batchId);
        for (const personal of [erased.id, erased.house, erased.building, ...(w.confirmErased ? [String(point.lat)] : [])]) {
          expect(shown).not.toContain(personal);
        }
        // The others keep theirs.
        for (const o of orders.filter((x) => x !== erased)) expect(shown).toContain(o.id);
        const context = await readContext(db(), wsId, [keyOf(addressOf(erased))]);
        expect(context.history(keyOf(addressOf(erased)))).toEqual(emptyHistory());
        expect(await figures(wsId)).toEqual(before);
      }),
      { numRuns: 8 },
    );
  }, 300_000);
});
