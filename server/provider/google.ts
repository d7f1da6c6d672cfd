/**
 * The Google Maps Address Validation API wire format (`POST /v1:validateAddress`) and one attempt
 * against it. Retries, timeouts, the circuit breaker and the concurrency cap live in resilience.ts;
 * this file only says what one HTTP exchange meant. Field reference: docs/provider.md.
 */
import { Agent, request } from "undici";
import { z } from "zod";
import type { ValidationLevel } from "../../lib/words";

export interface ProviderComponent {
  type: string;
  text: string;
  /** CONFIRMED, UNCONFIRMED_BUT_PLAUSIBLE or UNCONFIRMED_AND_SUSPICIOUS. */
  confirmation: string;
  /** Not in the input; the provider added it. */
  inferred: boolean;
}

export interface ProviderResult {
  level: ValidationLevel;
  /** The provider's validationGranularity as sent (GRANULARITY_UNSPECIFIED when absent). */
  granularity: string;
  inputGranularity: string;
  geocodeGranularity: string;
  addressComplete: boolean;
  hasUnconfirmedComponents: boolean;
  hasInferredComponents: boolean;
  hasReplacedComponents: boolean;
  unconfirmedComponentTypes: string[];
  missingComponentTypes: string[];
  components: ProviderComponent[];
  location: { lat: number; lng: number } | null;
  formattedAddress: string | null;
  responseId: string | null;
}

export interface Provider {
  name: string;
  validate(addressLines: string[], opts?: { signal?: AbortSignal }): Promise<ProviderResult>;
}

/** The wire format, as far as Dakiya sends and reads it (the simulator speaks exactly this). */
export interface GoogleValidateRequest {
  address: { regionCode: string; addressLines: string[] };
}

export type GoogleGranularity = "GRANULARITY_UNSPECIFIED" | "SUB_PREMISE" | "PREMISE" | "PREMISE_PROXIMITY" | "BLOCK" | "ROUTE" | "OTHER";
export type GoogleConfirmation = "CONFIRMED" | "UNCONFIRMED_BUT_PLAUSIBLE" | "UNCONFIRMED_AND_SUSPICIOUS";

export interface GoogleAddressComponent {
  componentName: { text: string; languageCode?: string };
  componentType: string;
  confirmationLevel: GoogleConfirmation;
  inferred?: boolean;
}

export interface GoogleValidateResponse {
  result: {
    verdict: {
      inputGranularity?: GoogleGranularity;
      validationGranularity?: GoogleGranularity;
      geocodeGranularity?: GoogleGranularity;
      addressComplete?: boolean;
      hasUnconfirmedComponents?: boolean;
      hasInferredComponents?: boolean;
      hasReplacedComponents?: boolean;
    };
    address: {
      formattedAddress?: string;
      postalAddress?: { regionCode: string; languageCode?: string; postalCode?: string; administrativeArea?: string; locality?: string; addressLines?: string[] };
      addressComponents?: GoogleAddressComponent[];
      missingComponentTypes?: string[];
      unconfirmedComponentTypes?: string[];
    };
    geocode?: {
      location: { latitude: number; longitude: number };
      placeId?: string;
      placeTypes?: string[];
      featureSizeMeters?: number;
    };
  };
  responseId?: string;
}

export interface GoogleErrorBody {
  error: { code: number; message: string; status: string };
}

/** Runtime check of the part we read. Google omits false booleans and empty lists. */
const granularity = z.string().default("GRANULARITY_UNSPECIFIED");
const wireResponse = z.object({
  result: z.object({
    verdict: z.object({
      inputGranularity: granularity,
      validationGranularity: granularity,
      geocodeGranularity: granularity,
      addressComplete: z.boolean().default(false),
      hasUnconfirmedComponents: z.boolean().default(false),
      hasInferredComponents: z.boolean().default(false),
      hasReplacedComponents: z.boolean().default(false),
    }),
    address: z
      .object({
        formattedAddress: z.string().optional(),
        addressComponents: z
          .array(
            z.object({
              componentName: z.object({ text: z.string().default("") }).optional(),
              componentType: z.string().default(""),
              confirmationLevel: z.string().default("CONFIRMATION_LEVEL_UNSPECIFIED"),
              inferred: z.boolean().default(false),
            }),
          )
          .default([]),
        missingComponentTypes: z.array(z.string()).default([]),
        unconfirmedComponentTypes: z.array(z.string()).default([]),
      })
      .default({ addressComponents: [], missingComponentTypes: [], unconfirmedComponentTypes: [] }),
    geocode: z.object({ location: z.object({ latitude: z.number(), longitude: z.number() }).optional() }).optional(),
  }),
  responseId: z.string().optional(),
});

/** `{ error: { code, message, status } }`, Google's error body on every non-2xx. */
const wireError = z.object({ error: z.object({ code: z.number().optional(), message: z.string().optional(), status: z.string().optional() }) });

/** Contract: validationGranularity → level. PREMISE_PROXIMITY and GRANULARITY_UNSPECIFIED fall to "none". */
export function levelOf(validationGranularity: string): ValidationLevel {
  switch (validationGranularity) {
    case "PREMISE":
    case "SUB_PREMISE":
      return "building";
    case "ROUTE":
      return "street";
    case "OTHER":
    case "BLOCK":
      return "locality";
    default:
      return "none";
  }
}

