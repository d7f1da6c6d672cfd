/**
 * Indian address normaliser: finds the pincode (never in a phone number), checks it against the
 * directory, splits house/building/street/landmark/locality/city/district/state and writes one
 * canonical line. Rules and decisions: docs/normalize.md.
 */
import { cityMatchesRecord, getGazetteer, namesPlace, type CityDef } from "./gazetteer";
import { DEVELOPERS, INITIALS, NUMBER, STREET_END_FORMS, STREET_WORDS, WORD, displayNumber, displayWord, isJunkWord, type Token } from "./lexicon";
import { scanNumbers } from "./numbers";
import { parseAddress, type Chunk, type Mention } from "./parse";
import { fromDevanagari, hasDevanagari } from "./devanagari";
import { allowedEdits, editDistance, fuzzyCity } from "./fuzzy";
import { directoryRecords, distanceKm, officeNameKeys, officesNamed, pincodeRecord, placeNameKey, type PincodeEntry, type PincodeRecord } from "./pincodes";
import { CITY_STATES } from "./states";

export { distanceKm, lookupPincode, pincodeArea, preloadPincodeDirectory } from "./pincodes";
export type { PincodeArea, PincodeEntry } from "./pincodes";
export { suggestPincodes, type SuggestedPincode } from "./suggest";

export interface Components {
  house: string | null;
  building: string | null;
  street: string | null;
  locality: string | null;
  landmark: string | null;
  city: string | null;
  district: string | null;
  state: string | null;
  pincode: string | null;
}

export interface NormalizedAddress {
  normalized: string;
  components: Components;
  /** The directory entry for components.pincode; null when absent or unknown. */
  pincode: PincodeEntry | null;
  signals: {
    /** The 6-digit pincode found in the text, known or not. */
    pincodeInText: string | null;
    pincodeKnown: boolean;
    /** Official name of the state written in the text (not filled in), if any. */
    statedState: string | null;
    /** Canonical city written in the text, if any. */
    statedCity: string | null;
    /** Official district written in the text (not filled in from the pincode), if any. */
    statedDistrict: string | null;
    /** null when there is nothing to compare. */
    stateMatchesPincode: boolean | null;
    /** Tolerant: same city, a city of the same district, or one of the pincode's post offices. */
    cityMatchesPincode: boolean | null;
    hasHouseNumber: boolean;
    /** No usable words: keyboard mash, placeholders, only digits or punctuation. */
    junk: boolean;
  };
}

