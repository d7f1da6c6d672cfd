/**
 * A local stand-in for the Google Address Validation API, speaking its wire format at
 * `POST /v1:validateAddress`. Answers are deterministic from the address text; trigger words and
 * knobs make it fail on purpose. Rules, knobs and trigger words: docs/provider.md.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHash, randomUUID } from "node:crypto";
import { lookupPincode, preloadPincodeDirectory, type PincodeEntry } from "../addresses";
import type { GoogleAddressComponent, GoogleConfirmation, GoogleErrorBody, GoogleGranularity, GoogleValidateResponse } from "./google";

const TRIGGER = /\bSIMULATE_(500|503|HANG|BAD_BODY)\b/gi;
/** Places the geocode about 390 km north-east of the pincode's centre (a provider that matched the wrong place). */
const FAR = /\bSIMULATE_FAR\b/gi;
const FAR_OFFSET_DEGREES = 2.5;
const PINCODE = /(?<!\d)(\d{3}) ?(\d{3})(?!\d)/g;
const HOUSE_MARKER = String.raw`(?:(?:flat|house|door|plot|apt|apartment|unit|shop|room)\.?(?:\s*(?:no\b\.?|number|#))?|[hd]\s*\.?\s*no\b\.?|no\b\.?|#)`;
/** A house/flat/door number at the start of a segment: "Flat No. 12B", "H.No 5-6-7", "#42", "14 MG Road", "B-204". */
const HOUSE = new RegExp(String.raw`^(?:${HOUSE_MARKER}\s*[:#-]?\s*)?(?:[a-z]-?)?\d{1,5}[a-z]?(?:[/-][a-z0-9]{1,5})*(?![\w/-])`, "i");
const STREET_WORDS = "road|rd|street|st|lane|ln|marg|path|cross|main|gali|avenue|highway";
const STREET_WORD = new RegExp(String.raw`\b(?:${STREET_WORDS})\b`, "i");
const ADDRESS_WORD = new RegExp(
  String.raw`\b(?:${STREET_WORDS}|nagar|colony|sector|block|phase|layout|society|apartments?|tower|enclave|vihar|bazaa?r|chowk|mohalla|village|post|near|opp|behind)\b`,
  "i",
);
const LETTERS = /[a-z]/gi;

export type SimulatedFailure = "500" | "503" | "HANG" | "BAD_BODY";

/** The trigger word in the text, if any (the first wins). */
export function simulatedFailure(text: string): SimulatedFailure | null {
  const m = new RegExp(TRIGGER.source, "i").exec(text);
  return m ? (m[1]?.toUpperCase() as SimulatedFailure) : null;
}

interface Parsed {
  pincode: PincodeEntry | null;
  /** A 6-digit number seen in the text that the directory does not know. */
  unknownCode: string | null;
  house: string | null;
  /** Segments that are neither the house number nor the pincode's own city, state or country. */
  parts: string[];
}

function parse(text: string): Parsed {
  let pincode: PincodeEntry | null = null;
  let unknownCode: string | null = null;
  for (const m of text.matchAll(PINCODE)) {
    const code = `${m[1]}${m[2]}`;
    const entry = lookupPincode(code);
    if (entry) {
      pincode = entry;
      break;
    }
    unknownCode ??= code;
  }
  const implied = new Set([pincode?.city, pincode?.district, pincode?.state, "india"].filter(Boolean).map((s) => String(s).toLowerCase()));
  let house: string | null = null;
  const parts: string[] = [];
  for (const raw of text.replace(PINCODE, " ").split(/[,;\n]+/)) {
    let segment = raw.replace(/\s+/g, " ").trim();
    const m: RegExpExecArray | null = house === null ? HOUSE.exec(segment) : null;
    if (m) {
      house = m[0].trim();
      segment = segment.slice(m[0].length).replace(/^[\s,.-]+/, "");
    }
    if ((segment.match(LETTERS)?.length ?? 0) >= 2 && !implied.has(segment.toLowerCase())) parts.push(segment);
  }
  return { pincode, unknownCode, house, parts };
}

/** Two numbers in [0, 1) from the address's parts, so the same address always lands on the same point. */
function hashUnits(parts: string[]): [number, number, string] {
  const digest = createHash("sha256").update(parts.join("|").toLowerCase()).digest();
  return [digest.readUInt32BE(0) / 2 ** 32, digest.readUInt32BE(4) / 2 ** 32, digest.toString("hex").slice(0, 24)];
}

const round7 = (n: number) => Math.round(n * 1e7) / 1e7;

