/** The wire format on its own: granularity mapping, response parsing, error classification. */
import { describe, expect, it } from "vitest";
import { classifyHttpError, classifyTransportError, levelOf, parseValidationResponse } from "./google";

describe("levelOf", () => {
  it.each([
    ["SUB_PREMISE", "building"],
    ["PREMISE", "building"],
    ["ROUTE", "street"],
    ["BLOCK", "locality"],
    ["OTHER", "locality"],
    ["PREMISE_PROXIMITY", "none"],
    ["GRANULARITY_UNSPECIFIED", "none"],
    ["SOMETHING_NEW", "none"],
  ])("%s → %s", (granularity, level) => {
    expect(levelOf(granularity)).toBe(level);
  });
});

describe("parseValidationResponse", () => {
  it("reads every field it maps", () => {
    const r = parseValidationResponse(
      JSON.stringify({
        result: {
          verdict: {
            inputGranularity: "PREMISE",
            validationGranularity: "ROUTE",
            geocodeGranularity: "PREMISE_PROXIMITY",
            hasUnconfirmedComponents: true,
            hasInferredComponents: true,
            hasReplacedComponents: true,
          },
          address: {
            formattedAddress: "12, MG Road, Pune, Maharashtra 411001, India",
            addressComponents: [
              { componentName: { text: "12" }, componentType: "street_number", confirmationLevel: "UNCONFIRMED_AND_SUSPICIOUS" },
              { componentName: { text: "411001" }, componentType: "postal_code", confirmationLevel: "CONFIRMED", inferred: true },
            ],
            missingComponentTypes: ["subpremise"],
            unconfirmedComponentTypes: ["street_number"],
          },
          geocode: { location: { latitude: 18.52, longitude: 73.85 }, placeId: "abc" },
          metadata: {},
        },
        responseId: "r-1",
      }),
    );
    expect(r).toEqual({
      level: "street",
      granularity: "ROUTE",
      inputGranularity: "PREMISE",
      geocodeGranularity: "PREMISE_PROXIMITY",
      addressComplete: false,
      hasUnconfirmedComponents: true,
      hasInferredComponents: true,
      hasReplacedComponents: true,
      unconfirmedComponentTypes: ["street_number"],
      missingComponentTypes: ["subpremise"],
      components: [
        { type: "street_number", text: "12", confirmation: "UNCONFIRMED_AND_SUSPICIOUS", inferred: false },
        { type: "postal_code", text: "411001", confirmation: "CONFIRMED", inferred: true },
      ],
      location: { lat: 18.52, lng: 73.85 },
      formattedAddress: "12, MG Road, Pune, Maharashtra 411001, India",
      responseId: "r-1",
    });
  });

  it("fills what Google omits with its defaults", () => {
    expect(parseValidationResponse('{"result":{"verdict":{}}}')).toMatchObject({
      level: "none",
      granularity: "GRANULARITY_UNSPECIFIED",
      addressComplete: false,
      components: [],
      missingComponentTypes: [],
      location: null,
      formattedAddress: null,
      responseId: null,
    });
  });

  it.each([
    ["<html>502 Bad Gateway</html>", "not JSON"],
    ['{"result": {"verdict":', "not JSON"],
    ["null", "not a validation response"],
    ["{}", "not a validation response"],
    ['{"result":{"verdict":{"addressComplete":"yes"}}}', "not a validation response"],
    ['{"result":{"verdict":{},"geocode":{"location":{"latitude":"18"}}}}', "not a validation response"],
  ])("rejects %s as a bad body", (body, message) => {
    expect(() => parseValidationResponse(body)).toThrow(expect.objectContaining({ kind: "bad_body", message: expect.stringContaining(message) }));
  });
});

describe("classifyHttpError", () => {
  const google = (code: number, status: string, message: string) => JSON.stringify({ error: { code, message, status } });

  it.each([
    [503, google(503, "UNAVAILABLE", "The service is currently unavailable."), "unavailable"],
    [500, google(500, "INTERNAL", "Internal error encountered."), "server"],
    [502, "<html>Bad Gateway</html>", "server"],
    [400, google(400, "INVALID_ARGUMENT", "Address lines must be set."), "invalid_request"],
    [400, google(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key."), "rejected"],
    [403, google(403, "PERMISSION_DENIED", "The request is missing a valid API key."), "rejected"],
    [429, google(429, "RESOURCE_EXHAUSTED", "Quota exceeded."), "rejected"],
    [404, "Not Found", "rejected"],
  ])("HTTP %i %s → %s", (status, body, kind) => {
    expect(classifyHttpError(status, body, "k3y").kind).toBe(kind);
  });

  it("quotes the provider, never the key", () => {
    const err = classifyHttpError(403, google(403, "PERMISSION_DENIED", "Key AIza-secret is blocked."), "AIza-secret");
    expect(err.message).toBe('answered HTTP 403 PERMISSION_DENIED: "Key [key] is blocked."');
  });
});

describe("classifyTransportError", () => {
  const fetchFailed = (cause: unknown) => Object.assign(new TypeError("fetch failed"), { cause });

  it("marks refused and reset connections retryable, however deep the code is", () => {
    expect(classifyTransportError(fetchFailed(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))).kind).toBe("connection");
    expect(classifyTransportError(fetchFailed(Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }))).kind).toBe("connection");
    expect(classifyTransportError(fetchFailed(new Error("socket hang up"))).kind).toBe("connection");
    const both = new AggregateError([Object.assign(new Error("a"), { code: "ECONNREFUSED" })]);
    expect(classifyTransportError(fetchFailed(both)).kind).toBe("connection");
  });

  it("does not retry other network failures", () => {
    const err = classifyTransportError(fetchFailed(Object.assign(new Error("getaddrinfo"), { code: "ENOTFOUND" })));
    expect(err.kind).toBe("network");
    expect(err.message).toContain("ENOTFOUND");
  });
});
