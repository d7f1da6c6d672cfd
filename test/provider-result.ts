import type { ProviderResult } from "../server/provider";
import type { ValidationLevel } from "../lib/words";

/** A provider's answer at `level` with nothing unconfirmed, inferred or missing (`extra` changes any of it), for tests of what is decided from one. */
export function providerResult(level: ValidationLevel, extra: Partial<ProviderResult> = {}): ProviderResult {
  return {
    level,
    granularity: { building: "PREMISE", street: "ROUTE", locality: "OTHER", pincode: "OTHER", none: "GRANULARITY_UNSPECIFIED" }[level],
    inputGranularity: "PREMISE",
    geocodeGranularity: "PREMISE",
    addressComplete: level === "building",
    hasUnconfirmedComponents: false,
    hasInferredComponents: false,
    hasReplacedComponents: false,
    unconfirmedComponentTypes: [],
    missingComponentTypes: [],
    components: [],
    location: level === "none" ? null : { lat: 12.98, lng: 77.73 },
    formattedAddress: null,
    responseId: null,
    ...extra,
  };
}
