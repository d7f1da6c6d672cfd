import { afterAll, afterEach, describe, expect, it } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { createInngest } from "../../inngest/client";
import { inngestFunctions } from "../../inngest/functions";
import { startRunner, stopRunner } from "../../inngest/runner";
import { setClock } from "../clock";
import { db } from "../db";
import { newWorkspace } from "../../test/helpers";
import { parseAsOf, purgeExpiredPersonalData, setRetention } from ".";
import { keyOf, rollUps, seedVerifications } from "./test-data";

/**
 * The daily purge (docs/privacy.md): verifications older than their workspace's retention are
 * redacted, nothing younger, nothing twice; the analytics roll-ups do not move; the Inngest cron
 * function and the in-process runner run the same purge.
 */
const DAY = 86_400_000;
const TODAY = parseAsOf("2026-11-26");
const daysAgo = (n: number) => new Date(TODAY.getTime() - n * DAY + 3_600_000);

afterEach(() => setClock(null));
afterAll(() => stopRunner());

async function workspaceWithAges(ages: number[], retention?: number) {
  const ws = await newWorkspace();
  if (retention) await setRetention(db(), ws.workspace_id, retention);
  const ids = await seedVerifications(
    ws.workspace_id,
    ages.map((age, i) => ({
      orderId: `ORD-AGE-${age}-${i}`,
      address: `House ${i + 1}, 5th Cross, Jayanagar, Bengaluru 560011`,
      createdAt: daysAgo(age),
      outcome: i % 2 ? "rto" : "delivered",
      point: { lat: 12.9301, lng: 77.5801 },
    })),
  );
  return { ws, ids };
}

describe("purge", () => {
  it("redacts only what is older than each workspace's retention, once, and leaves the roll-ups as they were", async () => {
    const a = await workspaceWithAges([10, 179, 181, 400]);
    const b = await workspaceWithAges([10, 31, 400], 30);
    const before = [await rollUps(a.ws.workspace_id), await rollUps(b.ws.workspace_id)];

    const result = await purgeExpiredPersonalData(db(), { asOf: TODAY });
    expect(result.as_of).toBe("2026-11-26");
    expect(result.redacted.verifications).toBeGreaterThanOrEqual(4);

    const redacted = async (ids: string[]) =>
      (await db().verification.findMany({ where: { id: { in: ids } } })).sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id)).map((v) => v.redactedAt !== null);
    expect(await redacted(a.ids)).toEqual([false, false, true, true]);
    expect(await redacted(b.ids)).toEqual([false, true, true]);

    const old = await db().verification.findUniqueOrThrow({ where: { id: a.ids[3]! } });
    expect(old).toMatchObject({ orderId: null, inputAddress: "[redacted]", normalized: "[redacted]", addressKey: "[redacted]", digipin: null, location: null });
    expect(old).toMatchObject({ decision: "SHIP", score: 90, pincodeCode: "560011", state: "Karnataka", outcome: "rto", courier: "Delhivery" });
    expect(old.components).toEqual({ house: null, building: null, street: null, locality: null, landmark: null, city: null, district: "Bangalore", state: "Karnataka", pincode: "560011" });
    expect(JSON.stringify(old.reasons)).not.toContain("House 4");
    // Its outcome stays, but no longer under the address's key.
    expect(await db().outcome.findUniqueOrThrow({ where: { verificationId: a.ids[3]! } })).toMatchObject({ outcome: "rto", addressKey: "[redacted]" });
    expect(await db().outcome.findUniqueOrThrow({ where: { verificationId: a.ids[0]! } })).toMatchObject({ addressKey: keyOf("House 1, 5th Cross, Jayanagar, Bengaluru 560011") });

    expect([await rollUps(a.ws.workspace_id), await rollUps(b.ws.workspace_id)]).toEqual(before);
    // A second run on the same day finds nothing more in these workspaces.
    await purgeExpiredPersonalData(db(), { asOf: TODAY });
    expect(await redacted(a.ids)).toEqual([false, false, true, true]);
  });

  it("runs as the daily Inngest function, as of today by the service's clock", async () => {
    const { ids } = await workspaceWithAges([200, 5]);
    setClock(new Date(TODAY.getTime() + 9 * 3_600_000));
    const { purgePersonalData } = inngestFunctions(createInngest({ INNGEST_DEV: false, INNGEST_EVENT_KEY: "test-event-key", INNGEST_SIGNING_KEY: undefined }));
    const { result } = await new InngestTestEngine({ function: purgePersonalData }).execute();
    expect(result).toMatchObject({ as_of: "2026-11-26" });
    const rows = await db().verification.findMany({ where: { id: { in: ids } }, select: { id: true, redactedAt: true } });
    expect(rows.find((r) => r.id === ids[0])!.redactedAt).not.toBeNull();
    expect(rows.find((r) => r.id === ids[1])!.redactedAt).toBeNull();
  });

  it("runs in the in-process runner when Inngest is not configured, from its start", async () => {
    const { ids } = await workspaceWithAges([300]);
    setClock(new Date(TODAY.getTime() + 9 * 3_600_000));
    startRunner();
    // The runner purges once at start-up; wait for that run itself (bounded by the test's own timeout).
    while ((await db().verification.findUniqueOrThrow({ where: { id: ids[0]! } })).redactedAt === null) await new Promise((r) => setTimeout(r, 50));
    stopRunner();
  });
});