/** The validation result for these lines, as Google would send it (omitting false flags and empty lists). */
export function simulate(addressLines: string[]): GoogleValidateResponse {
  const joined = addressLines.join(", ");
  const far = new RegExp(FAR.source, "i").test(joined);
  const text = joined.replace(TRIGGER, " ").replace(FAR, " ");
  const { pincode, unknownCode, house, parts } = parse(text);
  const lower = text.toLowerCase();
  const components: GoogleAddressComponent[] = [];
  const add = (componentType: string, value: string, confirmationLevel: GoogleConfirmation) => {
    components.push({
      componentName: { text: value, languageCode: "en" },
      componentType,
      confirmationLevel,
      ...(lower.includes(value.toLowerCase()) ? {} : { inferred: true }),
    });
  };
  const route = parts.find((p) => STREET_WORD.test(p)) ?? parts[0];
  const sublocality = parts.filter((p) => p !== route).join(", ");

  let granularity: GoogleGranularity;
  let missing: string[];
  if (pincode && house) {
    granularity = "PREMISE";
    missing = [];
  } else if (pincode && route) {
    granularity = "ROUTE";
    missing = ["street_number"];
  } else {
    granularity = "OTHER";
    missing = pincode ? ["street_number", "route"] : unknownCode ? [] : ["postal_code"];
  }

  if (pincode) {
    if (house) add("street_number", house, "CONFIRMED");
    // A street the simulator cannot confirm without a premise on it, as Google does.
    if (route) add("route", route, house ? "CONFIRMED" : "UNCONFIRMED_BUT_PLAUSIBLE");
    if (sublocality) add("sublocality_level_1", sublocality, "CONFIRMED");
    add("locality", pincode.city ?? pincode.district, "CONFIRMED");
    add("administrative_area_level_1", pincode.state, "CONFIRMED");
    add("postal_code", pincode.code, "CONFIRMED");
    add("country", "India", "CONFIRMED");
  } else {
    // Nothing to check the text against: plausible if it reads like an address, suspicious if not.
    const addressLike = house !== null || parts.some((p) => ADDRESS_WORD.test(p));
    const level: GoogleConfirmation = addressLike ? "UNCONFIRMED_BUT_PLAUSIBLE" : "UNCONFIRMED_AND_SUSPICIOUS";
    if (house) add("street_number", house, level);
    if (route) add("route", route, level);
    if (sublocality) add("sublocality_level_1", sublocality, level);
    if (unknownCode) add("postal_code", unknownCode, "UNCONFIRMED_AND_SUSPICIOUS");
  }

  const unconfirmed = components.filter((c) => c.confirmationLevel !== "CONFIRMED").map((c) => c.componentType);
  const inputGranularity: GoogleGranularity = house ? "PREMISE" : route ? "ROUTE" : "OTHER";
  const formatted = [house, ...parts, pincode?.city ?? pincode?.district, pincode ? `${pincode.state} ${pincode.code}` : unknownCode, pincode ? "India" : null].filter(Boolean).join(", ");

  const response: GoogleValidateResponse = {
    result: {
      verdict: {
        inputGranularity,
        validationGranularity: granularity,
        geocodeGranularity: granularity,
        ...(missing.length === 0 && unconfirmed.length === 0 && components.length > 0 ? { addressComplete: true } : {}),
        ...(unconfirmed.length ? { hasUnconfirmedComponents: true } : {}),
        ...(components.some((c) => c.inferred) ? { hasInferredComponents: true } : {}),
      },
      address: {
        ...(formatted ? { formattedAddress: formatted } : {}),
        postalAddress: {
          regionCode: "IN",
          languageCode: "en",
          ...(pincode ? { postalCode: pincode.code, administrativeArea: pincode.state, locality: pincode.city ?? pincode.district } : {}),
          addressLines: [house, ...parts].filter((s): s is string => Boolean(s)),
        },
        addressComponents: components,
        ...(missing.length ? { missingComponentTypes: missing } : {}),
        ...(unconfirmed.length ? { unconfirmedComponentTypes: unconfirmed } : {}),
      },
    },
    responseId: randomUUID(),
  };
  if (pincode) {
    const [u, v, hex] = hashUnits([house ?? "", ...parts, pincode.code]);
    // Within ~1 km of the pincode's centre for a building or street, ~300 m for the pincode alone.
    const radius = granularity === "OTHER" ? 0.003 : 0.01;
    const shift = far ? FAR_OFFSET_DEGREES : 0;
    response.result.geocode = {
      location: { latitude: round7(pincode.lat + shift + (u * 2 - 1) * radius), longitude: round7(pincode.lng + shift + (v * 2 - 1) * radius) },
      placeId: `sim_${hex}`,
      placeTypes: [granularity === "PREMISE" ? "premise" : granularity === "ROUTE" ? "route" : "postal_code"],
      featureSizeMeters: granularity === "PREMISE" ? 20 : granularity === "ROUTE" ? 500 : 3000,
    };
  }
  return response;
}

