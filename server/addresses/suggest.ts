/**
 * Pincode suggestions: when the written pincode is missing, unknown, or contradicts the written
 * state or city, the post offices named in the address (its localities, villages, post office,
 * town) are looked up in the directory, kept only where they fit the state, city and district the
 * address names, and ranked. Rules: docs/normalize.md ("Pincode suggestions").
 */
import { cityMatchesRecord, getGazetteer } from "./gazetteer";
import { officesNamed, pincodeRecord, placeNameKey, townNamed, type PincodeRecord } from "./pincodes";
import type { NormalizedAddress } from "./index";

export interface SuggestedPincode {
  code: string;
  /** The directory's name of the post office the address names. */
  locality: string;
  district: string;
  state: string;
}

export const MAX_SUGGESTIONS = 3;

/** Labels the normalized form puts before a value ("Village Rampur"); the value is the place. */
const LABEL = /^(?:village|vpo|mohalla|post|tehsil|taluk|mandal|police station)\s+/i;

/** Whether the address's pincode needs a suggestion at all (contract: missing, unknown, contradicted). */
function needsSuggestion(a: NormalizedAddress): boolean {
  const s = a.signals;
  return s.pincodeInText === null || !s.pincodeKnown || s.stateMatchesPincode === false || s.cityMatchesPincode === false;
}

/** Place names the address gives below the city: its localities, then the city itself (a town is often a post office). */
function placeNames(a: NormalizedAddress): string[] {
  const c = a.components;
  const names = (c.locality ?? "").split(", ").map((p) => p.replace(LABEL, "").trim());
  if (c.building) names.push(c.building);
  if (c.city) names.push(c.city);
  return names.filter((n) => n.length > 0);
}

function officeIn(code: string, districts: readonly string[]): boolean {
  const rec = pincodeRecord(code);
  return !!rec && districts.some((d) => rec.districts.includes(d));
}

function townSuggestion(name: string, code: string): SuggestedPincode {
  const entry = (pincodeRecord(code) as PincodeRecord).entry;
  return { code, locality: name, district: entry.district, state: entry.state };
}

export function suggestPincodes(a: NormalizedAddress): SuggestedPincode[] {
  if (a.signals.junk || !needsSuggestion(a)) return [];
  const state = a.signals.statedState;
  const city = a.signals.statedCity ? getGazetteer().citiesByName.get(a.signals.statedCity) : undefined;
  const district = a.signals.statedDistrict;
  // A town or sub-district of the directory (not a curated city): its offices must lie in its districts.
  const town = a.signals.statedCity ? townNamed(placeNameKey(a.signals.statedCity)) : null;
  const townDistricts = town?.areas.filter((x) => !state || x.state === state).map((x) => x.district) ?? null;
  const names = placeNames(a);
  const scored = new Map<string, { s: SuggestedPincode; score: number }>();
  names.forEach((name, k) => {
    const isCity = name === a.components.city;
    const seen = new Set<string>();
    for (const { rec, place } of officesNamed(placeNameKey(name))) {
      if (rec.entry.code === a.signals.pincodeInText || seen.has(rec.entry.code)) continue;
      seen.add(rec.entry.code);
      if (state && !rec.states.includes(state)) continue;
      if (district && !rec.districts.includes(district)) continue;
      const cityFits = city
        ? cityMatchesRecord(city, rec) || !!townDistricts?.some((d) => rec.districts.includes(d))
        : townDistricts
          ? townDistricts.some((d) => rec.districts.includes(d))
          : null;
      if (cityFits === false) continue;
      // Something besides the name itself must tie the office to this address; a post office of one state written as
      // the town, far from the pincode, is flagged as the town is and ties itself.
      const flagged = isCity && a.signals.cityMatchesPincode === false && name === a.signals.statedCity;
      if (!state && !city && !town && !district && names.length < 2 && !flagged) continue;
      // A locality's office in another town of the written town's district ("Gandhi Chowk" is in every town): the
      // last resort, after the town's own office.
      const elsewhere = !isCity && !city && !!town && !town.codes.includes(rec.entry.code);
      const score = elsewhere ? 0.5 : (isCity ? 1 : 10) - k * 0.01 + (cityFits ? 3 : 0) + (district ? 2 : 0) + (state ? 1 : 0);
      const known = scored.get(rec.entry.code);
      if (known) known.score += score;
      else scored.set(rec.entry.code, { s: { code: rec.entry.code, locality: place, district: rec.entry.district, state: rec.entry.state }, score });
    }
  });
  // A town without an office of its name: its head office, else its first pincode.
  if (town && townDistricts && ![...scored.values()].some((x) => x.score >= 1 && x.score < 5)) {
    const code = town.codes.find((c) => c !== a.signals.pincodeInText && officeIn(c, townDistricts));
    if (code && !scored.has(code)) scored.set(code, { s: townSuggestion(town.name, code), score: 1 });
  }
  // A town's own office counts only when no locality of the address was found.
  const ranked = [...scored.values()];
  const byLocality = ranked.filter((x) => x.score >= 5);
  return (byLocality.length > 0 ? byLocality : ranked)
    .sort((x, y) => y.score - x.score || x.s.code.localeCompare(y.s.code))
    .slice(0, MAX_SUGGESTIONS)
    .map((x) => x.s);
}
