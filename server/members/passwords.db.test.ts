import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setClock } from "../clock";
import { db } from "../db";
import { auth, PASSWORD_LENGTH, SIGN_IN_LIMIT } from "../auth";
import { authPost, useAuthOrigin } from "../../test/auth";
import { newWorkspace, sessionCookie, useWorkspace } from "../../test/helpers";
import { createMember, resetMemberPassword, type MemberRole } from ".";

/** Members' passwords: changing one's own (better-auth's change-password, throttled like sign-in) and an owner's or admin's reset. */
useAuthOrigin();
const ws = useWorkspace();
// The per-account count keeps one-minute windows on the service's clock: held still, a slow run cannot straddle two.
beforeEach(() => setClock(new Date()));
afterEach(() => setClock(null));

let n = 0;
async function member(role: MemberRole, workspaceId = ws.workspace_id) {
  return createMember(db(), { workspaceId, email: `pw-${role}-${Date.now().toString(36)}-${++n}@example.com`, role });
}

function post(path: string, body: unknown, opts: { cookie?: string; socket?: string } = {}): Promise<Response> {
  return authPost(path, body, { socket: opts.socket ?? "203.0.113.50", headers: opts.cookie ? { cookie: opts.cookie } : {} });
}

/** Signs in and returns the session cookie, or the refusal's status. */
async function signIn(email: string, password: string, socket?: string): Promise<{ status: number; cookie: string }> {
  const res = await post("/sign-in/email", { email, password }, { socket });
  return { status: res.status, cookie: sessionCookie(res) };
}

const sessionOf = async (cookie: string) => auth().api.getSession({ headers: new Headers({ cookie }) });

describe("changing one's own password", () => {
  it("takes the current password and a new one; the new one signs in, the old one no longer does", async () => {
    const m = await member("viewer");
    const { cookie } = await signIn(m.email, m.password);
    const res = await post("/change-password", { currentPassword: m.password, newPassword: "a-new-long-password", revokeOtherSessions: true }, { cookie });
    expect(res.status).toBe(200);
    expect((await signIn(m.email, m.password)).status).toBe(401);
    expect((await signIn(m.email, "a-new-long-password")).status).toBe(200);
  });

  it("refuses a wrong current password and a new one outside the length bounds, changing nothing", async () => {
    const m = await member("admin");
    const { cookie } = await signIn(m.email, m.password);
    const wrong = await post("/change-password", { currentPassword: "not-it-at-all", newPassword: "a-new-long-password" }, { cookie });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe("INVALID_PASSWORD");
    for (const newPassword of ["x".repeat(PASSWORD_LENGTH.min - 1), "x".repeat(PASSWORD_LENGTH.max + 1)]) {
      const res = await post("/change-password", { currentPassword: m.password, newPassword }, { cookie });
      expect(res.status).toBe(400);
    }
    expect((await signIn(m.email, m.password)).status).toBe(200);
  });

  it("is refused without a session", async () => {
    const res = await post("/change-password", { currentPassword: "whatever-it-is", newPassword: "a-new-long-password" });
    expect(res.status).toBe(401);
  });
});

describe("security: the sign-in throttle applies to the current-password check", () => {
  // Each guess hashes the new password and checks the current one (two scrypt runs): twenty on a loaded machine take a while.
  it("refuses the 11th guess within a minute with 429, even the right password, and the guesses count against sign-in", { timeout: 120_000 }, async () => {
    const m = await member("owner");
    const { cookie } = await signIn(m.email, m.password, "203.0.113.61");
    const statuses: number[] = [];
    for (let i = 1; i < SIGN_IN_LIMIT.max; i++) {
      statuses.push((await post("/change-password", { currentPassword: `guess-${i}-guess`, newPassword: "a-new-long-password" }, { cookie, socket: "203.0.113.61" })).status);
    }
    // The sign-in above was the first of the minute's ten.
    expect(statuses).toEqual(Array(SIGN_IN_LIMIT.max - 1).fill(400));
    const right = await post("/change-password", { currentPassword: m.password, newPassword: "a-new-long-password" }, { cookie, socket: "203.0.113.61" });
    expect(right.status).toBe(429);
    expect((await signIn(m.email, m.password, "203.0.113.61")).status).toBe(429);
    expect((await signIn(m.email, m.password, "203.0.113.62")).status).toBe(200);
  });
});

describe("an owner's or admin's reset of a member's password", () => {
  it("gives a new password shown once, stops the old one and signs the member out", async () => {
    const owner = await member("owner");
    const viewer = await member("viewer");
    const { cookie } = await signIn(viewer.email, viewer.password);
    expect(await sessionOf(cookie)).not.toBeNull();
    const reset = await resetMemberPassword(db(), ws.workspace_id, { userId: owner.userId, role: "owner" }, viewer.userId);
    expect(reset).toEqual({ email: viewer.email, password: expect.stringMatching(/^[0-9A-Za-z]{20}$/) });
    expect(await sessionOf(cookie)).toBeNull();
    expect((await signIn(viewer.email, viewer.password)).status).toBe(401);
    expect((await signIn(viewer.email, reset.password)).status).toBe(200);
  });

  it("lets an admin reset a viewer's but not an owner's; a viewer none; nobody their own; nobody another workspace's", async () => {
    const owner = await member("owner");
    const admin = await member("admin");
    const viewer = await member("viewer");
    const outsider = await member("viewer", (await newWorkspace()).workspace_id);
    await expect(resetMemberPassword(db(), ws.workspace_id, { userId: admin.userId, role: "admin" }, viewer.userId)).resolves.toMatchObject({ email: viewer.email });
    await expect(resetMemberPassword(db(), ws.workspace_id, { userId: admin.userId, role: "admin" }, owner.userId)).rejects.toMatchObject({ code: "forbidden" });
    await expect(resetMemberPassword(db(), ws.workspace_id, { userId: viewer.userId, role: "viewer" }, admin.userId)).rejects.toMatchObject({ code: "forbidden" });
    await expect(resetMemberPassword(db(), ws.workspace_id, { userId: owner.userId, role: "owner" }, owner.userId)).rejects.toMatchObject({ code: "invalid_request" });
    await expect(resetMemberPassword(db(), ws.workspace_id, { userId: owner.userId, role: "owner" }, outsider.userId)).rejects.toMatchObject({ code: "not_found" });
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
    expect((await signIn(outsider.email, outsider.password)).status).toBe(200);
  });
});