// eslint-disable-next-line no-control-regex -- the range starts at NUL on purpose
const NON_ASCII = /[^\x00-\x7f]/;
const LINE_BREAKS = /[\r\n\u2028\u2029]+/g;
/** Runs of white space, control characters and invisible formatting characters. */
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const SPACES = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]+/g;
const DASHES = /[\u2010-\u2015\u2212]/g;
const QUOTES = /[\u2018\u2019\u201b\u2032`]/g;
const DIGIT_END = /\d$/;
const DIGIT_START = /^\d/;

function clean(text: string): string {
  let s = text;
  if (NON_ASCII.test(s)) {
    s = s.normalize("NFKC").replace(DASHES, "-").replace(QUOTES, "'");
    if (hasDevanagari(s)) s = fromDevanagari(s);
  }
  return s.replace(LINE_BREAKS, ", ").replace(SPACES, " ").trim();
}

function render(tokens: readonly Token[], streetEnd: boolean): string {
  let out = "";
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    let word: string;
    if (t.type === NUMBER) word = displayNumber(t);
    else if (t.key === "no" && tokens[k + 1]?.type === NUMBER) word = "No.";
    else if (t.key.includes(" "))
      word = t.key
        .split(" ")
        .map((w, j) => displayWord({ ...t, key: w, raw: w }, out === "" && j === 0))
        .join(" ");
    else if (t.type === WORD || t.type === INITIALS) {
      const end = streetEnd && k === tokens.length - 1 ? STREET_END_FORMS.get(t.key) : undefined;
      word = end ?? displayWord(t, out === "");
    } else if (t.key === "&") word = "&";
    else continue;
    // Two numbers side by side would re-read as one cluster (a phone, a pincode); keep them apart.
    out += out === "" ? word : (DIGIT_END.test(out) && DIGIT_START.test(word) ? "/" : " ") + word;
  }
  return out;
}

function chunkText(c: Chunk): string {
  switch (c.kind) {
    case "floor":
      return c.label;
    case "house": {
      // "Flat B 101" → "Flat B-101": one token, so it reads back as one house number.
      const [a, b] = c.tokens;
      const number = c.tokens.length === 2 && a?.type === WORD && b ? `${a.key.toUpperCase()}-${displayNumber(b)}` : render(c.tokens, false);
      return c.label ? `${c.label} ${number}` : number;
    }
    case "landmark":
    case "village":
    case "post":
    case "tehsil":
      return [c.label, render(c.tokens, false)].filter(Boolean).join(" ");
    default:
      return render(c.tokens, c.kind === "street");
  }
}

/**
 * A word that can carry an address: three letters or more (or another script), or a street word
 * ("Rd"). Two-letter tokens alone ("xx yy zz", "ab cd") are keyboard mash, not an address.
 */
function isMeaningful(t: Token): boolean {
  if (t.type !== WORD && t.type !== INITIALS) return false;
  return (t.key.length > 2 || NON_ASCII.test(t.key) || STREET_WORDS.has(t.key)) && !isJunkWord(t.key);
}

function joinParts(parts: string[]): string | null {
  const seen = new Set<string>();
  const kept = parts.filter((p) => {
    const k = p.toLowerCase();
    if (!p || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return kept.length > 0 ? kept.join(", ") : null;
}

function stateOfCity(city: string): string | null {
  return city === "New Delhi" || city === "Delhi" ? "Delhi" : null;
}

/**
 * The city written in the text: the last one that fits the pincode, else the last well-known one.
 * A town written before its district's town is the town ("Roorkee, Haridwar 247667").
 */
function chooseCity(mentions: Mention[], rec: PincodeRecord | null): CityDef | null {
  let chosen: CityDef | null = null;
  let before: CityDef | null = null;
  for (const m of mentions) {
    if (m.kind !== "city" || (rec && !cityMatchesRecord(m.city, rec)) || m.city === chosen) continue;
    before = chosen;
    chosen = m.city;
  }
  if (rec && before && chosen?.name === rec.entry.city && !METROS.has(chosen.name)) return before;
  if (!chosen && rec) for (const m of mentions) if (m.kind === "city" && m.city.curated) chosen = m.city;
  return chosen;
}

/** Metros: their post offices up to 40 km out are neighbourhoods, not towns of their own. */
// prettier-ignore
const METROS: ReadonlySet<string> = new Set([
  "Mumbai", "Navi Mumbai", "Thane", "Delhi", "New Delhi", "Kolkata", "Howrah", "Chennai", "Bengaluru", "Hyderabad",
  "Secunderabad", "Pune", "Pimpri Chinchwad", "Ahmedabad", "Gurugram", "Noida", "Greater Noida", "Ghaziabad", "Faridabad",
]);
/** A post office this far from its district town's centre is a town of its own (Kundapura, 35 km from Udupi). */
const TOWN_DISTANCE_KM = 15;
/** Metros spread 30 km from their centre; a town in their district lies beyond (Kotputli, 100 km from Jaipur). */
const METRO_TOWN_DISTANCE_KM = 40;

const centres = new Map<CityDef, PincodeEntry | null>();

let headPincodes: Map<string, PincodeEntry> | null = null;

/** Per district, its lowest pincode ending in 001: the headquarters town's head office (470001 Sagar, 306401 Pali). */
function districtHeadPincode(district: string): PincodeEntry | null {
  if (!headPincodes) {
    headPincodes = new Map();
    for (const rec of directoryRecords()) {
      const known = headPincodes.get(rec.entry.district);
      if (rec.entry.code.endsWith("001") && (!known || rec.entry.code < known.code)) headPincodes.set(rec.entry.district, rec.entry);
    }
  }
  return headPincodes.get(district) ?? null;
}

/**
 * Where a city is: the pincode of a post office named after it in one of its districts, else its
 * district's head pincode.
 */
function cityCentre(city: CityDef): PincodeEntry | null {
  if (centres.has(city)) return centres.get(city) ?? null;
  let found: PincodeEntry | null = null;
  for (const key of city.keys) {
    for (const { rec } of officesNamed(placeNameKey(key))) {
      if (!found && city.districts.some((d) => rec.districts.includes(d))) found = rec.entry;
    }
  }
  for (const d of city.districts) found ??= districtHeadPincode(d);
  centres.set(city, found);
  return found;
}

const nameOf = (c: Chunk) => c.tokens.map((t) => t.key).join(" ");
const isPlainName = (c: Chunk) => (c.kind === "locality" || c.kind === "unknown") && !c.label;
/** A taluk or tehsil is named after its town; a post office is the town it delivers from. */
const mayBeTown = (c: Chunk, village: boolean) => isPlainName(c) || c.label === "Taluk" || c.label === "Tehsil" || (c.label === "Post" && !village);

/**
 * The town the parcel goes to when the text names one: the last plain name that is a post office
 * of the pincode and lies far from the district town the directory (or the text) gives as city.
 * Metros keep their name: their post offices are neighbourhoods.
 */
function findTown(kept: Chunk[], rec: PincodeRecord, written: CityDef | null): Chunk | null {
  const home = written ?? getGazetteer().citiesByName.get(rec.entry.city ?? "") ?? null;
  // A written city counts as the district's town when it lies in the pincode's district.
  if (!home || (written && written.name !== rec.entry.city && !written.districts.some((d) => rec.districts.includes(d)))) return null;
  // A village's post office delivers to the village; the town is the post office only without one.
  const village = kept.some((c) => c.kind === "village" && c.label !== "Mohalla");
  for (let k = kept.length - 1; k >= 0; k--) {
    const c = kept[k] as Chunk;
    if (!mayBeTown(c, village)) continue;
    // The office may be spelt a letter apart ("Sagara" for the office "Sagar").
    const key = placeNameKey(nameOf(c));
    const limit = Math.min(1, allowedEdits(key.length));
    if (!officeNameKeys(rec).some((p) => editDistance(p, key, limit) <= limit)) continue;
    const centre = cityCentre(home);
    const far = METROS.has(home.name) ? METRO_TOWN_DISTANCE_KM : TOWN_DISTANCE_KM;
    return centre && distanceKm(centre.lat, centre.lng, rec.entry.lat, rec.entry.lng) > far ? c : null;
  }
  return null;
}

/**
 * Official name for a district written after "Distt." (also the name of its city, or as written;
 * a misspelling one or two letters off the pincode's own district is read as that district).
 */
function districtName(c: Chunk, rec: PincodeRecord | null): string {
  const gaz = getGazetteer();
  const key = c.tokens.map((t) => t.key).join(" ");
  const city = gaz.places.get(key)?.city;
  const known = gaz.districtsByKey.get(key) ?? (city?.districts.length === 1 ? city.districts[0] : null);
  if (known) return known;
  const limit = allowedEdits(key.length);
  const near = rec?.districts.find((d) => editDistance(d.toLowerCase(), key, limit) <= limit);
  return near ?? render(c.tokens, false);
}

export function normalizeAddress(text: string): NormalizedAddress {
  const scan = scanNumbers(clean(typeof text === "string" ? text : ""));
  const rec = scan.pincode ? pincodeRecord(scan.pincode) : null;
  const { chunks, mentions } = parseAddress(scan.text, rec);

  let statedState: string | null = null;
  let statedDistrict: string | null = null;
  let districtOrder = -1;
  for (const m of mentions) {
    if (m.kind === "state") statedState = m.state;
    else if (m.kind === "district") {
      statedDistrict = m.district;
      districtOrder = m.order;
    }
  }
  const city = chooseCity(mentions, rec);
  let statedCity = city?.name ?? null;
  if (!statedCity && statedState && CITY_STATES.has(statedState)) statedCity = statedState;
  if (!statedState && statedCity) statedState = stateOfCity(statedCity);

  const kept: Chunk[] = [];
  let meaningful = mentions.length > 0;
  let hasHouse = false;
  let hasBuilding = false;
  for (const c of chunks) {
    if (c.kind === "recipient") continue;
    if (c.kind === "unknown") {
      const words = c.tokens.some(isMeaningful);
      if (!words && !c.tokens.some((t) => t.type === NUMBER)) continue; // mash, "xxxxx", "&"
      meaningful ||= words;
      if (!words) {
        if (c.tokens.every((t) => t.type === NUMBER)) c.kind = "house";
      } else {
        const key = c.tokens.map((t) => t.key).join(" ");
        if (rec?.placeKeys.some((p) => namesPlace(key, p))) c.kind = "locality";
        else if (DEVELOPERS.has((c.tokens[0] as Token).key)) c.kind = "building";
      }
    } else if (!meaningful) meaningful = c.tokens.some(isMeaningful);
    if (c.kind === "district") {
      if (c.order > districtOrder) {
        statedDistrict = districtName(c, rec);
        districtOrder = c.order;
      }
      continue;
    }
    hasHouse ||= c.kind === "house";
    hasBuilding ||= c.kind === "building";
    kept.push(c);
  }

  // A town written in the text is the city; a misspelt city ("Ahmedbad") is read as that city.
  let townFits = false;
  const town = rec && (!statedCity || statedCity === city?.name) ? findTown(kept, rec, city) : null;
  if (town) {
    statedCity = render(town.tokens, false);
    townFits = true;
    kept.splice(kept.indexOf(town), 1);
  } else if (!city && rec && statedCity === null) {
    // A misspelling of the pincode's own town ("Bareli" for Bareilly) may be up to three letters off.
    const last = [...kept].reverse().find(isPlainName);
    const own = getGazetteer().citiesByName.get(rec.entry.city ?? "");
    const near = (k: string) => {
      const limit = Math.min(3, Math.floor(k.length / 2) - 1);
      return limit > 0 && editDistance(k, nameOf(last as Chunk), limit) <= limit;
    };
    if (last && own && own.keys.some(near)) {
      statedCity = own.name;
      kept.splice(kept.indexOf(last), 1);
    }
  }
  if (!town && !city && statedCity === null) {
    const last = [...kept].reverse().find(isPlainName);
    const guess = last ? fuzzyCity(nameOf(last), statedState, (c) => !rec || cityMatchesRecord(c, rec)) : null;
    if (last && guess && (!statedCity || statedCity === guess.name)) {
      statedCity = guess.name;
      kept.splice(kept.indexOf(last), 1);
      statedState ??= stateOfCity(guess.name) ?? (CITY_STATES.has(guess.name) ? guess.name : null);
    }
  }

  const leftoverCities: Array<{ order: number; text: string }> = [];
  for (const m of mentions) {
    // The district's town written after the town the parcel goes to names the district.
    const districtTown = rec && m.kind === "city" && m.city.name === rec.entry.city && statedCity !== rec.entry.city;
    if (m.kind === "city" && m.city !== city && m.city.name !== statedCity && !districtTown) leftoverCities.push({ order: m.order, text: m.city.name });
  }

  // A name with no keyword, after a house number and before a locality, is the building:
  // "Flat 502, Sunshine Paradise, Kharghar" (see docs).
  const first = hasHouse && !hasBuilding ? kept.find((c) => c.kind === "unknown") : undefined;
  if (first && (kept.some((c) => (c.kind === "unknown" || c.kind === "locality") && c.order > first.order) || leftoverCities.some((m) => m.order > first.order))) {
    first.kind = "building";
  }

  const house: string[] = [];
  const floors: string[] = [];
  const buildings: string[] = [];
  const streets: string[] = [];
  const landmarks: string[] = [];
  const localities = leftoverCities;
  for (const c of kept) {
    const text = chunkText(c);
    if (c.kind === "house") house.push(text);
    else if (c.kind === "floor") floors.push(text);
    else if (c.kind === "building") buildings.push(text);
    else if (c.kind === "street") streets.push(text);
    else if (c.kind === "landmark") landmarks.push(text);
    else localities.push({ order: c.order, text });
  }
  localities.sort((a, b) => a.order - b.order);

  const entry = rec?.entry ?? null;
  const components: Components = {
    house: joinParts(house.concat(floors)),
    building: joinParts(buildings),
    street: joinParts(streets),
    locality: joinParts(localities.map((p) => p.text)),
    landmark: joinParts(landmarks),
    city: statedCity ?? entry?.city ?? null,
    district: statedDistrict ?? entry?.district ?? null,
    state: statedState ?? entry?.state ?? null,
    pincode: scan.pincode,
  };

  const c = components;
  const tail = [c.state, c.pincode].filter(Boolean).join(" ");
  const normalized = [
    c.house,
    c.building,
    c.street,
    c.landmark,
    c.locality,
    c.city !== c.state ? c.city : null,
    statedDistrict && statedDistrict !== entry?.district ? `District ${statedDistrict}` : null,
    tail,
  ]
    .filter(Boolean)
    .join(", ");

  const cityDef = statedCity ? getGazetteer().citiesByName.get(statedCity) : undefined;
  return {
    normalized,
    components,
    pincode: entry,
    signals: {
      pincodeInText: scan.pincode,
      pincodeKnown: rec !== null,
      statedState,
      statedCity,
      statedDistrict,
      stateMatchesPincode: statedState && rec ? rec.states.includes(statedState) : null,
      cityMatchesPincode: townFits ? true : cityDef && rec ? cityMatchesRecord(cityDef, rec) : null,
      hasHouseNumber: hasHouse,
      junk: !meaningful,
    },
  };
}

/** Stable identity of an address: the normalized form, lower-cased, punctuation folded to spaces. */
export function normalizationKey(text: string): string {
  return addressKey(normalizeAddress(text));
}

/** The normalisation key of an address already parsed (verifications parse each address once). */
export function addressKey(address: NormalizedAddress): string {
  return address.normalized
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
