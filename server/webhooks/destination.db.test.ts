import { afterAll, afterEach, describe, expect, it } from "vitest";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { db } from "../db";
import { reloadConfig } from "../config";
import { setClock } from "../clock";
import { newId } from "../ids";
import { newWorkspace } from "../../test/helpers";
import { addEndpoint, attemptDelivery, deliveryLog, dueDeliveries, enqueueEvent, listEndpoints, MAX_ENDPOINTS_PER_WORKSPACE, removeEndpoint, sendTestEvent, TEST_EVENTS_PER_MINUTE } from ".";
import { isAllowedAddress, setResolver } from "./destination";

const closers: (() => Promise<void>)[] = [];

function allowPrivateNetworks(on: boolean) {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = on ? "1" : "0";
  reloadConfig();
}

/** Answers every name the test knows; the rest do not resolve. */
function resolveNames(names: Record<string, string[]>) {
  setResolver(async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: net.isIP(address) }));
  });
}

/** A TCP listener on 127.0.0.1 that counts connections: a refused send must not even connect. */
async function tcpTrap() {
  const trap = { port: 0, connections: 0 };
  const server = net.createServer((socket) => {
    trap.connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  trap.port = (server.address() as AddressInfo).port;
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return trap;
}

async function httpReceiver(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const rx = { port: 0, requests: 0 };
  const server = http.createServer((req, res) => {
    rx.requests++;
    req.resume().on("end", () => handle(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  rx.port = (server.address() as AddressInfo).port;
  closers.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  return rx;
}

const event = () => ({ id: newId("evt"), type: "batch.completed" as const, data: { batch_id: newId("bat") } });

/** Stores a URL as if registered before the rule (or under WEBHOOK_ALLOW_PRIVATE_NETWORKS), then sends one event to it. */
async function sendTo(url: string) {
  const ws = await newWorkspace();
  allowPrivateNetworks(true);
  const hook = await addEndpoint(db(), ws.workspace_id, "https://receiver.example/h");
  await db().webhookEndpoint.update({ where: { id: hook.webhook_id }, data: { url } });
  allowPrivateNetworks(false);
  const [id] = await enqueueEvent(db(), ws.workspace_id, event());
  const result = await attemptDelivery(db(), id!);
  const delivery = await db().webhookDelivery.findUniqueOrThrow({ where: { id: id! }, include: { attemptLog: true } });
  return { ws, id: id!, result, delivery };
}

afterEach(() => {
  setClock(null);
  setResolver(null);
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  reloadConfig();
});
afterAll(async () => {
  for (const close of closers) await close();
});

describe("the destination rule at registration", () => {
  it.each([
    "https://127.0.0.1/h",
    "https://127.1.2.3/h",
    "https://10.0.0.5:5432/",
    "https://172.16.0.1/",
    "https://192.168.1.1/",
    "https://169.254.169.254/latest/meta-data/",
    "https://100.64.0.1/",
    "https://0.0.0.0/",
    "https://224.0.0.1/",
    "https://[::1]/",
    "https://[::]/",
    "https://[fe80::1]/",
    "https://[fd12:3456::1]/",
    "https://[ff02::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:a00:5]/",
    "https://[64:ff9b::a00:5]/",
    "https://2130706433/",
    "https://0x7f000001/",
    "https://0177.0.0.1/",
    "https://0x7f.1/",
    "https://localhost/",
    "https://internal.example/",
    "https://mixed.example/",
    "http://public.example/",
    "http://93.184.216.34/",
  ])("refuses %s with invalid_request", async (url) => {
    resolveNames({ "internal.example": ["127.0.0.1"], "mixed.example": ["93.184.216.34", "10.1.2.3"], "public.example": ["93.184.216.34"], localhost: ["127.0.0.1", "::1"] });
    const ws = await newWorkspace();
    await expect(addEndpoint(db(), ws.workspace_id, url)).rejects.toMatchObject({ name: "DakiyaError", code: "invalid_request" });
    expect(await listEndpoints(db(), ws.workspace_id)).toEqual([]);
  });

  it("accepts public addresses, names that resolve to them, and names that do not resolve yet", async () => {
    resolveNames({ "public.example": ["93.184.216.34", "2606:2800:220:1::1"] });
    const ws = await newWorkspace();
    for (const url of ["https://93.184.216.34/h", "https://[2606:4700::1111]/h", "https://[::ffff:8.8.8.8]/h", "https://public.example/h", "https://not-yet.example/h"]) {
      expect((await addEndpoint(db(), ws.workspace_id, url)).webhook_id, url).toMatch(/^wh_/);
    }
    expect((await listEndpoints(db(), ws.workspace_id)).map((e) => e.url)).toEqual([
      "https://93.184.216.34/h",
      "https://[2606:4700::1111]/h",
      "https://[::ffff:808:808]/h",
      "https://public.example/h",
      "https://not-yet.example/h",
    ]);
  });

  it("is lifted, http included, by WEBHOOK_ALLOW_PRIVATE_NETWORKS=1", async () => {
    allowPrivateNetworks(true);
    const ws = await newWorkspace();
    for (const url of ["http://127.0.0.1:8080/h", "https://10.0.0.5/", "http://localhost:4000/h"]) {
      expect((await addEndpoint(db(), ws.workspace_id, url)).webhook_id, url).toMatch(/^wh_/);
    }
  });

  it("checks every address form the same way", () => {
    const refused = ["127.0.0.1", "10.255.0.1", "::1", "::ffff:10.0.0.1", "::ffff:7f00:1", "::127.0.0.1", "2002:c0a8:101::1", "198.18.0.1", "255.255.255.255"];
    const allowed = ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "172.32.0.1", "100.128.0.1"];
    expect(refused.filter(isAllowedAddress)).toEqual([]);
    expect(allowed.filter((ip) => !isAllowedAddress(ip))).toEqual([]);
  });
});

describe("the destination rule at every send", () => {
  // A name's addresses are checked when connecting, after the URL's port (443 or 8443): these URLs name
  // an allowed port, so the refusal can only come from the address.
  it("refuses a name that resolves to 127.0.0.1 by the time of the send, and does not retry", async () => {
    resolveNames({ "rebind.example": ["127.0.0.1"] });
    const { id, result, delivery } = await sendTo("https://rebind.example:8443/h");
    expect(result).toEqual({ done: true, nextAttemptAt: null });
    expect(delivery).toMatchObject({ status: "failed", attempts: 1, nextAttemptAt: null });
    expect(delivery.attemptLog).toMatchObject([{ attempt: 1, ok: false, statusCode: null, error: expect.stringMatching(/^destination_not_allowed: rebind\.example: /) }]);
    // The log names the rule, never the internal address the name resolved to.
    expect(delivery.attemptLog[0]!.error).not.toContain("127.0.0.1");
    expect(await dueDeliveries(db(), 1000)).not.toContain(id);
  });

  it("refuses when any one of the name's addresses is refused", async () => {
    resolveNames({ "half.example": ["93.184.216.34", "127.0.0.1"] });
    const { delivery } = await sendTo("https://half.example:8443/h");
    expect(delivery.attemptLog[0]!.error).toMatch(/^destination_not_allowed: half\.example: /);
  });

  it.each(["https://127.0.0.1:PORT/h", "https://[::ffff:127.0.0.1]:PORT/h", "https://2130706433:PORT/h", "http://93.184.216.34:PORT/h"])(
    "refuses the stored literal %s without connecting",
    async (template) => {
      const trap = await tcpTrap();
      const { delivery } = await sendTo(template.replace("PORT", String(trap.port)));
      expect(delivery).toMatchObject({ status: "failed", attempts: 1 });
      expect(delivery.attemptLog[0]!.error).toMatch(/^destination_not_allowed/);
      expect(trap.connections).toBe(0);
    },
  );

  it("connects to the address the resolver gave (private networks allowed)", async () => {
    const rx = await httpReceiver((_req, res) => res.writeHead(204).end());
    resolveNames({ "receiver.test": ["127.0.0.1"] });
    allowPrivateNetworks(true);
    const ws = await newWorkspace();
    await addEndpoint(db(), ws.workspace_id, `http://receiver.test:${rx.port}/h`);
    const [id] = await enqueueEvent(db(), ws.workspace_id, event());
    expect(await attemptDelivery(db(), id!)).toEqual({ done: true, nextAttemptAt: null });
    expect(rx.requests).toBe(1);
  });

  it("does not follow a redirect: a 3xx is a failed attempt and the target gets nothing", async () => {
    allowPrivateNetworks(true);
    const target = await httpReceiver((_req, res) => res.writeHead(200).end());
    const redirecting = await httpReceiver((_req, res) => res.writeHead(307, { location: `http://127.0.0.1:${target.port}/h` }).end("moved"));
    const ws = await newWorkspace();
    await addEndpoint(db(), ws.workspace_id, `http://127.0.0.1:${redirecting.port}/h`);
    const [id] = await enqueueEvent(db(), ws.workspace_id, event());
    const result = await attemptDelivery(db(), id!);
    expect(result.done).toBe(false);
    expect(result.nextAttemptAt).toBeInstanceOf(Date);
    const [log] = await deliveryLog(db(), ws.workspace_id);
    expect(log!.attemptLog).toMatchObject([{ attempt: 1, ok: false, statusCode: 307, error: "HTTP 307: moved" }]);
    expect(redirecting.requests).toBe(1);
    expect(target.requests).toBe(0);
  });
});

describe("caps", () => {
  it(`holds at most ${MAX_ENDPOINTS_PER_WORKSPACE} endpoints per workspace; removing one makes room`, async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const added = await Promise.all(
      Array.from({ length: MAX_ENDPOINTS_PER_WORKSPACE + 2 }, (_, i) => addEndpoint(db(), ws.workspace_id, `https://hooks.example/${i}`).catch((e: unknown) => e)),
    );
    const refused = added.filter((r) => r instanceof Error);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({ code: "limit_reached", message: expect.stringContaining(`at most ${MAX_ENDPOINTS_PER_WORKSPACE}`) });
    expect(await listEndpoints(db(), ws.workspace_id)).toHaveLength(MAX_ENDPOINTS_PER_WORKSPACE);
    // Another workspace has its own count.
    expect((await addEndpoint(db(), other.workspace_id, "https://hooks.example/o")).webhook_id).toMatch(/^wh_/);

    const [first] = await listEndpoints(db(), ws.workspace_id);
    await expect(removeEndpoint(db(), other.workspace_id, first!.id)).rejects.toMatchObject({ code: "not_found" });
    await removeEndpoint(db(), ws.workspace_id, first!.id);
    expect((await addEndpoint(db(), ws.workspace_id, "https://hooks.example/again")).webhook_id).toMatch(/^wh_/);
    await expect(addEndpoint(db(), ws.workspace_id, "https://hooks.example/one-more")).rejects.toMatchObject({ code: "limit_reached" });
  });

  it(`sends at most ${TEST_EVENTS_PER_MINUTE} test events a minute per workspace`, async () => {
    // The one clock, pinned: the count is per clock minute, and a minute ending mid-test would start a new count.
    setClock(new Date());
    const ws = await newWorkspace();
    const a = await addEndpoint(db(), ws.workspace_id, "https://a.example/h");
    const b = await addEndpoint(db(), ws.workspace_id, "https://b.example/h");
    for (let i = 0; i < TEST_EVENTS_PER_MINUTE; i++) await sendTestEvent(db(), ws.workspace_id, (i % 2 ? a : b).webhook_id);
    await expect(sendTestEvent(db(), ws.workspace_id, b.webhook_id)).rejects.toMatchObject({ code: "rate_limited", headers: { "Retry-After": expect.any(String) } });
    expect(await db().webhookDelivery.count({ where: { eventType: "test.ping", endpoint: { workspaceId: ws.workspace_id } } })).toBe(TEST_EVENTS_PER_MINUTE);
  });
});
