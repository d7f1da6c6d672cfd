/**
 * Where webhooks may go (docs/webhooks.md): https only, to port 443 or 8443, and never to an address inside a network
 * the server sits in (loopback, private, link-local, shared, unspecified, multicast, reserved),
 * IPv4-mapped and IPv4-embedding IPv6 forms included. Checked at registration and again on every
 * send, against the addresses the host name resolves to at that moment; the connection is made to
 * an address that passed the check, so a DNS answer cannot change between the check and the connect.
 */
import { BlockList, isIP } from "node:net";
import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupAddress, LookupOptions } from "node:dns";
import { Agent } from "undici";
import { config } from "../config";
import { DakiyaError } from "../errors";

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });
let resolver: Resolver = systemResolver;

/** Tests answer host names themselves; null restores the system's resolver. */
export function setResolver(next: Resolver | null): void {
  resolver = next ?? systemResolver;
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // shared (carrier-grade NAT)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128],
  ["64:ff9b:1::", 48], // NAT64 for local use (RFC 8215): a translator inside some network
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed by some stacks)
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}
// IPv6 forms that carry IPv4 addresses: each embedded address must be allowed (BlockList already
// matches ::ffff:a.b.c.d against the IPv4 rules; the rest are spelled out here).
const EMBEDS_IPV4: [string, number, (groups: number[]) => [number, number][]][] = [
  ["::", 96, (g) => [[g[6]!, g[7]!]]], // IPv4-compatible (deprecated)
  ["::ffff:0:0", 96, (g) => [[g[6]!, g[7]!]]], // IPv4-mapped, in any spelling
  ["::ffff:0:0:0", 96, (g) => [[g[6]!, g[7]!]]], // IPv4-translated (SIIT)
  ["64:ff9b::", 96, (g) => [[g[6]!, g[7]!]]], // NAT64, well-known prefix
  ["2002::", 16, (g) => [[g[1]!, g[2]!]]], // 6to4
  // Teredo: the server's address, and the client's (its bits inverted)
  [
    "2001::",
    32,
    (g) => [
      [g[2]!, g[3]!],
      [g[6]! ^ 0xffff, g[7]! ^ 0xffff],
    ],
  ],
];

function ipv6Groups(ip: string): number[] {
  let text = ip;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16));
}

/** Whether a webhook may be sent to this IP address (a literal, without brackets). */
export function isAllowedAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !blocked.check(ip, "ipv4");
  if (family !== 6) return false;
  if (blocked.check(ip, "ipv6")) return false;
  for (const [net, prefix, embedded] of EMBEDS_IPV4) {
    const rule = new BlockList();
    rule.addSubnet(net, prefix, "ipv6");
    if (rule.check(ip, "ipv6")) {
      return embedded(ipv6Groups(ip)).every(([hi, lo]) => isAllowedAddress(`${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`));
    }
  }
  return true;
}

/** The ports webhooks may go to while private networks are not allowed: https's own and its usual alternative. */
export const ALLOWED_PORTS = ["443", "8443"];

/** A URL's port, spelled out (the scheme's default when it names none). */
function portOf(url: URL): string {
  return url.port || (url.protocol === "https:" ? "443" : "80");
}

export function privateNetworksAllowed(): boolean {
  return config().WEBHOOK_ALLOW_PRIVATE_NETWORKS;
}

/** A refused destination; recorded on the attempt as `destination_not_allowed`. */
export class DestinationNotAllowed extends Error {
  readonly code = "destination_not_allowed";
}

const REFUSED = "it is (or resolves to) a loopback, private, link-local, shared, unspecified, multicast or reserved address";

/** The host of a URL as an IP literal (brackets removed), or null for a name. */
function literalHost(url: URL): string | null {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) ? host : null;
}

/**
 * The registration check: a parsed https URL (http too when private networks are allowed) whose
 * host is not a refused address. The URL parser has already turned `2130706433`, `0x7f.1` and
 * `0177.0.0.1` into `127.0.0.1`. A name is resolved now; one that does not resolve yet is accepted,
 * since every send checks again.
 */
export async function checkDestination(raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new DakiyaError("invalid_request", `The webhook URL "${raw}" is not a valid absolute URL.`);
  }
  const allowPrivate = privateNetworksAllowed();
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) {
    throw new DakiyaError("invalid_request", "The webhook URL must use https.");
  }
  if (url.username || url.password) throw new DakiyaError("invalid_request", "The webhook URL must not contain credentials.");
  if (url.href.length > 2048) throw new DakiyaError("invalid_request", "The webhook URL is longer than 2048 characters.");
  if (allowPrivate) return url.href;
  const literal = literalHost(url);
  let addresses: string[];
  if (literal) addresses = [literal];
  else {
    try {
      addresses = (await resolver(url.hostname)).map((a) => a.address);
    } catch {
      addresses = [];
    }
  }
  if (!addresses.every(isAllowedAddress)) {
    throw new DakiyaError("invalid_request", `The webhook URL's host ${url.hostname} is not allowed: ${REFUSED}.`);
  }
  if (!ALLOWED_PORTS.includes(portOf(url))) {
    throw new DakiyaError("invalid_request", `The webhook URL must use port ${ALLOWED_PORTS.join(" or ")} (it names port ${url.port}).`);
  }
  return url.href;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * net.connect's `lookup`: resolve, refuse if any address is refused, hand over only checked addresses.
 * With private networks allowed it still resolves through the (injectable) resolver, unchecked.
 */
function checkedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  resolver(hostname).then(
    (addresses) => {
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
      if (wanted.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
      if (!privateNetworksAllowed() && !addresses.every((a) => isAllowedAddress(a.address))) {
        return callback(new DestinationNotAllowed(`${hostname}: ${REFUSED}`), []);
      }
      if (options.all) callback(null, wanted);
      else callback(null, wanted[0]!.address, wanted[0]!.family);
    },
    (err: NodeJS.ErrnoException) => callback(err, []),
  );
}

let agent: Agent | null = null;

/**
 * The dispatcher for one send, or a refusal. An IP literal never reaches `lookup`, so it is checked
 * here; a name is checked by the agent's `lookup` at connect time.
 */
export function dispatcherFor(url: URL): Agent {
  if (!privateNetworksAllowed()) {
    if (url.protocol !== "https:") throw new DestinationNotAllowed("plain http is not allowed");
    const literal = literalHost(url);
    if (literal && !isAllowedAddress(literal)) throw new DestinationNotAllowed(`${literal}: ${REFUSED}`);
    if (!ALLOWED_PORTS.includes(portOf(url))) throw new DestinationNotAllowed(`port ${portOf(url)} is not allowed`);
  }
  agent ??= new Agent({ connect: { lookup: checkedLookup } });
  return agent;
}