/**
 * What went wrong in one attempt, for resilience.ts to decide on retry and breaker accounting:
 * - connection: refused or reset before an answer (safe to retry)
 * - network: any other transport failure (DNS, TLS)
 * - unavailable: HTTP 503 (safe to retry)
 * - server: any other 5xx
 * - rejected: a 4xx that is ours or the provider's (key, quota, wrong URL)
 * - invalid_request: a 400 about the address itself; the provider is healthy
 * - bad_body: 2xx whose body is not a validation response
 */
export type FailureKind = "connection" | "network" | "unavailable" | "server" | "rejected" | "invalid_request" | "bad_body";

export class ProviderFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ProviderFailure";
  }
}

const RETRYABLE_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "UND_ERR_SOCKET"]);

function transportCodes(err: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === "string") codes.push(code);
    if (typeof message === "string" && /socket hang up/i.test(message)) codes.push("ECONNRESET");
    // Happy-eyeballs connects fail with an AggregateError of one error per address.
    if (Array.isArray(errors)) codes.push(...errors.flatMap(transportCodes));
  }
  return codes;
}

export function classifyTransportError(err: unknown): ProviderFailure {
  const codes = transportCodes(err);
  const retryable = codes.find((c) => RETRYABLE_CODES.has(c));
  if (retryable) return new ProviderFailure("connection", `connection failed (${retryable})`, { cause: err });
  return new ProviderFailure("network", `could not connect (${codes[0] ?? "network error"})`, { cause: err });
}

function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function parseValidationResponse(body: string): ProviderResult {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ProviderFailure("bad_body", "the answer is not JSON");
  }
  const parsed = wireResponse.safeParse(json);
  if (!parsed.success) throw new ProviderFailure("bad_body", "the answer is not a validation response");
  const { result, responseId } = parsed.data;
  const { verdict, address } = result;
  const location = result.geocode?.location;
  return {
    level: levelOf(verdict.validationGranularity),
    granularity: verdict.validationGranularity,
    inputGranularity: verdict.inputGranularity,
    geocodeGranularity: verdict.geocodeGranularity,
    addressComplete: verdict.addressComplete,
    hasUnconfirmedComponents: verdict.hasUnconfirmedComponents,
    hasInferredComponents: verdict.hasInferredComponents,
    hasReplacedComponents: verdict.hasReplacedComponents,
    unconfirmedComponentTypes: address.unconfirmedComponentTypes,
    missingComponentTypes: address.missingComponentTypes,
    components: address.addressComponents.map((c) => ({
      type: c.componentType,
      text: c.componentName?.text ?? "",
      confirmation: c.confirmationLevel,
      inferred: c.inferred,
    })),
    location: location ? { lat: location.latitude, lng: location.longitude } : null,
    formattedAddress: address.formattedAddress ?? null,
    responseId: responseId ?? null,
  };
}

/** Turns a non-2xx answer into a failure whose message says what the provider said, without the key. */
export function classifyHttpError(status: number, body: string, apiKey: string): ProviderFailure {
  let said = `HTTP ${status}`;
  let isKeyProblem = false;
  try {
    const parsed = wireError.safeParse(JSON.parse(body));
    if (parsed.success) {
      const { status: s, message } = parsed.data.error;
      const text = message && clip(apiKey ? message.replaceAll(apiKey, "[key]") : message);
      said = `HTTP ${status}${s ? ` ${s}` : ""}${text ? `: "${text}"` : ""}`;
      // Google answers a bad key with 400 INVALID_ARGUMENT "API key not valid…": that is not the address's fault.
      isKeyProblem = /api key/i.test(message ?? "");
    }
  } catch {
    // Not Google's error shape (a proxy's HTML page): the status is all we can report.
  }
  const message = `answered ${said}`;
  if (status === 503) return new ProviderFailure("unavailable", message);
  if (status >= 500) return new ProviderFailure("server", message);
  if (status === 400 && !isKeyProblem) return new ProviderFailure("invalid_request", message);
  return new ProviderFailure("rejected", message);
}

export interface GoogleEndpoint {
  baseUrl: string;
  apiKey: string;
}

/** The URL of one validateAddress call, key included. */
export function validateAddressUrl(endpoint: GoogleEndpoint): URL {
  // Appended, not resolved, so a base URL with a path prefix (a proxy) keeps it.
  const url = new URL(`${endpoint.baseUrl.replace(/\/+$/, "")}/v1:validateAddress`);
  url.searchParams.set("key", endpoint.apiKey);
  return url;
}

/**
 * The provider's own keep-alive connections, through undici's `request` rather than the global
 * `fetch`: no WHATWG Request, Response or stream per call, and none of the wrapping Next.js adds to
 * the global `fetch` of the process it renders in. Redirects are not followed: a 3xx is an answer.
 */
const providerAgent = new Agent({ keepAliveTimeout: 30_000 });

/** One POST to validateAddress. Aborting `signal` aborts the request and the body read. */
export async function validateOnce(endpoint: GoogleEndpoint, addressLines: string[], signal: AbortSignal): Promise<ProviderResult> {
  const url = validateAddressUrl(endpoint);
  let status: number;
  let body: string;
  try {
    const res = await request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: { regionCode: "IN", addressLines } }),
      signal,
      dispatcher: providerAgent,
    });
    status = res.statusCode;
    body = await res.body.text();
  } catch (err) {
    if (signal.aborted) throw err;
    throw classifyTransportError(err);
  }
  if (status < 200 || status >= 300) throw classifyHttpError(status, body, endpoint.apiKey);
  return parseValidationResponse(body);
}
