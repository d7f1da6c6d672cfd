import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newWorkspace } from "../../test/helpers";
import { signIn } from "../../test/server";
import * as quota from "../quota";
import { PAGE_CALLS } from "../../lib/shared";
import { lendPageCalls, renderingPage, type PageCalls } from "./page-calls";
import { buildServer } from "./server";

/**
 * What the server lends the pages it renders: the procedures called in process as the member whose
 * page request is being rendered, and the contract's code of a failed call. A route stands in for
 * Next.js here: it renders "a page" that makes the calls a server component makes.
 */
let origin: string;
let cookie: string;
let close: () => Promise<void>;
let ws: Awaited<ReturnType<typeof newWorkspace>>;

function pageCalls(): PageCalls {
  return (globalThis as { [PAGE_CALLS]?: PageCalls })[PAGE_CALLS]!;
}

// The usage read fails as it does with the database down (connection refused) while `databaseDown` is set.
let databaseDown = false;
vi.mock("../quota", async (importOriginal) => {
  const original = await importOriginal<typeof quota>();
  return {
    ...original,
    getUsage: (...args: Parameters<typeof original.getUsage>) =>
      databaseDown ? Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })) : original.getUsage(...args),
  };
});

/** What the stand-in page answers: its calls' results, or the contract's code of the call that failed. */
type Rendered = { ok: true; value: unknown } | { ok: false; code: string | null };

const renders: Record<string, () => Promise<unknown>> = {
  me: () => pageCalls().caller().console.me(),
  batch: () => pageCalls().caller().batches.get({ batch_id: "bat_AAAAAAAAAAAAAAAAAAAA" }),
  usage: () => pageCalls().caller().usage.get(),
  both: async () => {
    const api = pageCalls().caller();
    return Promise.all([api.console.me(), api.usage.get()]);
  },
};

beforeAll(async () => {
  lendPageCalls();
  const { app } = await buildServer();
  app.get("/test-page/:render", async (request, reply) => {
    const render = renders[(request.params as { render: string }).render]!;
    return renderingPage(request, reply.raw, () =>
      render().then<Rendered, Rendered>(
        (value) => ({ ok: true, value }),
        (err: unknown) => ({ ok: false, code: pageCalls().errorCode(err) }),
      ),
    );
  });
  // A stand-in for Next.js's own answer: the page's HTML, or its error page with status 500 when a call failed.
  app.get("/test-html/:render", async (request, reply) => {
    const render = renders[(request.params as { render: string }).render]!;
    reply.hijack();
    await renderingPage(request, reply.raw, () =>
      render().then(
        () => void reply.raw.writeHead(200, { "content-type": "text/html" }).end("<p>page</p>"),
        () => void reply.raw.writeHead(500, "Internal Server Error", { "content-type": "text/html" }).end("<p>error page</p>"),
      ),
    );
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = () => app.close();
  ws = await newWorkspace("starter");
  cookie = await signIn(origin, ws);
});
afterAll(() => close());

async function render(name: string, withCookie = true): Promise<Rendered> {
  const res = await fetch(`${origin}/test-page/${name}`, { headers: withCookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  return (await res.json()) as Rendered;
}

describe("a page's procedure calls", () => {
  it("answer as the member whose page request is rendering", async () => {
    const page = await render("me");
    expect(page).toMatchObject({ ok: true, value: { email: ws.console.email, role: "owner", workspace: { id: ws.workspace_id } } });
  });

  it("answer several calls of one render", async () => {
    const page = await render("both");
    expect(page.ok).toBe(true);
    const [me, usage] = (page as { value: [{ workspace: { id: string } }, { plan: unknown }] }).value;
    expect(me.workspace.id).toBe(ws.workspace_id);
    expect(usage).toHaveProperty("plan");
  });

  it("fail with the contract's code: signed out, and a batch that is not the workspace's", async () => {
    expect(await render("me", false)).toEqual({ ok: false, code: "unauthenticated" });
    expect(await render("batch")).toEqual({ ok: false, code: "batch_not_found" });
  });

  it("give no code for what a procedure did not throw (Next.js's redirects pass through)", () => {
    expect(pageCalls().errorCode(Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT;replace;/sign-in;307;" }))).toBeNull();
  });

  it("make a page whose call found the database down answer 503 with Retry-After, not Next.js's 500; any other failure stays 500", async () => {
    const html = (name: string) => fetch(`${origin}/test-html/${name}`, { headers: { cookie } });
    databaseDown = true;
    try {
      const down = await html("usage");
      expect([down.status, down.statusText, down.headers.get("retry-after"), await down.text()]).toEqual([503, "Service Unavailable", "5", "<p>error page</p>"]);
    } finally {
      databaseDown = false;
    }
    expect((await html("usage")).status).toBe(200);
    const failed = await html("batch");
    expect([failed.status, failed.headers.get("retry-after")]).toEqual([500, null]);
  });

  it("are refused outside a page request", () => {
    expect(() => pageCalls().caller()).toThrow(/outside the rendering of a page request/);
  });
});