export interface SimulatorKnobs {
  /** Added to every answer. */
  latencyMs?: number;
  /** A further random delay in [0, jitterMs). */
  jitterMs?: number;
  /** Share (0..1) of requests answered with a random 503. */
  errorRate?: number;
}

export interface SimulatorStats {
  /** Every HTTP request received, valid or not. */
  requests: number;
  inFlight: number;
  maxInFlight: number;
}

export interface RunningSimulator {
  url: string;
  port: number;
  knobs: Required<SimulatorKnobs>;
  stats(): SimulatorStats;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function sendError(res: http.ServerResponse, code: number, status: string, message: string): void {
  const body: GoogleErrorBody = { error: { code, message, status } };
  sendJson(res, code, body);
}

function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on("end", () => resolve(size <= MAX_BODY ? Buffer.concat(chunks).toString("utf8") : null));
    req.on("error", reject);
  });
}

/** Address lines from a request body, or an error message in Google's words. */
function addressLinesOf(body: string): string[] | string {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return "Invalid JSON payload received.";
  }
  const lines = (json as { address?: { addressLines?: unknown } } | null)?.address?.addressLines;
  if (!Array.isArray(lines) || !lines.every((l) => typeof l === "string")) return "Address lines must be set.";
  if (lines.every((l) => l.trim() === "")) return "Address lines must not be empty.";
  return lines;
}

/** The request handler, for mounting elsewhere; `startSimulator` serves it on its own port. */
export function createSimulatorHandler(knobs: Required<SimulatorKnobs>, stats: SimulatorStats = { requests: 0, inFlight: 0, maxInFlight: 0 }) {
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    stats.requests++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    let done = false;
    const finish = () => {
      if (!done) stats.inFlight--;
      done = true;
    };
    // "finish" is when the answer is handed to the socket, before the client can act on it.
    res.once("finish", finish);
    res.once("close", finish);

    const url = new URL(req.url ?? "/", "http://simulator");
    if (req.method !== "POST" || url.pathname !== "/v1:validateAddress") {
      req.resume();
      return sendError(res, 404, "NOT_FOUND", `Method not found: ${req.method} ${url.pathname}`);
    }
    if (!url.searchParams.get("key")) {
      req.resume();
      return sendError(res, 403, "PERMISSION_DENIED", "The request is missing a valid API key.");
    }
    const body = await readBody(req);
    if (body === null) return sendError(res, 400, "INVALID_ARGUMENT", "Request payload size exceeds the limit.");
    const lines = addressLinesOf(body);
    if (typeof lines === "string") return sendError(res, 400, "INVALID_ARGUMENT", lines);

    const failure = simulatedFailure(lines.join(" "));
    // Hold the socket open and never answer; the client's timeout (or close) ends it.
    if (failure === "HANG") return;
    const delay = knobs.latencyMs + Math.random() * knobs.jitterMs;
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (res.destroyed) return;
    if (failure === "500") return sendError(res, 500, "INTERNAL", "Internal error encountered.");
    if (failure === "503" || Math.random() < knobs.errorRate) return sendError(res, 503, "UNAVAILABLE", "The service is currently unavailable.");
    if (failure === "BAD_BODY") {
      res.writeHead(200, { "content-type": "text/html; charset=UTF-8" });
      res.end('<html><body><h1>Upstream proxy</h1><p>{"result": {"verdict":');
      return;
    }
    sendJson(res, 200, simulate(lines));
  };
}

export async function startSimulator(options: SimulatorKnobs & { port?: number; host?: string } = {}): Promise<RunningSimulator> {
  const knobs: Required<SimulatorKnobs> = {
    latencyMs: options.latencyMs ?? 0,
    jitterMs: options.jitterMs ?? 0,
    errorRate: options.errorRate ?? 0,
  };
  const host = options.host ?? "127.0.0.1";
  const stats: SimulatorStats = { requests: 0, inFlight: 0, maxInFlight: 0 };
  // Load the pincode directory now, not on the first request (it takes ~0.2 s).
  preloadPincodeDirectory();
  const handler = createSimulatorHandler(knobs, stats);
  const server = http.createServer((req, res) => {
    handler(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    knobs,
    stats: () => ({ ...stats }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Hung requests and idle keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
