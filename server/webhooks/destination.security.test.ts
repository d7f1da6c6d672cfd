import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "../config";
import { checkDestination, DestinationNotAllowed, dispatcherFor, isAllowedAddress, setResolver } from "./destination";

/**
 * The destination rule's second round: ports 443 and 8443 only, and IPv6 forms that carry a private
 * IPv4 address (IPv4-mapped and -translated, NAT64 for local use, Teredo, 6to4), unless private
 * networks are allowed.
 */
afterEach(() => {
  setResolver(null);
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  reloadConfig();
});

function allowPrivateNetworks() {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  reloadConfig();
}

describe("ports", () => {
  it.each(["https://93.184.216.34:8080/h", "https://93.184.216.34:22/h", "https://public.example:5432/h", "https://public.example:80/h"])("refuses %s at registration", async (url) => {
    setResolver(async () => [{ address: "93.184.216.34", family: 4 }]);
    await expect(checkDestination(url)).rejects.toMatchObject({ code: "invalid_request", message: expect.stringMatching(/port 443 or 8443/) });
  });

  it.each(["https://93.184.216.34/h", "https://93.184.216.34:443/h", "https://93.184.216.34:8443/h"])("accepts %s", async (url) => {
    await expect(checkDestination(url)).resolves.toBe(new URL(url).href);
  });

  it("refuses a stored URL with another port at send time, before connecting", () => {
    expect(() => dispatcherFor(new URL("https://public.example:9000/h"))).toThrow(DestinationNotAllowed);
    expect(() => dispatcherFor(new URL("https://public.example:8443/h"))).not.toThrow();
  });

  it("allows any port when private networks are allowed (development, tests)", async () => {
    allowPrivateNetworks();
    await expect(checkDestination("http://127.0.0.1:4010/h")).resolves.toBe("http://127.0.0.1:4010/h");
    expect(() => dispatcherFor(new URL("https://public.example:9000/h"))).not.toThrow();
  });
});

describe("IPv6 forms that carry an IPv4 address", () => {
  it.each([
    ["::ffff:0:7f00:1", "IPv4-translated 127.0.0.1"],
    ["::ffff:0:a00:1", "IPv4-translated 10.0.0.1"],
    ["0:0:0:0:0:ffff:c0a8:101", "IPv4-mapped 192.168.1.1, written in hex"],
    ["64:ff9b:1::a00:1", "NAT64 for local use"],
    ["64:ff9b:1:ffff::808:808", "NAT64 for local use, even with a public address inside"],
    ["2001:0:4136:e378:8000:63bf:f5ff:fffe", "Teredo, client 10.0.0.1"],
    ["2001::f5ff:fffe", "Teredo, client 10.0.0.1, short"],
    ["2001:0:a00:1:8000:63bf:f7f7:f7f7", "Teredo, server 10.0.0.1"],
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", "Teredo, client 127.0.0.1"],
    ["2002:c0a8:101::1", "6to4 192.168.1.1"],
    ["2002:a9fe:a9fe::1", "6to4 169.254.169.254"],
  ])("refuses %s (%s)", async (ip) => {
    expect(isAllowedAddress(ip)).toBe(false);
    await expect(checkDestination(`https://[${ip}]/h`)).rejects.toMatchObject({ code: "invalid_request" });
  });

  it.each([["::ffff:0:808:808"], ["2001:0:4136:e378:8000:63bf:f7f7:f7f7"], ["2002:808:808::1"], ["64:ff9b::808:808"]])("allows %s, whose IPv4 addresses are public", (ip) => {
    expect(isAllowedAddress(ip)).toBe(true);
  });

  it("refuses a name that resolves to one of them, at send time too", async () => {
    setResolver(async () => [{ address: "2001::f5ff:fffe", family: net.isIP("2001::f5ff:fffe") }]);
    await expect(checkDestination("https://teredo.example/h")).rejects.toMatchObject({ code: "invalid_request" });
  });
});
