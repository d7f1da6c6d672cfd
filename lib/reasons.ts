/**
 * The catalogue of reason codes a verification can give, in plain constants so the console's pages
 * can show the codes in words without bundling a server module. Codes are stable API; messages are
 * for people and may name the specific pincode, state or count.
 */
export const REASONS = {
  junk_text: "The text does not look like an address.",
  pincode_missing: "No 6-digit pincode in the address.",
  pincode_not_found: "The pincode is not in India Post's directory.",
  pincode_state_mismatch: "The state written in the address is not the pincode's state.",
  pincode_city_mismatch: "The city written in the address is not in the pincode's area.",
  missing_house_number: "No house, flat, plot or door number.",
  provider_building_match: "The provider confirmed the address to the building.",
  provider_street_match: "The provider confirmed the street but not the building.",
  provider_locality_match: "The provider placed the address only to its locality.",
  provider_no_match: "The provider could not place the address.",
  provider_unconfirmed_components: "The provider could not confirm some parts of the address.",
  location_outside_pincode: "The provider placed the address far outside the written pincode's area.",
  pincode_suggested: "Other pincodes fit the rest of the address better; see suggested_pincodes.",
  prior_rto: "Earlier parcels to this address came back (RTO, refused or address issue).",
  prior_delivered: "Earlier parcels to this address were delivered.",
} as const;

export type ReasonCode = keyof typeof REASONS;
