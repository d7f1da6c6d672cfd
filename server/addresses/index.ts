/**
 * Indian address normaliser: finds the pincode (never in a phone number), checks it against the
 * directory, splits house/building/street/landmark/locality/city/district/state and writes one
 * canonical line. Rules and decisions: docs/normalize.md.
 */
import { cityMatchesRecord, DIRECTIONS, DISTRICT_SHORT_FORMS, getGazetteer, namesPlace, type CityDef } from "./gazetteer";
import {
  AREA_SUFFIXES,
  BUILDING_WORDS,
  CROSSROADS,
  crossroadsAt,
  ESTATES,
  DEVELOPERS,
  INITIALS,
  LOCALITY_TAIL,
  LOCALITY_WORDS,
  MANDAL_MARKERS,
  MANDAL_SHORT_FORMS,
  MARKERS,
  MARKET_GOODS,
  NUMBER,
  QUARTER_WORDS,
  ROMAN,
  STREET_END_FORMS,
  STREET_WORDS,
  TOWARD_WORDS,
  TOWN_SUFFIXES,
  WORD,
  displayNumber,
  displayWord,
  isJunkWord,
  isLocalityWord,
  tokenize,
  type MarkerKind,
  type Token,
} from "./lexicon";
import { scanNumbers } from "./numbers";
import { HEAD_KINDS, MANDAL_STATES, PEEL_BLOCKERS, PLACE_CLOSERS, officeAtHead, parseAddress, withoutSpotAfter, withoutStrayLetters, type Chunk, type Mention } from "./parse";
import { fromIndianScript, hasIndianScript, scriptStates } from "./devanagari";
import {
  allowedEdits,
  editDistance,
  fnv1a,
  fuzzyCity,
  hashNames,
  namesHashed,
  nearDirectoryTown,
  nearSpellingIndex,
  nearTownIndex,
  placeBySound,
  soundPlaces,
  soundKey,
  spelledAs,
  spellingIndex,
  swapDistance,
  townWithin,
  townsByFirstAndLength,
  townsWithin,
  type HashedNames,
} from "./fuzzy";
import {
  directoryDistricts,
  directoryRecords,
  directoryTowns,
  distanceKm,
  officeNameKeys,
  officeTownKeys,
  officeNames,
  officesNamed,
  pincodeRecord,
  placeNameKey,
  preloadPincodeDirectory as preloadDirectory,
  headOfficeRecords,
  isDirectoryName,
  isOfficeQualifier,
  isPlaceOfDistrict,
  qualifiedRecords,
  recordsNamed,
  districtState,
  townNamed,
  type Area,
  type DirectoryTown,
  type PincodeEntry,
  type PincodeRecord,
} from "./pincodes";
import { AMBIGUOUS_ABBREVIATIONS, CITY_STATES, NCR, SPLIT_FROM, stateAliasEntries, type StateAlias } from "./states";
import { DISTRICT_CITY, PREFIX_CITY } from "./cities";

export { distanceKm, lookupPincode, pincodeArea } from "./pincodes";
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
/** A character beyond Latin-1: text that cannot be held at one byte a character. */
const WIDE = /[\u0100-\uffff]/;
const LINE_BREAKS = /[\r\n\u2028\u2029]+/g;
/** Runs of white space, control characters and invisible formatting characters. */
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const SPACES = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]+/g;
const DASHES = /[\u2010-\u2015\u2212]/g;
const QUOTES = /[\u2018\u2019\u201b\u2032`]/g;
/** Emoji and pictographs: no word reads them, and between a city and a short pincode they hid it from the scan ("Bangalore. 😀🏠-10000"). */
const PICTOGRAPHS = /(?:\p{Extended_Pictographic}|[\u{1f3fb}-\u{1f3ff}]|\ufe0f)+/gu;
/** ASCII text with a control character or a run of spaces: the only ASCII text that folding changes. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const ASCII_TO_FOLD = /[\x00-\x1f\x7f]| {2}/;
/** An ASCII digit (what `\d` matches) at `i` of `text`: a regex would flatten and scan the whole piece. */
const digitAt = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i);
  return c >= 48 && c <= 57;
};

/**
 * The longest text the parser reads. An address is at most 280 characters (contract), but NFKC can
 * make one character eighteen (U+FDFA): the text is cut before and after normalisation, so every
 * step after it works on a bounded string (docs/normalize.md, "Linear time").
 */
export const MAX_TEXT = 400;

/** Code page 437's characters for the bytes 0x80–0xBF, in order: the second byte of a two-byte UTF-8 character. */
const CP437_CONTINUATION = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐";
/** UTF-8 of U+0080–U+00FF read as code page 437: "┬" or "├" (the bytes 0xC2, 0xC3), then a continuation byte. */
const CP437_MOJIBAKE = new RegExp(`([┬├])([${CP437_CONTINUATION}])`, "g");
/** What Windows-1252 makes of the C1 bytes a list's dashes and quotes arrive as (0x96 is its en dash). */
const CP1252_C1: Readonly<Record<number, string>> = { 0x91: "'", 0x92: "'", 0x93: '"', 0x94: '"', 0x96: "-", 0x97: "-" };

/**
 * Lists exported through a DOS console carry their UTF-8 as code page 437: "NELLORE┬û524001" is
 * "NELLORE–524001", "┬á" a no-break space. Read back, the dash parts the town from its pincode. After "├"
 * come accented Latin letters ("├╜" is "ý"), which no Indian address writes: noise where a list parted its
 * fields, read as a comma, and so is a run of no-break spaces ("Rampalle┬á┬áParchur Mandal"): a name
 * ended there, and read as a space the next field's words ran on into it (a village into its mandal, a
 * town into a relation's name before it).
 */
function repairMojibake(s: string): string {
  return s
    .replace(CP437_MOJIBAKE, (_all: string, lead: string, next: string) => {
      const code = 0x80 + CP437_CONTINUATION.indexOf(next);
      if (lead === "├") return ",";
      return code < 0xa0 ? (CP1252_C1[code] ?? " ") : String.fromCharCode(code);
    })
    .replace(FIELD_SPACES, ", ");
}
/** Two no-break spaces or more (NFKC, next, makes each a plain space). */
const FIELD_SPACES = /\u00a0{2,}/g;

function clean(text: string): string {
  let s = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  if (NON_ASCII.test(s)) {
    s = repairMojibake(s).normalize("NFKC");
    if (s.length > MAX_TEXT) s = s.slice(0, MAX_TEXT);
    // Line breaks and spaces first: Hindi's postpositions are read up to the end of their line.
    s = s.replace(LINE_BREAKS, ", ").replace(SPACES, " ").replace(DASHES, "-").replace(QUOTES, "'").replace(PICTOGRAPHS, " ");
    if (hasIndianScript(s)) s = fromIndianScript(s);
    // Text rewritten from a wider one is held at two bytes a letter though it is Latin now (an Indian script read into
    // Latin letters, NFKC's forms): copied at one byte a letter, the patterns after run on it as on text typed so, not
    // compiled anew for wide text on the first such address.
    if (!WIDE.test(s)) s = Buffer.from(s, "latin1").toString("latin1");
  } else if (!ASCII_TO_FOLD.test(s)) return s.trim();
  return s.replace(LINE_BREAKS, ", ").replace(SPACES, " ").trim();
}

function render(tokens: readonly Token[], streetEnd: boolean): string {
  let out = "";
  // Whether `out` ends in a digit, read off the last piece added: testing the growing string would copy it each time.
  let digitEnd = false;
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
    const piece = out === "" ? word : (digitEnd && digitAt(word, 0) ? "/" : " ") + word;
    out += piece;
    if (piece !== "") digitEnd = digitAt(piece, piece.length - 1);
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
  // Most components have one part or none: no set to build.
  if (parts.length <= 1) return parts[0] || null;
  // A part written twice stays where it was written last: the last place written is what the reading goes by ("A, B, A"
  // is read with A last, and so is its line "B, A").
  const seen = new Set<string>();
  const kept: string[] = [];
  for (let k = parts.length - 1; k >= 0; k--) {
    const p = parts[k] as string;
    const key = p.toLowerCase();
    if (!p || seen.has(key)) continue;
    seen.add(key);
    kept.push(p);
  }
  return kept.length > 0 ? kept.reverse().join(", ") : null;
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
  // A town of another district's name that fits only as one of the pincode's offices is that office: a quarter of the
  // town written after it where the pincode lies near that town ("Kannur, Kasaragod 671321"), as a post office is (`findTown`).
  if (rec && before && chosen?.name === rec.entry.city && !METROS.has(chosen.name) && (townOfRecord(before, rec) || farFrom(chosen, rec.entry))) return before;
  // Without a pincode, a town or sub-district of the district whose city is written after it, lying beyond the distance of
  // a town of its own, is the town ("Hosur, Krishnagiri"), as `findTown` reads a plain name there; the city names the district.
  if (!rec && before && chosen && townBeforeDistrictTown(before, chosen)) return before;
  // Else the last well-known city, or a town the directory places only outside the pincode's state(s):
  // either way the pincode does not fit what is written.
  if (!chosen && rec) for (const m of mentions) if (m.kind === "city" && (m.city.curated || townOutsideStates(m.city, rec))) chosen = m.city;
  return chosen;
}

/**
 * Whether a city written before another is a directory town or sub-district of that one's district lying beyond its
 * reach (`townBeforeCityKm`, at the town's own office): a town of its own, not an area of the city written last. The
 * district where it is, or null.
 */
function townBeforeDistrictTown(town: CityDef, city: CityDef): string | null {
  // The city written last heads the town's district ("Hosur, Krishnagiri"), not another town of it ("Krishnagiri, Hosur").
  const heads = (d: string) => city.districts.includes(d) && districtTown(d) === city;
  if (CITY_DISTRICTS.has(city.name)) return null;
  for (const k of town.keys) {
    const key = placeNameKey(k);
    const district = townNamed(key)?.areas.find((a) => heads(a.district))?.district;
    if (!district) continue;
    const own = ownPlaceIn(town, city);
    if (own) return farFrom(city, own, townBeforeCityKm(city, pincodeRecord(own.code))) ? district : null;
    // A name of several places, the city's own lying in other districts, is the place of that name in the district
    // written ("Patan, Satara" is Satara's Patan, not Gujarat's city): a town of its own where every post office of
    // that name there lies beyond the city's reach, none of them in the name's own district too (a town's pincode
    // that reaches into the next district).
    const offices = recordsNamed(key).filter((r) => r.districts.includes(district));
    const far = (r: PincodeRecord) => !r.districts.some((d) => town.districts.includes(d)) && farFrom(city, r.entry, townBeforeCityKm(city, r));
    return offices.length > 0 && offices.every(far) ? district : null;
  }
  return null;
}

/**
 * Without a pincode, the district whose city is written after the city chosen, where that is a place of that name of
 * another district read there (`townBeforeDistrictTown`): the district written decides which place the name is.
 */
function districtAfterTown(mentions: readonly Mention[], town: CityDef | null): string | null {
  const last = mentions.findLast((m) => m.kind === "city");
  if (!town || last?.kind !== "city" || last.city === town || ownPlaceIn(town, last.city)) return null;
  return townBeforeDistrictTown(town, last.city);
}

/** A city's own centre where it lies in one of another city's districts ("Hosur" in Krishnagiri's). */
function ownPlaceIn(town: CityDef, city: CityDef): PincodeEntry | null {
  const centre = cityCentre(town);
  return centre && pincodeRecord(centre.code)?.districts.some((d) => city.districts.includes(d)) ? centre : null;
}

/**
 * A city that is its state (Delhi, Chandigarh), where a city or town of elsewhere was read as the city: without a
 * pincode, read as the state written (`written`: "Ghazipur, Delhi", an office of Delhi's and Uttar Pradesh's town, or
 * "Delhi, Jamnagar": the line writes the state last), the city-state is the city and the name its locality, as with
 * "New Delhi" written. With a pincode, where the name is one of the
 * pincode's own offices ("Ghazipur, Delhi-110096", "Ghazipur 110096"), the name is the pincode's quarter and its city the
 * city, as for any quarter. A town that is no office of the pincode stays the town, written with "Delhi" or not (the line
 * writes the pincode's state: "Hindupur 110007" reads as its line does). Not a town of the city-state's region
 * ("Mohali, Chandigarh", "Sonipat, Delhi"): the town, in the region the city-state names.
 */
function cityOfQuarter(written: string | null, chosen: CityDef | null, rec: PincodeRecord | null): CityDef | null {
  // A metro written is the city whatever state is written ("Puducherry, Mumbai").
  if (!chosen || METROS.has(chosen.name)) return null;
  let state: string | null = null;
  if (rec) {
    // So is a metro's quarter: the pincode's own office, in the metro's range and within its quarters' reach ("Udaipur
    // 700049" is Kolkata's; Kannur 562149, a village 20 km out of Bengaluru, has a pincode of the rural district's range).
    const metro = rec.entry.city ?? "";
    const keys = chosen.keys.map(placeNameKey);
    const own = officeNameKeys(rec).some((o) => keys.includes(o));
    const centre = CITY_DISTRICTS.has(metro) ? cityCentre(getGazetteer().citiesByName.get(metro) as CityDef) : null;
    if (own && CITY_STATES.has(rec.entry.state)) state = rec.entry.state;
    else if (own && centre && centre.code.slice(0, 3) === rec.entry.code.slice(0, 3) && distanceKm(centre.lat, centre.lng, rec.entry.lat, rec.entry.lng) <= METRO_QUARTER_KM) state = metro;
  } else if (written && CITY_STATES.has(written)) state = written;
  const def = state ? getGazetteer().citiesByName.get(state) : undefined;
  if (!def || def === chosen || chosen.districts.some((d) => def.districts.includes(d) || directoryDistricts().get(d) === state)) return null;
  const home = cityCentre(def);
  if (!home) return null;
  // The town's centre, or any pincode of its name (Mohali's centre is a namesake's: its pincodes are S.A.S. Nagar's).
  const near = (at: PincodeEntry | null | undefined) => !!at && distanceKm(at.lat, at.lng, home.lat, home.lng) <= CITY_STATE_REGION_KM;
  const nearby =
    near(cityCentre(chosen)) ||
    chosen.keys.some((k) => {
      const key = placeNameKey(k);
      return (
        (townNamed(key)?.codes ?? []).some((c) => near(pincodeRecord(c)?.entry)) ||
        officesNamed(key).some(({ rec: o }) => chosen.districts.some((d) => o.districts.includes(d)) && near(o.entry))
      );
    });
  return nearby ? null : def;
}

/**
 * A district's town written with a pincode of another district of its state ("Market Road, Hingoli" with a pincode of
 * Yavatmal's, 35 km off): the town is where the parcel goes, as a directory town written with a pincode across a district
 * border is (`readDirectoryTown`), not a locality of a town the text never names. The last such written, where no
 * other place was read as the city (`readCity`: a town of the district written before it is the town).
 */
function townAcrossBorder(mentions: readonly Mention[], rec: PincodeRecord, district: string | null): CityDef | null {
  let found: CityDef | null = null;
  for (const m of mentions) {
    // A district written that is not the town's says the name is a namesake there ("Akola, Jalna 431202"), unless the
    // directory lists the town in one of the pincode's districts too (a district split since).
    if (m.kind !== "city" || m.city.curated || cityMatchesRecord(m.city, rec)) continue;
    if (district && !m.city.districts.includes(district) && !townNamed(placeNameKey(m.city.name))?.areas.some((a) => rec.districts.includes(a.district))) continue;
    if (m.city.districts.some((d) => rec.states.includes(directoryDistricts().get(d) ?? ""))) found = m.city;
  }
  return found;
}

/** A city that lies in the pincode's district(s), or a town among whose pincodes it is: not only an office's namesake. */
function townOfRecord(city: CityDef, rec: PincodeRecord): boolean {
  return city.districts.some((d) => rec.districts.includes(d)) || city.keys.some((k) => !!townNamed(placeNameKey(k))?.codes.includes(rec.entry.code));
}

/** Metros: their post offices up to 40 km out are neighbourhoods, not towns of their own. */
const METROS: ReadonlySet<string> = new Set([
  "Mumbai",
  "Navi Mumbai",
  "Thane",
  "Delhi",
  "New Delhi",
  "Kolkata",
  "Howrah",
  "Chennai",
  "Bengaluru",
  "Hyderabad",
  "Secunderabad",
  "Pune",
  "Pimpri Chinchwad",
  "Ahmedabad",
  "Gurugram",
  "Noida",
  "Greater Noida",
  "Ghaziabad",
  "Faridabad",
]);
/**
 * Metros whose districts are the city itself: their sub-districts ("Andheri", "Yelahanka", "Ameerpet") are its
 * neighbourhoods. The other metros' districts hold towns of their own ("Loni" in Ghaziabad's).
 */
const CITY_DISTRICTS: ReadonlySet<string> = new Set(["Mumbai", "Delhi", "New Delhi", "Kolkata", "Chennai", "Bengaluru", "Hyderabad", "Secunderabad"]);
/** A post office this far from its district town's centre is a town of its own (Kundapura, 35 km from Udupi). */
const TOWN_DISTANCE_KM = 15;
/** Metros spread 30 km from their centre; a town in their district lies beyond (Kotputli, 100 km from Jaipur). */
const METRO_TOWN_DISTANCE_KM = 40;
/**
 * A metro's quarters lie within 25 km of its centre (Yelahanka 14, Madipakkam 18, Mangadu 19); out to its spread's 40 km
 * lie villages too (Rajaghatta, 38).
 */
const METRO_QUARTER_KM = 25;

/** The region a city-state names: the towns around it written with it ("Sonipat, Delhi"; the NCR reaches Panipat, 90 km). */
const CITY_STATE_REGION_KM = 100;

const centres = new Map<CityDef, PincodeEntry | null>();

let headPincodes: Map<string, PincodeEntry> | null = null;

function headPincodeIndex(): Map<string, PincodeEntry> {
  if (!headPincodes) {
    headPincodes = new Map();
    for (const rec of directoryRecords()) {
      const known = headPincodes.get(rec.entry.district);
      if (rec.entry.code.endsWith("001") && (!known || rec.entry.code < known.code)) headPincodes.set(rec.entry.district, rec.entry);
    }
  }
  return headPincodes;
}

/** Per district, its lowest pincode ending in 001: the headquarters town's head office (470001 Sagar, 306401 Pali). */
function districtHeadPincode(district: string): PincodeEntry | null {
  return headPincodeIndex().get(district) ?? null;
}

/**
 * Loads the pincode directory and builds everything the normaliser derives from it (places, near
 * spellings, district head offices) now, e.g. at server start or in a test file's beforeAll, so no
 * request, batch lease or test pays for it later; returns the pincode count.
 */
export function preloadPincodeDirectory(): number {
  const count = preloadDirectory();
  getGazetteer();
  nearSpellingIndex();
  nearTownIndex();
  townsByFirstAndLength();
  soundPlaces();
  headPincodeIndex();
  partIndex();
  baseIndex();
  districtPlaceKeys();
  gluedTownKeys();
  spokenOfficeIndex();
  spellingIndex();
  prefixDistricts();
  return count;
}

/**
 * Where a city is: the pincode of a post office named after it in one of its districts, else its district's head
 * pincode, else the first pincode of a town or sub-district named after it in its state (a district made after the
 * directory's lists the town under the old one: Tiruppur, Ramanagara).
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
  const states = city.districts.map((d) => directoryDistricts().get(d));
  for (const key of city.keys) {
    const town = found ? null : townNamed(placeNameKey(key));
    if (town?.areas.some((a) => states.includes(a.state))) found = pincodeRecord(town.codes[0] ?? "")?.entry ?? null;
  }
  centres.set(city, found);
  return found;
}

/**
 * A town's name without a direction after it ("Kalyan West", "Badlapur E"): that part of the town is the town; nor
 * the word of a bank's branch named after it ("Kalpi Branch"), nor a town's word after a directory town's name
 * ("Hindupur Town", "Behat Rural", `suffixedTown`), nor a stray letter before it (`withoutStrayLetters`).
 */
const townTokens = (written: readonly Token[]): readonly Token[] => {
  const tokens = withoutStrayLetters(written);
  const named = tokens.slice(0, tokens.findLastIndex((t, k) => k === 0 || (!DIRECTIONS.has(t.key) && !BRANCH_WORDS.has(t.key))) + 1);
  const last = named[named.length - 1] as Token;
  if (TOWN_SUFFIXES.has(last.key) && suffixedTown(named)) return named.slice(0, -1);
  // An office's name of the directory is one token ("Indri Town"): its last word is dropped from it.
  const town = last.key.replace(/ town$/, "");
  if (
    town === last.key ||
    !suffixedTown([
      { ...last, key: town },
      { ...last, key: "town" },
    ])
  )
    return named;
  return [...named.slice(0, -1), { ...last, key: town, raw: last.raw.replace(/[\s.]*[A-Za-z]+[\s.]*$/, "") }];
};
const nameOf = (c: Chunk) => c.tokens.map((t) => t.key).join(" ");
const isPlainName = (c: Chunk) => (c.kind === "locality" || c.kind === "unknown") && !c.label;
/** A taluk or tehsil is named after its town, unless the address names its village; a post office is the town it delivers from. */
const mayBeTown = (c: Chunk, village: boolean) =>
  !isQuarter(c) && (isPlainName(c) || (!village && (c.label === "Taluk" || c.label === "Tehsil" || c.label === "Mandal" || c.label === "Post")));
/** A name ending in a quarter's or a spot's word ("NGO Colony", "P.O. Harmu Housing Colony") is inside a town, not the town. */
const isQuarter = (c: Chunk) => {
  const last = c.tokens[c.tokens.length - 1]?.key ?? "";
  return QUARTER_WORDS.has(last) || CROSSROADS.has(last);
};

/** Words of a landmark's name: a post office called "Hanuman Mandir" is not what "हनुमान मंदिर के पास" means. */
// prettier-ignore
const LANDMARK_NOUNS: ReadonlySet<string> = new Set([
  "mandir", "masjid", "temple", "church", "gurudwara", "school", "hospital", "bank", "office", "station", "stand", "tank", "chowk",
  ...CROSSROADS,
]);

/** The city a district's name stands for: its headquarters town. */
function districtTown(district: string): CityDef | null {
  return getGazetteer().citiesByName.get(DISTRICT_CITY[district] ?? district) ?? null;
}

/** Whether a place lies far enough from a city's centre to be a town of its own. */
function farFrom(home: CityDef, at: PincodeEntry, far = METROS.has(home.name) ? METRO_TOWN_DISTANCE_KM : TOWN_DISTANCE_KM): boolean {
  const centre = cityCentre(home);
  return !!centre && distanceKm(centre.lat, centre.lng, at.lat, at.lng) > far;
}

/**
 * How far a place among the pincode's offices lies out before it is a town of its own, where no city is written. A
 * town's own pincodes share its centre's first four digits where the centre is a sorting district's town (its code's
 * fourth digit 0: Agra 2820xx, Pune 4110xx, Thane 4006xx), else its first five (Gurdaspur 14352x), or lie in its range
 * by `PREFIX_CITY`. Within them a place lies 15 km out (40 km for a metro, whose spread holds its own pincodes only);
 * a pincode of its own beyond them is another place's: the place written is that place however near (Karamsad
 * 388325, 5 km from Anand), and a metro's district holds towns as any district does (Chakan 410501, 28 km from
 * Pune; Kalyan 421301, 19 km from Thane).
 */
function townDistanceKm(home: CityDef, rec: PincodeRecord | null): number {
  const own = ownPincode(home, rec);
  if (METROS.has(home.name)) return own ? METRO_TOWN_DISTANCE_KM : TOWN_DISTANCE_KM;
  return own ? TOWN_DISTANCE_KM : 0;
}

/** Whether the pincode is one of the town's own (see `townDistanceKm`); no pincode, or no centre to compare, counts as its own. */
function ownPincode(home: CityDef, rec: PincodeRecord | null): boolean {
  const centre = cityCentre(home);
  const code = rec?.entry.code;
  const digits = centre?.code[3] === "0" ? 4 : 5;
  return !code || !centre || code.startsWith(centre.code.slice(0, digits)) || PREFIX_CITY.some(([prefix, city]) => city === home.name && code.startsWith(prefix));
}

/**
 * How far out a town of a written city's district lies before it is a town of its own, the city written after it: as
 * `townDistanceKm`, but a metro written as the city keeps its spread over its sorting district, its centre's first
 * three digits (Badshahpur 122101 stays Gurugram); beyond it the district's towns lie 15 km out (Sanand 382170,
 * Ahmedabad).
 */
function townBeforeCityKm(home: CityDef, rec: PincodeRecord | null): number {
  if (!METROS.has(home.name)) return townDistanceKm(home, rec);
  const centre = cityCentre(home);
  const code = rec?.entry.code;
  const sorting = !code || !centre || code.startsWith(centre.code.slice(0, 3)) || PREFIX_CITY.some(([prefix, city]) => city === home.name && code.startsWith(prefix));
  return sorting ? METRO_TOWN_DISTANCE_KM : TOWN_DISTANCE_KM;
}

/**
 * A directory district written that is none of the pincode's and does not name the pincode's city ("Bargarh Dist.
 * Odisha" with a pincode of Hyderabad's): the pincode's city is then written nowhere, and the text does not say the
 * parcel goes there.
 */
function districtElsewhere(rec: PincodeRecord, district: string | null): boolean {
  const home = getGazetteer().citiesByName.get(rec.entry.city ?? "");
  // A city that is its state (Delhi) is written with the state the line adds.
  if (CITY_STATES.has(rec.entry.state)) return false;
  return !!district && directoryDistricts().has(district) && !rec.districts.includes(district) && !home?.keys.some((h) => placeNameKey(district).includes(placeNameKey(h)));
}

/** The pincode's own city is where the parcel goes only when the pincode lies in it (not a village 30 km out). */
function nearOwnCity(rec: PincodeRecord): boolean {
  let near = nearOwn.get(rec);
  if (near === undefined) {
    const own = getGazetteer().citiesByName.get(rec.entry.city ?? "");
    near = !own || !farFrom(own, rec.entry);
    nearOwn.set(rec, near);
  }
  return near;
}
const nearOwn = new WeakMap<PincodeRecord, boolean>();

/**
 * The town the parcel goes to when the text names one: the last plain name that is a post office
 * (of the pincode; without one, of the district the text names) and lies far from the city the
 * text (or the directory) gives; before a written city, a post office that is no town or sub-district of
 * its district must lie beyond a metro's spread.
 * Metros keep their name: their post offices are neighbourhoods.
 */
/**
 * A plain name (or a post office written with its marker) that is one of the pincode's own post offices (`offices`),
 * or without a pincode a post office of one of `areas`. A function of the module, not a closure per call: the dev
 * loader names each closure it makes.
 */
function isOwnOffice(p: Chunk, rec: PincodeRecord | null, offices: readonly string[], areas: readonly string[]): boolean {
  if (!isPlainName(p) && p.label !== "Post") return false;
  const key = placeNameKey(nameOf(p));
  if (rec) return offices.includes(key);
  return recordsNamed(key).some((r) => areas.some((d) => r.districts.includes(d)));
}

/** Whether `written` is `name` misspelt, up to three letters off as the name's length allows ("Bareli" for Bareilly). */
function misspells(name: string, written: string): boolean {
  const limit = Math.min(3, Math.floor(name.length / 2) - 1);
  return limit > 0 && editDistance(name, written, limit) <= limit;
}

/** A misspelling of a city's name. */
function spellsCity(city: CityDef, name: string): boolean {
  return city.keys.some((k) => misspells(k, name));
}

/**
 * A name spelt as a place of other districts only, a letter (two from twelve letters) off one town or sub-district of
 * `districts` (the pincode's, or the one written): that town in another spelling ("-ur" for "-uru", "-pet" for
 * "-peta"), the exact spelling being elsewhere. Exact first holds inside the district: a place of it spelt so is that
 * place. Null where none or two are as near.
 */
function nearTownOfDistricts(key: string, districts: readonly string[]): string | null {
  // One letter under twelve letters (`nearDirectoryTown`'s bound): two in a shorter name reach towns of other names.
  const limit = Math.min(allowedEdits(key.length), key.length >= 12 ? 2 : 1);
  if (limit === 0 || !isDirectoryName(key) || districts.some((d) => isPlaceOfDistrict(key, d))) return null;
  let found: string | null = null;
  for (const town of townsWithin(key, limit)) {
    if (!townNamed(town)?.areas.some((a) => districts.includes(a.district))) continue;
    if (found) return null;
    found = town;
  }
  return found;
}

function findTown(kept: Chunk[], rec: PincodeRecord | null, written: CityDef | null, district: string | null, state: string | null): Chunk | null {
  const home = written ?? (rec ? getGazetteer().citiesByName.get(rec.entry.city ?? "") : null) ?? (district ? districtTown(district) : null);
  if (!home && !rec) {
    // Only a state written besides: a name that is a post office of one district only is the town ("Arjuni Morgaon, MH").
    if (!state || kept.some((c) => c.kind === "village" || c.kind === "post")) return null;
    const last = [...kept].reverse().find((c) => isPlainName(c) && !c.tokens.some((t) => LANDMARK_NOUNS.has(t.key)));
    const found = last ? recordsNamed(placeNameKey(nameOf(last))).filter((r) => !state || r.states.includes(state)) : [];
    return found.length > 0 && only(found.map((r) => r.entry.district)) ? (last as Chunk) : null;
  }
  // A written city counts as the district's town when it lies in the pincode's district.
  if (!home || (rec && written && written.name !== rec.entry.city && !written.districts.some((d) => rec.districts.includes(d)))) return null;
  // A village's post office delivers to the village; the town is the post office only without one.
  const village = kept.some((c) => c.kind === "village" && c.label !== "Mohalla");
  const marked = kept.some((c) => c.kind === "village" || c.kind === "post");
  const areas = district ? [district] : home.districts;
  const offices = rec ? officeNameKeys(rec) : [];
  // A taluk or mandal after a name (or a post office written with its marker) that is one of the pincode's own post
  // offices (without a pincode, a post office of the district) is that place's sub-district: the post office is the
  // town ("Kandukur - 523105, Pamur Mandal", "Dharmavaram, Pithapuram Mandal, E.G. Dist", "P.O. Avakhal, Tal. Dabhoi").
  // The first such name, found once when needed.
  let firstOffice: number | undefined;
  for (let k = kept.length - 1; k >= 0; k--) {
    const c = kept[k] as Chunk;
    if (!mayBeTown(c, village)) continue;
    if (c.label !== "Post" && !isPlainName(c)) {
      firstOffice ??= kept.findIndex((p) => isOwnOffice(p, rec, offices, areas));
      if (firstOffice >= 0 && firstOffice < k) continue;
    }
    // A sub-district written right after a village is the village's (see `villageBeforeSubDistrict`): where it would
    // be the town, the village written before it is.
    const itsVillage = SUB_DISTRICT_LABELS.has(c.label) ? villageBefore(kept, c) : null;
    // A bank's branch before the city written is named after a quarter of that city ("Alipore Branch, Calcutta"); with
    // a post office or village written, that is the place (contract).
    if ((written || marked) && BRANCH_WORDS.has(c.tokens[c.tokens.length - 1]?.key ?? "")) continue;
    // A name after the post office written with its marker ("P.O. Mandasa, Murapaka", "VPO Mandasa (Murapaka)") is a
    // village of that office or the office's other name: the post office the address names is the city (contract).
    if (isPlainName(c) && officeNamedBefore(kept, c)) continue;
    const whole = placeNameKey(nameOf(c));
    // The town, a direction or a bank's branch after it aside ("Kalyan West", "Kalpi Branch").
    const name = townTokens(c.tokens)
      .map((t) => t.key)
      .join(" ");
    let key = placeNameKey(name);
    let at: PincodeEntry | null = null;
    let tail = false;
    // A town of the district spelt as an office elsewhere ("Seethampet, Srikakulam"; the mandal is Seethampeta) is that
    // town. Not the home town's or the district's own name spelt otherwise: that names the city or the district.
    const near = isPlainName(c) ? nearTownOfDistricts(key, rec ? rec.districts : areas) : null;
    if (near && !home.keys.some((k) => placeNameKey(k) === near) && !areas.some((d) => placeNameKey(d) === near)) key = near;
    if (rec) {
      // A city the gazetteer knows in the pincode's district, written where no mention was read ("Vasai West", "Post
      // Vasai"), is that town, whatever its office is called ("Bassein").
      const known = getGazetteer().places.get(name)?.city;
      if (known && known !== home && (isPlainName(c) || c.label === "Post") && cityMatchesRecord(known, rec)) return c;
      // The district's own name, where its town is called otherwise ("Hooghly", whose town is Chinsurah), written as a
      // plain name that is one of the pincode's offices: the town the buyer names, however near the other name's centre.
      if (isPlainName(c) && districtOnly(name) === rec.entry.district && offices.includes(key)) return c;
      // The office may be spelt a letter or two apart ("Sagara" for the office "Sagar"; the town is then the office's
      // name), or name its town with a word of its own ("Kalyan City", "Fatehpur Town").
      const limit = allowedEdits(whole.length);
      const office = offices.find((p) => editDistance(p, whole, limit) <= limit);
      // A near spelling of the home town's own office ("Gurganv", गुड़गांव, for Gurgaon) is the home town.
      if (office && home.keys.some((k) => placeNameKey(k) === office)) continue;
      if (office && !officeTownKeys(rec).includes(key)) key = office;
      if (office || officeTownKeys(rec).includes(key)) at = rec.entry;
      // A name that begins two or more of the pincode's offices' names ("Rampur" of "Rampur Dam", "Rampur Township") is
      // the town they are named after, though no office bears it alone.
      else if (isPlainName(c) && !isQuarter(c) && c.tokens.every(isNameWord) && key.length >= 5 && offices.filter((p) => p.length > key.length && p.startsWith(key)).length >= 2)
        at = rec.entry;
      // A town whose pincodes include this one, though none of its offices bears its name, where the pincode is not one
      // of the home town's own (a sub-district around a city lists the city's) and no other name written is one of the
      // pincode's offices: a post office written before its town is where the parcel goes. So is a town of the
      // pincode's district written before the district's town, where the pincode is neither's (another town's, or a
      // village's): the district's town written last does not stand in for it ("Shevgaon, Ahmednagar" with a pincode
      // of Rahuri's); the town is then placed at its own first pincode in that district.
      else if (
        (isPlainName(c) || (!marked && SUB_DISTRICT_LABELS.has(c.label))) &&
        !ownPincode(home, rec) &&
        !home.keys.some((k) => placeNameKey(k) === key) &&
        !spellsCity(home, key) &&
        !kept.some((p) => p !== c && isPlainName(p) && offices.includes(placeNameKey(nameOf(p))))
      ) {
        const town = townNamed(key);
        if (town?.codes.includes(rec.entry.code)) at = rec.entry;
        else if (written && isPlainName(c) && written.districts.includes(rec.entry.district) && town?.areas.some((a) => a.district === rec.entry.district))
          at = town.codes.map(pincodeRecord).find((o) => o?.districts.includes(rec.entry.district))?.entry ?? null;
      }
      // Else the last word of a longer name, where it is a town of the pincode's district among its offices
      // ("Poramatala Nabadwip"): the name before it is a locality of that town.
      const end = c.tokens[c.tokens.length - 1] as Token;
      if (!at && isPlainName(c) && c.tokens.length > 1 && end.type === WORD && !LOCALITY_TAIL.has(end.key) && officeTownKeys(rec).includes(end.key)) {
        if (townNamed(end.key)?.areas.some((a) => rec.districts.includes(a.district))) {
          at = rec.entry;
          key = end.key;
          tail = true;
        }
      }
    } else {
      // Without a pincode, the one office of that name in the city's (or the written) district, in the written state
      // or the one it was split from ("Nalgonda, AP"); else, written as a plain name outside a metro whose districts are
      // the city (`CITY_DISTRICTS`), a town or sub-district of the district that has no office of its name, at its head
      // office's pincode.
      const found = recordsNamed(key).filter((r) => areas.some((d) => r.districts.includes(d)) && r.states.some((st) => inState(st, state)));
      const one = found[0]?.entry;
      if (one && found.every((r) => distanceKm(r.entry.lat, r.entry.lng, one.lat, one.lng) < 10)) at = one;
      // Not the district's own name spelt another way ("Bhubaneswar, Khurda" for Khordha).
      const district = key.length >= 5 && areas.some((d) => editDistance(placeNameKey(d), key, 2) <= 2);
      // Offices of the name far apart in the district are villages named after the town or its namesakes ("Mudigere,
      // Chikkamagaluru", "Mettupalayam, Coimbatore"): the town or sub-district of that name is the one a buyer means. It
      // lies at its pincode in the district whose office bears its name, not at one of its sub-district's beside the city.
      const town = !at && isPlainName(c) && !CITY_DISTRICTS.has(home.name) && !district ? townNamed(key) : null;
      if (town?.areas.some((a) => areas.includes(a.district) && inState(a.state, state))) {
        const there = town.codes.map(pincodeRecord).filter((r) => !!r && r.districts.some((d) => areas.includes(d))) as PincodeRecord[];
        at = (there.find((r) => officeNameKeys(r).some((o) => o.includes(key))) ?? there[0])?.entry ?? null;
      }
    }
    if (!at) continue;
    // Before the city written last, a post office that is no town or sub-district of the city's district is an
    // area of the city unless it lies beyond a metro's spread ("Sikandra, Agra", "Daroli, Udaipur"; not Kotputli).
    const ownTown = !written || !!townNamed(key)?.areas.some((a) => written.districts.includes(a.district));
    // With no city written, a town or sub-district of its own among the pincode's offices is the town however near
    // the district's town its pincode's centre lies ("Main Bazar, Bagha Purana 142038", Moga's district); a metro's
    // offices stay its neighbourhoods, and the town's own parts ("Meerut Cantt") the town. The directory first: the
    // home town's key is a new string. A metro's range reaches towns of the districts around it: one with a head office
    // of its own there is a town, not a quarter ("Baruipur 700144", South 24 Parganas, whose town is not Kolkata).
    if (
      rec &&
      !written &&
      (!CITY_DISTRICTS.has(home.name) || townBesideMetro(key, rec, home)) &&
      townNamed(key)?.areas.some((a) => rec.districts.includes(a.district)) &&
      !key.startsWith(placeNameKey(home.name))
    )
      return itsVillage ?? (tail ? splitTail(kept, k) : c);
    // A metro written as the city keeps its spread ("Bhondsi, Gurgaon"); so does a taluk written alone ("Hosakote Taluk,
    // Bangalore Rural"), which names an area, not a town.
    // The home town written after the place, misspelt ("Algunur, Karimnnagar"), is written too.
    const homeAfter = kept.slice(k + 1).some((p) => isPlainName(p) && spellsCity(home, nameOf(p)));
    // The pincode's city is written nowhere, and the district written is another's ("Korremal, Ranga Reddy Dist 500088",
    // a pincode of Hyderabad's): one of the pincode's own places is the town, not a quarter of it.
    const unwritten = !!rec && !written && at === rec.entry && !!district && !home.keys.some((h) => placeNameKey(district).includes(placeNameKey(h)));
    // A town of the written city's district whose pincode (without one, its office's) is not one of the city's own is a
    // place of its own however near ("Samalkot, Kakinada 533440"; without a pincode "Samalkot, Kakinada"): the city's
    // own pincodes keep their 15 km, and a metro its spread (`townBeforeCityKm`).
    const far = unwritten
      ? 0
      : !ownTown
        ? METRO_TOWN_DISTANCE_KM
        : written && isPlainName(c)
          ? townBeforeCityKm(home, rec ?? pincodeRecord(at.code))
          : written || homeAfter || (!isPlainName(c) && c.label !== "Post")
            ? undefined
            : townDistanceKm(home, rec);
    if (!farFrom(home, at, far)) return null;
    return itsVillage ?? (tail ? splitTail(kept, k) : c);
  }
  return null;
}

/**
 * Whether a post office the directory knows is written with its marker ("P.O. X", "VPO X", "At/Post X") before the
 * chunk, as another name than the chunk's: the chunk spelt a letter or two apart is that office as the directory spells
 * it ("PO Mandsa, Mandasa"), and an office the directory does not know may be a misspelling of the place after it.
 */
function officeNamedBefore(kept: readonly Chunk[], c: Chunk): boolean {
  const key = placeNameKey(nameOf(c));
  return kept.some((p) => {
    if (p.order >= c.order || !((p.kind === "post" && p.label === "Post") || (p.kind === "village" && p.label === "VPO"))) return false;
    const name = withoutSpotAfter(p.tokens);
    if (name.length === 0 || !name.every(isNameWord)) return false;
    const office = placeNameKey(name.map((t) => t.key).join(" "));
    const limit = allowedEdits(Math.max(office.length, key.length));
    return isDirectoryName(office) && editDistance(office, key, limit) > limit;
  });
}

/**
 * A directory town with a town's word after it, the address's last name ("Main Road, Hindupur Town", "Behat Rural";
 * `suffixedTown`), that no other reader took: the town, as the name alone is (`readDirectoryTown`), the line keeping the
 * words as written; `far` where a pincode far from it is written (the pincode is wrong, as for the town alone). Not a
 * metro's own area, its pincode the metro's ("Salt Lake City").
 */
function suffixedTownWritten(kept: readonly Chunk[], rec: PincodeRecord | null, state: string | null, district: string | null): { chunk: Chunk; far: boolean } | null {
  if (kept.some((c) => c.kind === "village" || c.kind === "post")) return null;
  const last = kept.findLast((c) => isPlainName(c) && !c.tokens.some((t) => LANDMARK_NOUNS.has(t.key)));
  const key = last ? placeNameKey(suffixedTown(last.tokens) ?? "") : "";
  if (!last || !key || !writtenTown(key, rec ? null : state, rec ? null : district)) return null;
  return METROS.has(pincodeRecord(townNamed(key)?.codes[0] ?? "")?.entry.city ?? "") ? null : { chunk: last, far: !!rec && !placeNearPincode(key, rec) };
}

/**
 * A known city of elsewhere written before one of the pincode's own offices or a town of its district ("Shop 4, Meerut,
 * Hindupur 515201"): the pincode and the place written after the city agree, and the city names a quarter or a street
 * (as Kishan Ganj is Delhi's); the place after it is the town, as it is with no pincode. The last such plain name after
 * the city's last mention.
 */
function pincodeTownAfter(kept: readonly Chunk[], rec: PincodeRecord | null, written: CityDef | null, mentions: readonly Mention[]): Chunk | null {
  if (!rec || !written || cityMatchesRecord(written, rec)) return null;
  const at = mentions.findLast((m) => m.kind === "city" && m.city === written)?.order ?? Infinity;
  const offices = officeNameKeys(rec);
  return (
    kept.findLast((c) => {
      if (c.order < at || !isPlainName(c) || isQuarter(c)) return false;
      const key = placeNameKey(nameOf(c));
      return offices.includes(key) || !!townNamed(key)?.areas.some((a) => rec.districts.includes(a.district));
    }) ?? null
  );
}

/** The district a name stands for where it names no city ("Hooghly", "Nadia": their towns are Chinsurah, Krishnanagar). */
function districtOnly(name: string): string | null {
  const def = getGazetteer().places.get(name);
  return def?.district && !def.city && !def.state ? def.district : null;
}

/** Parts the last word of the chunk at `k` from the name before it, which stays a locality; returns the word's chunk. */
function splitTail(kept: Chunk[], k: number): Chunk {
  const c = kept[k] as Chunk;
  const town: Chunk = { kind: "locality", label: "", tokens: c.tokens.slice(-1), order: c.order + 0.5, segment: c.segment };
  kept.splice(k, 1, { ...c, tokens: c.tokens.slice(0, -1) }, town);
  return town;
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
  const short = DISTRICT_SHORT_FORMS[key];
  if (short) return short;
  // Like the pincode's own town, its own district may be up to three letters off ("Bareli", बरेली, for Bareilly).
  const near = rec?.districts.find((d) => misspells(d.toLowerCase(), key));
  // A directory town spelt as the directory spells it is that town, not a near spelling of a district ("Dist. Gurla"
  // is no Gumla): the district of the town is read from it later. A town named after its district spelt otherwise
  // ("Dist. Purnea", a town of Purnia) is that district.
  const town = rec ? undefined : townNamed(placeNameKey(key));
  const spelt = rec ? null : nearDistrict(key);
  return near ?? (!town || town.areas.some((a) => a.district === spelt) ? spelt : null) ?? render(c.tokens, false);
}

/**
 * A district's name with a town's run into it after the marker, no comma between ("Dist. Gonda Rampur", "Dist Belgaum
 * Nipani"): the district, the longest name first; not the first words of a longer district's name run into the next
 * word ("Lakhimpur Kheri" run into the next word: Lakhimpur is Assam's, Lakhimpur Kheri Uttar Pradesh's). The line keeps both names.
 */
function districtRunOn(written: string): string | null {
  const gaz = getGazetteer();
  // A number may be part of the name ("North 24 Parganas Sadar").
  const keys = tokenize(written)
    .filter((t) => t.type === WORD || t.type === NUMBER)
    .map((t) => t.key);
  for (let n = keys.length - 1; n >= 1; n--) {
    const words = keys.slice(0, n).join(" ");
    const town = gaz.places.get(words)?.city;
    const first = gaz.districtsByKey.get(words) ?? (town?.districts.length === 1 ? town.districts[0] : undefined);
    if (!first) continue;
    const letters = placeNameKey(written);
    const longer = [...directoryDistricts().keys()].some((d) => d !== first && d.length > first.length && letters.startsWith(placeNameKey(d)));
    return longer ? null : first;
  }
  return null;
}

/** Directory districts by the first letter of their name: a near spelling keeps its first letter. */
let districtsByLetter: Map<string, Array<{ district: string; name: string }>> | null = null;

/**
 * Without a pincode, a district written after "Dist." and spelt near one directory district ("Chitoor",
 * "Prakasham", "Singraulli"): edit distance scaled by length, same first letter, one closest district only.
 */
function nearDistrict(key: string): string | null {
  const letters = placeNameKey(key);
  const limit = allowedEdits(letters.length);
  // An address word is no district misspelt: "Sadar" after a name is its sub-district, no Sagar.
  if (limit === 0 || COMMON_WORDS.has(letters)) return null;
  if (!districtsByLetter) {
    districtsByLetter = new Map();
    for (const district of directoryDistricts().keys()) {
      const name = placeNameKey(district);
      const list = districtsByLetter.get(name[0] ?? "") ?? [];
      list.push({ district, name });
      districtsByLetter.set(name[0] ?? "", list);
    }
  }
  let best: string | null = null;
  let bestDistance = limit + 1;
  let tie = false;
  for (const { district, name } of districtsByLetter.get(letters[0] ?? "") ?? []) {
    if (Math.abs(name.length - letters.length) > limit) continue;
    const d = editDistance(name, letters, limit);
    if (d < bestDistance) {
      best = district;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  return best && !tie ? best : null;
}

/** A place in one of the districts `within` (any district when null) and in the written state. */
function fitsWithin(district: string, placeState: string, within: readonly string[] | null, state: string | null): boolean {
  return (!within || within.includes(district)) && inState(placeState, state);
}

/** The shortest word read as names glued together: three letters and a town's five, and one more. */
const GLUED_TOWN_WORD = 9;

/** A bus stand's or a station's word: what follows it is the place it is named after. */
const STOP_WORDS: ReadonlySet<string> = new Set(["station", "stand"]);

/**
 * A place written where the city goes and read as nothing else: the last plain name, letters only and no
 * address word in it, that the directory knows as a town, sub-district or post office in the pincode's
 * district (without one, in the written district, else in the written state). Contract: the city is the
 * post-office town, else the village, never the district's headquarters ("Kauhari, Distt Satna" → Kauhari).
 * Where the whole name is none, its last one or two words after a bank's or a market's name ("Allahabad Bank
 * Amarpatan", "Gandhi Bazar Tarabganj"); with a pincode, one of its own offices may be spelt a few letters
 * apart ("Dachepalli" for the office Dachpalle, 522414). A metro's office within its spread is a
 * neighbourhood of the metro ("Koramangala, Karnataka" names no town).
 */
function placeWrittenAsTown(kept: Chunk[], rec: PincodeRecord | null, district: string | null, state: string | null): { chunk: Chunk; tokens: readonly Token[]; name?: string } | null {
  // A bank's branch or a market's yard written apart from its place's name ("Gajapathinagaram, Branch", "Kalpi Market,
  // Yard" as lists cut them) is that place's.
  const at = kept.findLastIndex(isPlainName);
  const branchAlone = at > 0 && (kept[at] as Chunk).tokens.every((t) => BRANCH_WORDS.has(t.key) || NOT_NAMES.has(t.key)) && isPlainName(kept[at - 1] as Chunk);
  // So does a district written misspelt, with no marker, after the place ("Arambagh, Hoogly"), which then narrows it.
  const misspelt =
    !branchAlone && at > 0 && isPlainName(kept[at - 1] as Chunk)
      ? (misspeltDistrict(kept[at] as Chunk, rec, district, state) ?? (at === kept.length - 1 ? cutDistrict(kept[at - 1] as Chunk, kept[at] as Chunk, rec, state) : null))
      : null;
  const last = kept[branchAlone || misspelt ? at - 1 : at];
  if (!last) return null;
  district ??= misspelt;
  // A district the directory does not know ("North 24PGS") narrows nothing; the state still does.
  const areas = rec ? rec.districts : district && directoryDistricts().has(district) ? [district] : null;
  // No tehsil, post office or village written ("Palara, Teh. Banda" is read through its tehsil), unless it is the
  // sub-district named after the place ("Armoor, Mandal Armoor").
  const marked = kept.filter((c) => c.kind === "tehsil" || c.kind === "post" || c.kind === "village");
  // A bank's branch is named after its place ("Yanakandla Branch", "Yanakandla Br"), as a crossroads is ("Mahmudabad
  // Chauraha"): the name before the word. So is a town's market where a pincode says where ("Kalpi Market, 285204"),
  // or a district written where that town is one of its directory towns ("Kalpi Bazar, Dist. Jalaun"; "Akorhi Bazar"
  // is a town's whole name): a market named after a quarter ("Patnam Bazar" in Guntur) is no town, and with nothing
  // written nothing tells them apart. A state's industrial estate is named after its town too ("Vapi GIDC", "Satpur MIDC").
  const end = (last.tokens[last.tokens.length - 1] as Token).key;
  // With nothing written, a post office of the market's whole name ("Gola Bazar") is read as that office, as before.
  const lastKey = placeNameKey(nameOf(last));
  const market = last.tokens.length > 1 && MARKETS.has(end) && (!!rec || (areas ? !townNamed(lastKey) : !isDirectoryName(lastKey)));
  const branch = last.tokens.length > 1 && (BRANCH_WORDS.has(end) || CROSSROADS.has(end) || ESTATES.has(end) || market);
  // So is a side written after the place ("Nandurbar West", `endsInSide`): the line keeps the side.
  const sided = !branch && endsInSide(last.tokens);
  const name = branch || sided ? last.tokens.slice(0, -1) : last.tokens;
  // A market named for its goods ("Sabzi Mandi, Dist. Tehri") is a town's, not a place of that name.
  if (market && name.every((t) => MARKET_GOODS.has(t.key))) return null;
  // Nor a known city's namesake there ("Zirakpur Bazar, North 24 Parganas": the city is Punjab's, the name says no state);
  // with nothing written, nor a metro's ("Bombay Bazar" sells what came from there), as for a town's facility.
  const known = market && !rec ? getGazetteer().places.get(name.map((t) => t.key).join(" "))?.city : undefined;
  if (known && (areas ? known.districts.every((d) => !areas.includes(d)) : METROS.has(known.name))) return null;
  // A place the directory writes with the market's word first ("Mandi Gharsana" for "Gharsana Mandi") says where: the town
  // is read only in its district ("Adampur Mandi" is Haryana's Mandi Adampur, not Adampur of West Bengal).
  const wordFirst = market && !rec && !areas ? placeNameKey([end, ...name.map((t) => t.key)].join(" ")) : "";
  const wordFirstAreas = wordFirst ? [...recordsNamed(wordFirst).flatMap((r) => r.districts), ...(townNamed(wordFirst)?.areas.map((a) => a.district) ?? [])] : [];
  const candidates: Array<readonly Token[]> = [name];
  for (let n = 1; n <= 2 && n < name.length; n++) {
    // "Opposite Bank of Baroda": a name after "of", "near" or a marker is no place of the address; a bus, police or
    // railway station is named after its place ("Bus Station Tanakpur"), as in `townAfterLandmark`.
    const before = (name[name.length - n - 1] as Token).key;
    if (PEEL_BLOCKERS.has(before) && before !== "station") break;
    candidates.push(name.slice(-n));
  }
  for (const tokens of candidates) {
    const whole = tokens === name;
    if (tokens.some((t) => t.type !== WORD || COMMON_WORDS.has(t.key) || LANDMARK_NOUNS.has(t.key) || (!whole && ROAD_NAMES.has(t.key)))) continue;
    const key = placeNameKey(tokens.map((t) => t.key).join(" "));
    if (!rec && NUMBERED_SECTOR.test(key)) continue;
    const town = COMMON_WORDS.has(key) ? [] : (townNamed(key)?.areas ?? []);
    // With nothing written, a market is the town's where the name is a directory town ("Main Road, Nawalgarh Bazar"),
    // read as the town alone is; never a mere office's, which a city's quarter may share.
    if (market && !rec && !areas && (town.length === 0 || (wordFirstAreas.length > 0 && !town.some((a) => wordFirstAreas.includes(a.district))))) continue;
    // A market's town with only a district to say where: the district's own town, not an office of its name.
    const named = market && !rec && areas ? [] : recordsNamed(key);
    // After an area's own word ("Sadar Bazar Rajgangpur", "Gandhi Chowk Sathupalli") the words are a place of their own,
    // and so after a bus stand's or a station's word, named after its place ("Bus Stand Tanakpur", "Bus Station Tanakpur").
    const areaWord = name[name.length - tokens.length - 1]?.key ?? "";
    const afterArea = !whole && (LOCALITY_WORDS.has(areaWord) || STOP_WORDS.has(areaWord));
    // Within the pincode's districts; without one, the written district, else (a district renamed or split
    // since, "Khurda, Dist. Puri") the written state. With nothing written, a name of four letters or more
    // that lies in one district only ("Main Road, Chhatrapur", "Gandhi Road, Vapi"): "Ara" is a post office in
    // Rajasthan only, and the town of Arrah in Bihar; of four letters, no word an address writes for something else
    // (`FOUR_LETTER_WORDS`, a landmark's or a quarter's word); the whole name only, or the words after an area's
    // word, with no tehsil, post office or village written.
    let offices: PincodeRecord[] = [];
    let found = false;
    for (const within of rec ? [rec.districts] : areas ? [areas, null] : [null]) {
      if (found) break;
      // Past a written district, its state narrows whether the text writes it or not (the line writes it, and both
      // readings agree: "Distt. Bareilly, Indiranagar"; a village of the district is no office of another state), for a whole
      // name only ("Barai Jalalpur, Sitapur District" is no Jalalpur of another district).
      const widened = !within && !!areas;
      const inThe = widened ? (state ?? directoryDistricts().get(areas[0] as string) ?? null) : state;
      offices = named.filter((r) => r.districts.some((d) => fitsWithin(d, r.entry.state, within, inThe)));
      const stated = widened ? whole && !!inThe : !!inThe;
      const alone =
        within ||
        stated ||
        ((whole || afterArea) &&
          marked.every((c) => c.kind === "tehsil" && placeNameKey(nameOf(c)) === key) &&
          (key.length >= 5 || (key.length === 4 && !NOT_A_TOWN_WORD.has(key) && !FOUR_LETTER_WORDS.has(key))) &&
          only([...(market && !rec ? [] : named).flatMap((r) => r.districts), ...town.map((a) => a.district)]) !== null);
      found = !!alone && (offices.length > 0 || town.some((a) => fitsWithin(a.district, a.state, within, inThe)));
    }
    // Else, with a pincode, one of its own offices spelt a few letters apart.
    const limit = allowedEdits(key.length);
    if (!found && rec && limit > 0) found = officeNameKeys(rec).some((o) => o[0] === key[0] && editDistance(o, key, limit) <= limit);
    if (!found) continue;
    // A quarter written with its numbered sector is no far place of its bare name (`sectoredAreas`).
    const sectored = !rec && !district && !state ? sectoredAreas(key, kept) : undefined;
    if (sectored && !offices.some((o) => sectored.some((a) => o.states.includes(a.state)))) continue;
    if (offices.some(inMetroSpread)) return null;
    return sided && whole ? { chunk: last, tokens: last.tokens, name: render(tokens, false) } : { chunk: last, tokens };
  }
  // Else a directory town of the district (the pincode's, or the one written) that a list glued to the word before it
  // ("Gandhichowkpodili, Prakasam Dist"): the longest end of five letters or more of a word the directory does not
  // know, after three letters or more. The line keeps the word as written.
  const word = name.length === 1 ? (name[0] as Token) : null;
  if (areas && word?.type === WORD && word.key.length >= GLUED_TOWN_WORD && !COMMON_WORDS.has(word.key) && !isPlaceKey(word.key)) {
    for (let i = 3; i <= word.key.length - 5; i++) {
      const tail = word.key.slice(i);
      if (townNamed(tail)?.areas.some((a) => areas.includes(a.district))) return { chunk: last, tokens: [{ ...word, key: tail, raw: tail }] };
    }
  }
  // Else a near spelling of one town or post office of the written district ("Giddaluru, Prakasam Dist" for
  // Giddalur, "Banganapalle" for Banaganapalle); not in a metro's district, whose offices are neighbourhoods.
  if (rec || !areas || areas.some((d) => METROS.has(districtTown(d)?.name ?? ""))) return null;
  for (const tokens of candidates) {
    if (tokens.some((t) => t.type !== WORD || COMMON_WORDS.has(t.key) || LANDMARK_NOUNS.has(t.key) || ROAD_NAMES.has(t.key))) continue;
    if (nearPlaceIn(placeNameKey(tokens.map((t) => t.key).join(" ")), areas)) return { chunk: last, tokens };
  }
  return null;
}

/**
 * A head office of the pincode's district(s) where no district of the pincode is the metro's own (its town another):
 * the town the office serves lies beside the metro, though its pincode is in the metro's range.
 */
function townBesideMetro(key: string, rec: PincodeRecord, home: CityDef): boolean {
  if (rec.districts.some((d) => districtTown(d) === home)) return false;
  return headOfficeRecords(key).some((r) => r.districts.some((d) => rec.districts.includes(d)));
}

/** A post office within the spread of its district's metro: a quarter of the metro, not a town of its own. */
function inMetroSpread(r: PincodeRecord): boolean {
  const home = districtTown(r.entry.district);
  return !!home && METROS.has(home.name) && !farFrom(home, r.entry);
}

/**
 * Whether a directory post office's name (no town) is a metro's quarter as `placeWrittenAsTown` reads it spelt right:
 * the address's locality, with no city of its own.
 */
function metroQuarter(key: string): boolean {
  // A directory town spelt right is the city (`readDirectoryTown`), in a metro's spread or not; misspelt, it stays so.
  return !townNamed(key) && recordsNamed(key).some(inMetroSpread);
}

/**
 * A town written after a landmark with no comma between ("Opp Ram Talkies Nawalgarh, Dist. Jhunjhunu"): the landmark runs
 * to the next marker and takes the town with it. Where the landmark is the address's last name, its last one or two
 * words (no address or landmark word but a town's own "Nagar" written apart, "Opp Bus Stand Himat Nagar"; not right
 * after "of" or a marker) that are one of the pincode's own post offices
 * or a town of its district (without a pincode, a town or post office of the written district; else a town of the
 * written state, or of one district only) are the place the address names: a name of their own after the landmark.
 * `cityState`: the state of the city written, where no state is: the line writes it, so a town found only in it is
 * found on both readings; tried last, as the city may be a locality's namesake elsewhere.
 */
function townAfterLandmark(kept: Chunk[], rec: PincodeRecord | null, district: string | null, state: string | null, cityState: string | null): void {
  const at = kept.findLastIndex((c) => c.kind === "landmark" || isPlainName(c));
  const c = kept[at];
  if (!c || c.kind !== "landmark") return;
  // A side after the town stays with it (`endsInSide`).
  const side = endsInSide(c.tokens) ? 1 : 0;
  const body = c.tokens.slice(0, c.tokens.length - side);
  for (const n of [3, 2, 1]) {
    const tail = body.slice(-n);
    const before = body[body.length - n - 1];
    // A name's initials and its last word ("VR Puram", "K R Nagar", "C.K. Palli"): that word may end a locality's name.
    const initials = n > 1 && tail.slice(0, -1).every(isInitial);
    // A police or railway station is named after its place ("Near Police Station Karad"), as in `tailNames`.
    if (
      !before ||
      (n === 3 && !initials) ||
      (PEEL_BLOCKERS.has(before.key) && before.key !== "station") ||
      tail.some((t, k) => (initials ? k === n - 1 && !nameAfterInitials(t) : !landmarkTownWord(t, k)))
    )
      continue;
    const key = placeNameKey(tail.map((t) => t.key).join(" "));
    // After a town's own facility alone ("Near Bus Stand Mawana"), with nothing else written, any directory town: read
    // as the town written after a comma is.
    const afterFacility = !rec && !district && !state && facilityWords(body) === body.length - n;
    if (key.length < 4 || !(afterFacility || placeOfArea(key, rec, district, state) || (cityState && placeOfArea(key, rec, district, cityState)))) continue;
    kept.splice(at, 1, { ...c, tokens: body.slice(0, -n) }, { kind: "locality", label: "", tokens: c.tokens.slice(-n - side), order: c.order + 0.5, segment: c.segment });
    return;
  }
}

/**
 * Words that end a town's name of two words, written apart from its first ("Himat Nagar"; "Dhor Kalan", "Kothal Khurd",
 * another village than the first word's; "Kanina Mandi", "Badarpur Bazar", a town named after its market).
 */
const TOWN_NAME_ENDINGS: ReadonlySet<string> = new Set(["nagar", "kalan", "khurd", "mandi", "bazar", "bazaar"]);

/** A word of a town's name after a landmark's words (`townAfterLandmark`): no address or landmark word, but a name's ending. */
function landmarkTownWord(t: Token, k: number): boolean {
  if (t.type !== WORD || LANDMARK_NOUNS.has(t.key)) return false;
  if (k === 1 && TOWN_NAME_ENDINGS.has(t.key)) return true;
  return !COMMON_WORDS.has(t.key) && !ROAD_NAMES.has(t.key);
}

/** A name's initials: "V.R.", or a word of one or two letters that is no marker's or joining word ("Nr", "Of"). */
const isInitial = (t: Token): boolean => t.type === INITIALS || (t.type === WORD && t.key.length <= 2 && !PEEL_BLOCKERS.has(t.key) && !COMMON_WORDS.has(t.key));

/** The word after a name's initials: a name's own, or a locality's ending ("Puram", "Nagar", "Palli"), no street or landmark. */
function nameAfterInitials(t: Token): boolean {
  return t.type === WORD && t.key.length >= 3 && !LANDMARK_NOUNS.has(t.key) && !ROAD_NAMES.has(t.key) && (!COMMON_WORDS.has(t.key) || isLocalityWord(t.key));
}

/** Whether a name is a place of the address's area: see `townAfterLandmark`. */
function placeOfArea(key: string, rec: PincodeRecord | null, district: string | null, state: string | null): boolean {
  const areas = townNamed(key)?.areas ?? [];
  if (rec) return officeNameKeys(rec).includes(key) || areas.some((a) => rec.districts.includes(a.district));
  if (district) return isPlaceOfDistrict(key, district);
  // With a state only, a town of it, or a post office of one district of it ("Near Water Tank Sumrasar, Gujarat").
  if (state)
    return (
      areas.some((a) => inState(a.state, state)) ||
      (key.length >= 5 &&
        only(
          recordsNamed(key)
            .filter((r) => r.states.some((st) => inState(st, state)))
            .map((r) => r.entry.district),
        ) !== null)
    );
  return key.length >= 5 && only(areas.map((a) => a.district)) !== null;
}

/**
 * With no city written and a pincode that lies in its own (district) town, a place of that district written where the
 * city goes, other than the town itself, none of the pincode's own offices, and a town or sub-district of the district
 * or a post office, lying beyond the town's spread ("Main Bazar, Kundarki, Dist. Moradabad 244001"): banks and
 * buyers write the district town's pincode for a place of its district, and the parcel goes to that place (contract:
 * the town, never the district's headquarters). A metro's places stay its neighbourhoods.
 */
function placeBesideOwnCity(kept: Chunk[], rec: PincodeRecord, r: Reading): { chunk: Chunk; tokens: readonly Token[] } | null {
  const home = getGazetteer().citiesByName.get(rec.entry.city ?? "");
  if (!home || METROS.has(home.name)) return null;
  const found = placeWrittenAsTown(kept, rec, r.statedDistrict, r.statedState);
  if (!found) return null;
  const key = placeNameKey(found.tokens.map((t) => t.key).join(" "));
  if (officeNameKeys(rec).includes(key) || home.keys.some((k) => key.startsWith(placeNameKey(k)))) return null;
  // Where the place is: its post offices in the district, else (a town with no office of its name) its head office.
  const town = townNamed(key);
  const offices = recordsNamed(key).filter((o) => o.districts.some((d) => rec.districts.includes(d)));
  const places = offices.length > 0 ? offices.map((o) => o.entry) : town?.areas.some((a) => rec.districts.includes(a.district)) ? [pincodeRecord(town.codes[0] ?? "")?.entry] : [];
  // A town of the district whose pincode is not one of the home town's own is a place of its own however near
  // ("Samalkot - 533001", Kakinada's head office): the pincode's town never stands in for the town written.
  const own = !!town?.areas.some((a) => rec.districts.includes(a.district));
  return places.length > 0 && places.every((at) => !!at && farFrom(home, at, own ? townDistanceKm(home, pincodeRecord(at.code)) : undefined)) ? found : null;
}

/**
 * The district a plain name spells a letter or two apart, where the name is no place of its own ("Hoogly" for Hooghly,
 * "Gurudaspur"; not "Rajpur", a town, for Raipur): within the pincode's districts where there is one.
 */
function misspeltDistrict(c: Chunk, rec: PincodeRecord | null, district: string | null, state: string | null): string | null {
  if (!c.tokens.every((t) => t.type === WORD)) return null;
  const key = placeNameKey(nameOf(c));
  // A post office of that name counts only in the written state ("Jamagar, Gujarat": that office is in Karnataka).
  if (key.length < 5 || recordsNamed(key).some((o) => inState(o.entry.state, state)) || townNamed(key) || getGazetteer().places.has(nameOf(c))) return null;
  if (rec) return rec.districts.find((d) => misspells(placeNameKey(d), key)) ?? null;
  // The district already known (written, or an unknown pincode's neighbours') decides between two as near.
  return district && misspells(placeNameKey(district), key) ? district : nearDistrict(key);
}

/** The fewest letters of a district's name cut short at the text's end ("Gun" after a town of Guntur). */
const CUT_DISTRICT_LETTERS = 3;

/**
 * The district a list cut short at the text's end, after a place of it ("Tenali, Gun"): the one district, of the pincode's where there is one, else of those where the place before it lies,
 * whose name starts with the letters left. Those letters name no town, nor a post office of those districts.
 */
function cutDistrict(place: Chunk, c: Chunk, rec: PincodeRecord | null, state: string | null): string | null {
  if (c.tokens.length !== 1 || c.tokens[0]?.type !== WORD) return null;
  const key = placeNameKey(nameOf(c));
  if (key.length < CUT_DISTRICT_LETTERS || COMMON_WORDS.has(key) || townNamed(key)) return null;
  const areas = rec ? rec.districts : directoryAreas(placeNameKey(nameOf(place))).map((a) => a.district);
  if (recordsNamed(key).some((o) => inState(o.entry.state, state) && o.districts.some((d) => areas.includes(d)))) return null;
  return only(areas.filter((d) => placeNameKey(d).length > key.length && placeNameKey(d).startsWith(key)));
}

/**
 * Where no place is written where the city goes, a bank's branch named after its place ("SBI, Kondapuram Branch",
 * "Kondapuram Br", "Kondapuram, Branch" as lists cut it, or with other words after it: "Co-op Bank, Kondapuram Branch,
 * Ward No. 4", "Kondapuram, Branch Bus Stand Road"): the name before the branch's word, read as `placeWrittenAsTown`
 * reads the last name, so within the pincode's district, else the written district or state. Else a directory town of
 * that name, of several districts too, in the written district or state; with a pincode of elsewhere, a town far from
 * it, which flags the pincode (`outside`), as `readDirectoryTown` reads a far town. The line keeps the words as
 * written. A quarter's branch in a metro stays none.
 */
function branchTown(
  kept: Chunk[],
  rec: PincodeRecord | null,
  district: string | null,
  state: string | null,
  besideOwnCity = false,
): { chunk: Chunk; tokens: readonly Token[]; name?: string; outside?: boolean } | null {
  const lastName = kept.findLastIndex(isPlainName);
  for (let k = kept.length - 1; k >= 0; k--) {
    const c = kept[k] as Chunk;
    if (!isPlainName(c)) continue;
    // The branch's word may open the next field ("Kondapuram, Branch Bus Stand Road", "Kondapuram, Branch"): the name before it.
    const opens = k > 0 && BRANCH_WORDS.has(c.tokens[0]?.key ?? "") && isPlainName(kept[k - 1] as Chunk);
    const at = opens ? 0 : c.tokens.findIndex((t, j) => j > 0 && BRANCH_WORDS.has(t.key));
    if (at < 0) continue;
    const named = opens ? (kept[k - 1] as Chunk) : c;
    const before = opens ? kept.slice(0, k) : [...kept.slice(0, k), { ...c, tokens: c.tokens.slice(0, at + 1) }];
    // The last name, or the branch's word alone after it, `placeWrittenAsTown` has read already.
    // So has `placeBesideOwnCity` a place of the district beside its town's pincode: there only a far town is read.
    const read = besideOwnCity || (k === lastName && at === c.tokens.length - 1) ? null : placeWrittenAsTown(before, rec, district, state);
    return read ?? branchDirectoryTown(kept, named, opens ? named.tokens : c.tokens.slice(0, at), rec, district, state);
  }
  return null;
}

/** A directory town a bank's branch is named after, where `placeWrittenAsTown` reads none: see `branchTown`. */
function branchDirectoryTown(
  kept: Chunk[],
  chunk: Chunk,
  tokens: readonly Token[],
  rec: PincodeRecord | null,
  district: string | null,
  state: string | null,
): { chunk: Chunk; tokens: readonly Token[]; name: string; outside: boolean } | null {
  // Letters only: "Sector 62" is no "Sector-17".
  if (!tokens.every((t) => t.type === WORD || t.type === INITIALS)) return null;
  const name = tokens.map((t) => t.key).join(" ");
  const key = placeNameKey(name);
  // A locality's name of many states is no town where nothing written says which (`everywhereName`), nor is a quarter
  // written with its numbered sector the far town of its bare name (`sectoredAreas`).
  if (!rec && !state && !district && everywhereName(key)) return null;
  const found = writtenTown(key, rec ? null : state, rec ? null : district);
  if (!found) return null;
  const sectored = !rec && !state && !district ? sectoredAreas(key, kept) : undefined;
  if (sectored && !found.areas.some((a) => sectored.some((s) => s.state === a.state))) return null;
  // With a pincode, a town near it is read within its district (`placeWrittenAsTown`), and its own office's name is a locality.
  if (rec && (placeNearPincode(key, rec) || rec.placeKeys.some((p) => namesPlace(name, p)) || (rec.states.some((st) => CITY_STATES.has(st)) && cityStateOffice(key, rec.entry.state))))
    return null;
  // The directory's spelling of the town, as `readDirectoryTown` gives it.
  return { chunk, tokens, name: found.name, outside: !!rec };
}

/**
 * A place written where the city goes, read within the district of an unknown pincode's neighbours; not that district's
 * own name misspelt ("Ramadugu Karimangar, 505581" names Karimnagar district after the village).
 */
function placeBesideUnknownPincode(kept: Chunk[], district: string, state: string | null): { chunk: Chunk; tokens: readonly Token[] } | null {
  const found = placeWrittenAsTown(kept, null, district, state);
  const key = found ? placeNameKey(found.tokens.map((t) => t.key).join(" ")) : "";
  return found && editDistance(placeNameKey(district), key, 2) > 2 ? found : null;
}

/**
 * The district of the directory's pincodes that share an unknown pincode's first five digits, else its first four,
 * where they lie in one (a sorting office's pincodes are numbered together).
 */
function neighbourDistrict(code: string): string | null {
  const byPrefix = prefixDistricts();
  for (const digits of [5, 4]) {
    const districts = byPrefix.get(code.slice(0, digits));
    if (districts) return only(districts);
  }
  return null;
}

/**
 * The districts of the directory's pincodes by their first five and first four digits, built once at preload (about
 * 6,500 prefixes, under 1 MiB): 110 lookups of the directory per unknown pincode cost more than the rest of its reading.
 */
let districtsByPrefix: Map<string, Set<string>> | null = null;

function prefixDistricts(): Map<string, Set<string>> {
  if (districtsByPrefix) return districtsByPrefix;
  districtsByPrefix = new Map();
  for (const rec of directoryRecords()) {
    const code = rec.entry.code;
    if (!/^\d{6}$/.test(code)) continue;
    for (const prefix of [code.slice(0, 5), code.slice(0, 4)]) {
      const districts = districtsByPrefix.get(prefix);
      if (districts) for (const d of rec.districts) districts.add(d);
      else districtsByPrefix.set(prefix, new Set(rec.districts));
    }
  }
  return districtsByPrefix;
}

/** A town's market, named after the town. */
const MARKETS: ReadonlySet<string> = new Set(["market", "mkt", "bazar", "bazaar", "mandi"]);

/** Words after the place a bank's branch is named after. */
const BRANCH_WORDS: ReadonlySet<string> = new Set(["branch", "br"]);

/** Per district, its towns' and post offices' names (`placeNameKey`) by first letter. */
let placeKeysByDistrict: Map<string, Map<string, string[]>> | null = null;

function districtPlaceKeys(): Map<string, Map<string, string[]>> {
  if (placeKeysByDistrict) return placeKeysByDistrict;
  const sets = new Map<string, Set<string>>();
  const add = (district: string, name: string) => {
    const set = sets.get(district);
    if (set) set.add(name);
    else sets.set(district, new Set([name]));
  };
  for (const [name, recs] of officeNames()) for (const rec of recs) for (const d of rec.districts) add(d, name);
  for (const [name, town] of directoryTowns()) for (const a of town.areas) add(a.district, name);
  placeKeysByDistrict = new Map();
  for (const [district, names] of sets) {
    const byLetter = new Map<string, string[]>();
    for (const name of names) {
      const list = byLetter.get(name[0] as string);
      if (list) list.push(name);
      else byLetter.set(name[0] as string, [name]);
    }
    // Copies at their length: a list grown by push keeps room to spare (a third of this index).
    for (const [letter, list] of byLetter) byLetter.set(letter, list.slice());
    placeKeysByDistrict.set(district, byLetter);
  }
  return placeKeysByDistrict;
}

/** Whether one name of the districts' towns and post offices, and no other, is a near spelling of `key` (same first letter). */
function nearPlaceIn(key: string, districts: readonly string[]): boolean {
  const limit = allowedEdits(key.length);
  if (limit === 0) return false;
  let best: string | null = null;
  let bestDistance = limit + 1;
  let tie = false;
  for (const d of districts) {
    for (const name of districtPlaceKeys()
      .get(d)
      ?.get(key[0] as string) ?? []) {
      if (Math.abs(name.length - key.length) > limit || name === best) continue;
      const distance = editDistance(name, key, limit);
      if (distance < bestDistance) {
        best = name;
        bestDistance = distance;
        tie = false;
      } else if (distance === bestDistance && distance <= limit) tie = true;
    }
  }
  return best !== null && !tie;
}

/** The last kept chunk of a kind and label. */
function lastChunk(kept: Chunk[], kind: Chunk["kind"], label: string): Chunk | null {
  for (let k = kept.length - 1; k >= 0; k--) if (kept[k]?.kind === kind && kept[k]?.label === label) return kept[k] as Chunk;
  return null;
}

/** The one value every item gives, or null when they disagree or there are none. */
function only<T>(items: Iterable<T>): T | null {
  let found: T | null = null;
  for (const x of items) {
    if (found !== null && found !== x) return null;
    found = x;
  }
  return found;
}

/** How a locality's name ends ("Gandhi Nagar", "Vikas Puram", "Ashok Vihar"). */
const LOCALITY_NAME_END = /(?:nagar|nagara|nagaram|puram|colony|vihar)$/;

/**
 * A locality's name that cities of many states have ("Gandhi Nagar", "Ashok Nagar", "Indiranagar", "Rajendra Nagar"):
 * a post office of that name in four states or more, and no directory town of one state. The towns so called in
 * several states (Gandhinagar, Ashoknagar) are some of many places of that name, not a village's namesake they
 * outrank: without a pincode, a written state or a written district, the name gives no state.
 */
function everywhereName(key: string): boolean {
  if (!LOCALITY_NAME_END.test(key) || new Set(recordsNamed(key).flatMap((r) => r.states)).size < 4) return false;
  // A town of one state names it, written alone (contract): "Main Road, Rajendranagar" is Telangana's.
  const town = townNamed(key);
  return !town || only(town.areas.map((a) => a.state)) === null;
}

/**
 * Where a place name lies: the directory's town or sub-district of that name (a town outranks a
 * village post office of the same name elsewhere), else its post offices, else the offices of its
 * parts ("Mulund" for "Mulund West" and "Mulund East", "Naranpura" for "Naranpura Vistar", "Janakpuri" for Janakpuri A-3
 * and B-1: `partIndex`). An office the directory writes with a qualifier in brackets ("Santacruz(West)") is found by its name and the qualifier ("Santacruz West").
 */
function directoryAreas(key: string): Area[] {
  const town = townNamed(key);
  if (town && !everywhereName(key)) return town.areas;
  const offices = recordsNamed(key);
  const qualified = offices.length > 0 ? offices : qualifiedRecords(key);
  const named = qualified.length > 0 ? qualified : (partIndex().get(key) ?? baseIndex().offices.get(key) ?? []);
  return [...(town?.areas ?? []), ...named.map((r) => ({ state: r.entry.state, district: r.entry.district }))];
}

/** A numbered part of a planned city as written and as the directory writes it after the quarter's name ("Rohini Sec-11"). */
const SECTOR_WORDS: ReadonlySet<string> = new Set(["sector", "sec", "sect", "node"]);
let sectorOffices: Map<string, Area[]> | null = null;

/**
 * Where the directory's offices named after a quarter and its numbered sector lie ("Rohini Sector-7", "Nerul Sec-48"), by
 * the quarter's name; not a district's or a known city's name (a city's sectors are its own, whatever a suburb calls its).
 */
function sectorAreas(key: string): Area[] | undefined {
  if (!sectorOffices) {
    sectorOffices = new Map();
    for (const rec of directoryRecords())
      for (const place of rec.entry.places) {
        const words = place.toLowerCase().match(/[a-z0-9]+/g) ?? [];
        const at = words.findIndex((w, i) => i > 0 && SECTOR_WORDS.has(w) && /^(?:\d+[a-z]?|[ivx]+)$/.test(words[i + 1] ?? ""));
        if (at < 0) continue;
        const base = words.slice(0, at).join("");
        if (base.length < 4 || getGazetteer().places.get(words.slice(0, at).join(" "))?.city || [...directoryDistricts().keys()].some((d) => placeNameKey(d) === base)) continue;
        const areas = sectorOffices.get(base) ?? [];
        const area = { state: rec.entry.state, district: rec.entry.district };
        if (!areas.some((a) => a.state === area.state && a.district === area.district)) areas.push(area);
        sectorOffices.set(base, areas);
      }
  }
  return sectorOffices.get(key);
}

/**
 * A sector numbered in Roman numerals ("Sector IV", "Sec-II"), as a `placeNameKey`: a number, as "Sector 4" is, which
 * planned cities of many states have; not the one office the directory so names (Bokaro's "Sector- IV").
 */
const NUMBERED_SECTOR = /^(?:sector|sec|sect)(?:i{1,3}|iv|vi{0,3}|ix|xi{0,2})$/;

/**
 * Without a pincode, where a quarter's name is written with a numbered sector ("Sector-18, Rohini", "Rohini Sector 16"):
 * the directory's offices of that quarter and sector, not a village or town of the bare name in another state (Rohini in
 * Paschim Medinipur). Sectors are a planned city's.
 */
function sectoredAreas(key: string, kept: readonly Chunk[]): Area[] | undefined {
  const areas = sectorAreas(key);
  if (!areas) return undefined;
  const written = kept.some((c) => c.tokens.some((t, i) => SECTOR_WORDS.has(t.key) && (c.tokens[i + 1]?.type === NUMBER || ROMAN.has(c.tokens[i + 1]?.key ?? ""))));
  return written ? areas : undefined;
}

let partOffices: Map<string, PincodeRecord[]> | null = null;

/** How the directory writes a division of a locality after its name ("Ph-I", "IVth Block", "A-3", "Sec-11", "VI Bk"). */
// prettier-ignore
const OFFICE_DIVISION_WORDS: ReadonlySet<string> = new Set([
  "block", "blk", "bk", "stage", "stg", "phase", "ph", "sector", "sec", "pocket", "pkt", "extension", "extn", "ext", "part", "pt",
]);
/** Words of a division's name that are no place's ("Western Extn", "New Block"). */
const NO_HEAD: ReadonlySet<string> = new Set(["western", "eastern", "northern", "southern", "northren", "new", "old", "upper", "lower"]);
const OFFICE_DIVISION_NUMBER = /^(?:\d+(?:st|nd|rd|th)?|(?:i{1,3}|iv|vi{0,3}|ix|xi{0,2})(?:th)?)$/;
/** Whether an office's name may end in a division (`isOfficeDivision`): its last word, lower case, one of a division's. */
function endsInDivision(place: string): boolean {
  let end = place.length;
  while (end > 0 && !isWordChar(place.charCodeAt(end - 1))) end--;
  let start = end;
  while (start > 0 && isWordChar(place.charCodeAt(start - 1))) start--;
  if (end - start === 1) return true;
  const last = place.slice(start, end).toLowerCase();
  return OFFICE_DIVISION_WORDS.has(last) || OFFICE_DIVISION_NUMBER.test(last);
}
const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * Whether the words after a name are a division of it as the directory writes one: division words, numbers, numerals and
 * letters ("A Block", "B-1", "III Stage"), with a number or a division word among them. Not two letters together ("I.E.",
 * "R.S.", "T.E.": an office's kind in initials), a lone letter ("Gola K"), nor "Bk" alone (Budruk: a village of its own).
 */
function isOfficeDivision(words: readonly string[], from: number): boolean {
  let marked = false;
  // An industrial estate or area named after the place ("Wagle I.E.", "Naroda I.A."): in it.
  if (words.length - from === 2 && words[from] === "i" && (words[from + 1] === "e" || words[from + 1] === "a")) return true;
  for (let i = from; i < words.length; i++) {
    const w = words[i] as string;
    const letter = w.length === 1 && w >= "a" && w <= "z";
    if (letter && i > from && (words[i - 1] as string).length === 1 && !/\d/.test(words[i - 1] as string)) return false;
    if (OFFICE_DIVISION_WORDS.has(w) && !(w === "bk" && words.length - from === 1)) marked = true;
    else if (OFFICE_DIVISION_NUMBER.test(w)) marked = true;
    else if (!letter) return false;
  }
  return marked;
}

/**
 * The post offices whose name is another name and a part of it, by that other name: a direction ("Mulund West") or a
 * Gujarati extension ("Naranpura Vistar"), which addresses write as the name alone. Not a hamlet ("Naranpura Kampa",
 * 100 km from Naranpura): a place of its own. Also a locality the directory knows only by its divisions' offices
 * ("Janakpuri" for Janakpuri A-3 and B-1, "Mayur Vihar" for its Ph-I and Ph-III): a name of five letters or more that
 * no office of the directory writes with anything else after it ("Rohini Courts" makes Rohini no such name) and that is
 * itself no division's or address word; and a place's industrial estate or area ("Wagle I.E.") by the place's name.
 */
function partIndex(): Map<string, PincodeRecord[]> {
  if (!partOffices) {
    const parts = new Map<string, PincodeRecord[]>();
    const file = (base: string, rec: PincodeRecord) => {
      const list = parts.get(base);
      if (!list) parts.set(base, [rec]);
      else if (!list.includes(rec)) list.push(rec);
    };
    /** Each name's division offices, and how many names they have. */
    const divided = new Map<string, { recs: PincodeRecord[]; names: Set<string>; words: number }>();
    /** Names written with something else after them in some office's name. */
    const spoilt = new Set<string>();
    /** The other offices' names of several words, and the first words of the names with divisions. */
    const others: string[] = [];
    const firsts = new Set<string>();
    /** Each name the words before a division's (or, with `divisions` false, before anything) make of the office's name. */
    const heads = (words: readonly string[], key: string, rec: PincodeRecord | null) => {
      let head = "";
      for (let n = 1; n < words.length; n++) {
        const w = words[n - 1] as string;
        if (w.length === 1 || OFFICE_DIVISION_WORDS.has(w) || OFFICE_DIVISION_NUMBER.test(w) || NO_HEAD.has(w) || (n === 1 && (COMMON_WORDS.has(w) || LANDMARK_NOUNS.has(w)))) break;
        head += w;
        if (head.length < 5) continue;
        if (!rec || !isOfficeDivision(words, n)) spoilt.add(head);
        else if (!STREET_WORDS.has(w) && !BUILDING_WORDS.has(w) && !LANDMARK_NOUNS.has(w)) {
          const found = divided.get(head) ?? { recs: [], names: new Set<string>(), words: n };
          found.names.add(key);
          if (!found.recs.includes(rec)) found.recs.push(rec);
          divided.set(head, found);
          firsts.add(words[0] as string);
        }
      }
    };
    for (const rec of directoryRecords()) {
      const keys = officeNameKeys(rec);
      for (let k = 0; k < keys.length; k++) {
        const key = keys[k] as string;
        const base = /^(.{4,})(?:east|west|north|south|vistar)$/.exec(key)?.[1];
        if (base) file(base, rec);
        const place = rec.entry.places[k] as string;
        if (place.indexOf(" ") < 0 && place.indexOf("-") < 0) continue;
        // Most names end in no division: only their first words are wanted, once the divisions' names are known.
        if (!endsInDivision(place)) others.push(place);
        else heads(place.toLowerCase().match(/[a-z0-9]+/g) ?? [], key, rec);
      }
    }
    for (const place of others) {
      const first = /^[A-Za-z]+/.exec(place)?.[0].toLowerCase();
      if (first && firsts.has(first)) heads(place.toLowerCase().match(/[a-z0-9]+/g) ?? [], "", null);
    }
    // One office's name of several words may be anything's ("Swimming Pool Extn", "Knowledge Park I"): a name of one
    // word, or two offices or more.
    for (const [head, { recs, names, words }] of divided) if ((names.size > 1 || words === 1) && !spoilt.has(head)) for (const rec of recs) file(head, rec);
    partOffices = parts;
  }
  return partOffices;
}

interface BaseIndex {
  /** By a place's name, the offices of its parts, all in one district (`directoryAreas`). */
  offices: Map<string, PincodeRecord[]>;
  /**
   * The other bases of one state's offices (one office, or several districts) where an office is the village's half
   * ("Nigdi Khurd"): a village's name, read only as the state (`localityArea`). Not a bazar's or a market's base, often
   * a word or a surname ("Purani Bazar", "Cotton Market").
   */
  states: Map<string, string>;
}
let bases: BaseIndex | null = null;

/** What an office's name adds to a place's name for a part of it: "Khurd", "Bazar", "Small Industries", "I Stage". */
// prettier-ignore
const OFFICE_PART_WORDS: ReadonlySet<string> = new Set([
  "khurd", "kalan", "kh", "buzurg", "budruk", "bk", "bazar", "bazaar", "market", "small", "industries", "industrial", "estate",
  "area", "ie", "ia", "stage", "phase", "block", "sector", "extension", "extn", "camp",
]);

/**
 * The post offices whose name is a place's name and a part of it ("Peenya I Stage", "Peenya Small Industries", "Peenya
 * Dasarahalli"; "Rampura Khurd" and "Rampura Kalan"), by the place's name: one word of five letters or more that no
 * office, town or known city is called, and not an address word, a person's or a landmark's. Only where one office at
 * least adds no more than a part's words, and two offices or more open with that word, all in one district: one office
 * alone ("Nigdi Khurd", in Sangli) may be a namesake of a city's quarter the directory does not know (Nigdi in Pune); two
 * districts' may be a word's ("Gumti", a kiosk, for Gumti Khurd and Gumti Kalan).
 */
const BASE_WORD = /^[a-z]{5,}$/;
function baseIndex(): BaseIndex {
  if (!bases) {
    const found = new Map<string, { recs: PincodeRecord[]; state: string | null; district: string | null; offices: number; part: boolean; half: boolean }>();
    for (const rec of directoryRecords()) {
      for (const place of rec.entry.places) {
        const space = place.indexOf(" ");
        if (space < 5) continue;
        const base = place.slice(0, space).toLowerCase();
        if (!BASE_WORD.test(base)) continue;
        let entry = found.get(base);
        if (!entry) found.set(base, (entry = { recs: [], state: rec.entry.state, district: rec.entry.district, offices: 0, part: false, half: false }));
        if (rec.districts.length > 1 || rec.entry.district !== entry.district) entry.district = null;
        if (rec.states.length > 1 || rec.entry.state !== entry.state) entry.state = null;
        entry.offices++;
        if (!entry.recs.includes(rec)) entry.recs.push(rec);
        // The rest of the name is looked at until one office's is found to be a part's (a village's half, for `states`).
        if (!entry.half) {
          const rest =
            place
              .slice(space)
              .toLowerCase()
              .match(/[a-z0-9]+/g) ?? [];
          entry.part ||= rest.every((w) => OFFICE_PART_WORDS.has(w) || ROMAN.has(w) || OFFICE_DIVISION_NUMBER.test(w));
          entry.half = rest.length === 1 && VILLAGE_HALVES.has(rest[0]);
        }
      }
    }
    bases = { offices: new Map(), states: new Map() };
    for (const [base, { recs, state, district, offices, part, half }] of found) {
      if (!state || !part || isDirectoryName(base) || getGazetteer().places.has(base)) continue;
      if (COMMON_WORDS.has(base) || PEOPLE.has(base) || LANDMARK_NOUNS.has(base) || ROAD_NAMES.has(base) || NO_HEAD.has(base)) continue;
      if (district && offices >= 2) bases.offices.set(base, recs);
      else if (half) bases.states.set(base, state);
    }
  }
  return bases;
}

/**
 * The district of a place's areas where they give one; a town the directory lists in several districts of one state is
 * in the one with its own post office ("Ambala City": a sub-district's rows filed under a neighbouring district do not
 * move the town there), or the district of its name. Post offices alone, or a town's offices in several of them, give none.
 */
function areaDistrict(key: string, areas: readonly Area[]): string | null {
  const district = only(areas.map((a) => a.district));
  if (district || areas.length < 2 || !only(areas.map((a) => a.state)) || !townNamed(key)) return district;
  // A district of that name among them is the town's own, whatever its office is called ("Maharajganj MDG").
  const named = areas.find((a) => placeNameKey(a.district) === key);
  if (named) return named.district;
  return only(recordsNamed(key).flatMap((r) => (areas.some((a) => a.district === r.entry.district && a.state === r.entry.state) ? [r.entry.district] : [])));
}

/**
 * Without a pincode, the state decided and no name deciding the district: the metro's quarter a name written as a place
 * is (`metroQuarterDistrict`), where the names so read give one ("Hospital Road, Yelahanka": Bengaluru's quarter, and a
 * village's office in Hassan). An address names the metro's quarter far more often than its village namesakes; a name
 * written as a village or post office is the village's (`rural`, and those chunks are not read).
 */
function metroQuarterWithin(kept: readonly Chunk[], cities: readonly string[], state: string, rural: boolean): string | null {
  // A chunk's first name the directory has in the state, a quarter or not: its whole name, else the one it is written
  // with ("Yelahanka New Town"); not a word of a name that is another office ("SRPF Camp").
  const found = kept.flatMap((c) => {
    if (!isPlainName(c)) return [];
    for (const { name, toward, head } of chunkNames(c)) {
      const key = placeNameKey(name);
      // "Sector" of "Sector 17" is an office's name in a few places, and a word of every town's quarters.
      if (toward || head || key.length < 4 || COMMON_WORDS.has(key) || name.split(" ").every((w) => NOT_A_TOWN_WORD.has(w.toLowerCase()))) continue;
      if (townNamed(key) || recordsNamed(key).some((r) => r.entry.state === state)) return [metroQuarterDistrict(key, state)];
    }
    return [];
  });
  return only([...(rural ? [] : cities.map((name) => metroQuarterDistrict(placeNameKey(name), state))), ...found].filter((d) => d !== null));
}

/**
 * Of a name's post offices in several districts of the state (no directory town), the district of those that are a metro's quarters, where
 * they lie in one and the others lie beyond every metro's spread. Not for a name of a word and a locality's word
 * ("Shaniwar Peth", "Lake Town"): a quarter of many towns, with an office or not.
 */
function metroQuarterDistrict(key: string, state: string): string | null {
  // A town the directory has is that town (contract), not a quarter of its name.
  if (townNamed(key)) return null;
  const offices = recordsNamed(key).filter((r) => r.entry.state === state);
  const written = offices[0]?.entry.places.find((p) => placeNameKey(p) === key);
  if (!written || LOCALITY_WORDS.has(written.slice(written.lastIndexOf(" ") + 1).toLowerCase())) return null;
  const km = offices.map(metroKm);
  if (km.some((d) => d > METRO_QUARTER_KM && d <= METRO_TOWN_DISTANCE_KM)) return null;
  return only(offices.flatMap((r, k) => ((km[k] as number) <= METRO_QUARTER_KM ? [r.entry.district] : [])));
}

/** How far a post office lies from the centre of the metro its pincode is (its range or its district's); else Infinity. */
function metroKm(r: PincodeRecord): number {
  const home = getGazetteer().citiesByName.get(r.entry.city ?? "");
  const centre = home && METROS.has(home.name) ? cityCentre(home) : null;
  return centre ? distanceKm(centre.lat, centre.lng, r.entry.lat, r.entry.lng) : Infinity;
}

/** A directory town written in the text, within the written state and district; null when none is left. */
function writtenTown(key: string, state: string | null, district: string | null): { name: string; areas: Area[] } | null {
  const town = townNamed(key);
  // A town called by an address word ("Niwas", "Bazar") is not what a lone such word means.
  if (!town || COMMON_WORDS.has(key)) return null;
  const areas = town.areas.filter((a) => inState(a.state, state) && (!district || a.district === district));
  return areas.length > 0 ? { name: town.name, areas } : null;
}

/** A district's town that the directory knows only in other states than the pincode's ("Srikakulam 560001"). */
function townOutsideStates(city: CityDef, rec: PincodeRecord): boolean {
  // The directory may spell the town as one of the city's other names ("Mahesana" for Mehsana).
  const key = [city.name, ...city.keys].map(placeNameKey).find((k) => townNamed(k));
  return !!key && !placeNearPincode(key, rec);
}

/** All a chunk's names are read from (its kind, label and tokens), to know a chunk written again. */
function chunkWriting(c: Chunk): string {
  let out = `${c.kind}\u0000${c.label}`;
  for (const t of c.tokens) out += `\u0000${t.type}${t.upper ? 1 : 0}${t.ordinal ? 1 : 0}${t.repeated ? 1 : 0}${t.key}\u0001${t.raw}`;
  return out;
}

/** The names a chunk gives to read its place by, the whole name first (see `localityArea`). */
function chunkNames(c: Chunk): Named[] {
  if (c.kind === "street") return roadNames(c.tokens);
  const whole = isPlainName(c) || c.kind === "tehsil" || c.kind === "post" || c.kind === "village";
  const out: Named[] = whole && c.tokens.every((t) => t.type === WORD || t.type === INITIALS) ? [{ name: nameOf(c), tail: false }] : [];
  if (isPlainName(c)) {
    const town = suffixedTown(c.tokens);
    out.push(...(town ? [{ name: town, tail: true, town: true }] : []), ...headNames(c.tokens, true));
  }
  if (isPlainName(c) || c.kind === "landmark" || c.kind === "building") for (const name of tailNames(c.tokens, c.kind === "landmark" ? 1 : 0)) out.push({ name, tail: true });
  if (isPlainName(c) || c.kind === "landmark") out.push(...dividedTail(c.tokens, c.kind === "landmark" ? 1 : 0));
  // A landmark that is a town, or a locality and its divisions ("Near Vaikom", "Opp Navrang Pura", "Behind Yelahanka
  // New Town"): the address is by it, in its state. Not a mere post office: "Near Postal Colony", "Opposite Power
  // House" are offices' names somewhere, and things of every town.
  if (c.kind === "landmark" && c.tokens.every((t) => t.type === WORD && !ROAD_NAMES.has(t.key) && !LANDMARK_NOUNS.has(t.key)) && !COMMON_WORDS.has(c.tokens[0]?.key ?? "")) {
    out.push({ name: nameOf(c), tail: true });
  }
  if (c.kind === "landmark") out.push(...headNames(c.tokens, false), ...facilityOf(c.tokens), ...townFacility(c.tokens));
  // A landmark that is a road ("Behind Bannerghatta Road", "Opp Modhera Cross Road"): the address is on a road off it.
  if (c.kind === "landmark" && STREET_ENDS.has(c.tokens[c.tokens.length - 1]?.key ?? "")) out.push(...roadNames(c.tokens));
  return out;
}

/**
 * The directory town a name is, a town's word written after it ("Main Road, Hindupur Town", "Behat Rural";
 * `TOWN_SUFFIXES`): spelt as the directory spells it, so it is that town as the name alone is (`readDirectoryTown`), not
 * a near spelling of a city called "… City" ("Panna City" is no Patna City). Not a name opening with an address word
 * ("Model Town", "New Town"), nor a rural or urban area the directory knows as a sub-district of its own ("Kakinada
 * Rural").
 */
function suffixedTown(tokens: readonly Token[]): string | null {
  const suffix = tokens[tokens.length - 1];
  if (tokens.length < 2 || !suffix || !TOWN_SUFFIXES.has(suffix.key)) return null;
  const name = tokens.slice(0, -1);
  if (COMMON_WORDS.has((name[0] as Token).key) || !name.every((t) => t.type === WORD || t.type === INITIALS)) return null;
  const key = name.map((t) => t.key).join(" ");
  return townNamed(placeNameKey(key)) && !(AREA_SUFFIXES.has(suffix.key) && townNamed(placeNameKey(`${key} ${suffix.key}`))) ? key : null;
}

/** The words a road's name ends in, written whole or short. */
const STREET_ENDS: ReadonlySet<string> = new Set(["road", "rd"]);

/**
 * The place a road or a crossing on it is named after: "Magadi Road", "Main Jharsa Road", "Jagadhri Bye Pass Road",
 * "Bopal Char Rasta", "Old Padra Road", "Magadi Rd" (the line writes "Road": both readings agree). One word: in "Radha
 * Krishna Road" or "Bawa Tarana Road" the last word is part of a name. Before it, the office the road is named after.
 */
function roadNames(tokens: readonly Token[]): Named[] {
  const start = ROAD_BEFORE.has(tokens[0]?.key ?? "") ? 1 : 0;
  const place = tokens[start];
  const named = place?.type === WORD && tokens.length > start + 1 && tokens.slice(start + 1).every((t) => ROAD_KINDS.has(t.key));
  const toward: Named[] = named ? [{ name: place.key, tail: false, toward: true }] : [];
  const office = roadOffice(tokens.slice(start));
  return [...(office ? [{ name: office, tail: false }] : []), ...toward, ...roadAfterName(tokens)];
}

/** What a locality has and names after itself: "Hadapsar Market", "Changodar Police Chowki", "Memnagar Thana". */
const FACILITY: ReadonlySet<string> = new Set(["police", "station", "thana", "chowki", "fire", "market", "mkt"]);

/**
 * A landmark named after the locality it is in, a one-word name before a facility's words ("Near Hadapsar Market",
 * "Behind Changodar Police Chowki"): a post office's name of at least seven letters, as at a crossing. Not a bus stand or
 * stop, named after where its buses go as often ("Madras Bus Stand" in Nellore); a directory town's is `townFacility`'s.
 */
function facilityOf(tokens: readonly Token[]): Named[] {
  const [name, ...rest] = tokens;
  if (!name || name.type !== WORD || name.key.length < PLACE_OFFICE_LETTERS || rest.length === 0 || !rest.every((t) => FACILITY.has(t.key))) return [];
  return COMMON_WORDS.has(name.key) || PEOPLE.has(name.key) ? [] : [{ name: name.key, tail: false }];
}

/**
 * What a town has of its own and names after itself, standing in the town: its bus stand, railway station, court,
 * collectorate, tehsil office, municipality, market, police station, post office, government hospital. Not a road
 * ("Hindupur Road" leads to Hindupur from elsewhere), a school or a bank ("Delhi Public School", "Punjab National Bank").
 */
// prettier-ignore
const TOWN_FACILITIES: ReadonlySet<string> = new Set([
  "bus stand", "bus stop", "bus station", "bus depot", "busstand", "railway station", "rly station", "railway stn", "rly stn",
  "court", "courts", "civil court", "civil courts", "district court", "sessions court", "session court", "collectorate",
  "collector office", "collectors office", "tehsil", "tehsil office", "tahsil office", "taluk office", "taluka office",
  "mandal office", "municipality", "municipal office", "municipal corporation", "municipal council", "nagar palika",
  "nagarpalika", "nagar panchayat", "market", "mandi", "police station", "thana", "post office", "head post office",
  "government hospital", "govt hospital", "civil hospital", "general hospital", "district hospital", "town hall",
]);
/** Words written between a town's name and its facility's: "Hindupur New Bus Stand", "Penukonda RTC Bus Stand", "Sojat City Court". */
const FACILITY_QUALIFIERS: ReadonlySet<string> = new Set(["new", "old", "main", "central", "town", "city", "rtc", "ksrtc", "apsrtc", "tsrtc", "msrtc", "gsrtc"]);

/**
 * A landmark that is a town's own facility, the town's name first ("Opp. Hindupur Bus Stand", "Near Penukonda Railway
 * Station"): the address is in that town, a directory town spelt as the directory spells it (`tail`: never a mere post
 * office; a city's quarter names its bus stops too). Not a metro, nor a city by its old name: elsewhere a "Madras Bus
 * Stand" is where the buses to Madras leave, a "Bombay Market" sells what came from there.
 */
function townFacility(tokens: readonly Token[]): Named[] {
  // A road written after the facility, no comma between ("Near Hindupur Bus Stand Main Road"), is a road there.
  let end = tokens.length;
  while (end > 2 && ROAD_KINDS.has((tokens[end - 1] as Token).key)) end--;
  const words = (from: number, to: number) =>
    tokens
      .slice(from, to)
      .map((t) => t.key)
      .join(" ");
  const out: Named[] = [];
  for (let n = 1; n <= 3 && n < end; n++) {
    // A town's name may go on with an address word ("Krishan Nagar", "Jakhal Mandi"); it does not open with one.
    const t = tokens[n - 1] as Token;
    if (t.type !== WORD || (n === 1 && COMMON_WORDS.has(t.key)) || ROAD_NAMES.has(t.key) || LANDMARK_NOUNS.has(t.key) || PEOPLE.has(t.key)) break;
    let at = n;
    while (at < end - 1 && FACILITY_QUALIFIERS.has((tokens[at] as Token).key)) at++;
    if (!TOWN_FACILITIES.has(words(at, end))) continue;
    const key = words(0, n);
    const town = townNamed(placeNameKey(key));
    if (!town) continue;
    const city = getGazetteer().places.get(key)?.city;
    // A known city of that name in another state than the town's: two places, which nothing here tells apart.
    const elsewhere = city && !city.districts.some((d) => town.areas.some((a) => a.state === directoryDistricts().get(d)));
    if (!(city && (METROS.has(city.name) || elsewhere))) out.push({ name: key, tail: true, town: true });
  }
  return out;
}

/**
 * How many words a town's facility opens a name with ("Bus Station Mawana", "Tehsil Office Mawana": 2), the longest,
 * where the rest is a directory town of one state; else 0. A name of towns in several states ("Bus Station Rampur")
 * keeps the state its facility's other readings give; a name the directory knows whole ("Mandi Adampur", a town named
 * after its grain market) is that place.
 */
function facilityWords(tokens: readonly Token[]): number {
  const words = (part: readonly Token[]) => part.map((t) => t.key).join(" ");
  for (let n = Math.min(3, tokens.length - 1); n >= 1; n--) {
    if (!TOWN_FACILITIES.has(words(tokens.slice(0, n)))) continue;
    const town = townNamed(placeNameKey(words(tokens.slice(n))));
    return town && only(town.areas.map((a) => a.state)) !== null && !isDirectoryName(placeNameKey(words(tokens))) ? n : 0;
  }
  return 0;
}

/**
 * A road whose whole name is a post office's of one district ("Varachha Road", "Ajwa Rd"): the area the office is
 * named after, its district too, where the district has another place of that name ("Mota Varachha", "Ajwa
 * Compound") or the name is a town of that district ("Berasia Road" in Bhopal). Not a road named after what is on
 * it ("College Road"), a person ("Patel Road"), a town of another district ("Gohana Road" in Rohtak leads to
 * Gohana) or nothing of the district's ("Cambridge Road", "Zoo Road": roads of many towns).
 */
function roadOffice(tokens: readonly Token[]): string | null {
  const head = tokens.slice(0, -1);
  if (!STREET_ENDS.has(tokens[tokens.length - 1]?.key ?? "") || head.length === 0 || head.length > 2) return null;
  if (!head.every((t) => t.type === WORD && !COMMON_WORDS.has(t.key) && !ROAD_NAMES.has(t.key) && !PEOPLE.has(t.key) && !LANDMARK_NOUNS.has(t.key))) return null;
  const name = head.map((t) => t.key).join(" ");
  const place = placeNameKey(name);
  const key = `${place}road`;
  const offices = recordsNamed(key);
  const district = offices.length > 0 ? only(offices.flatMap((r) => r.districts)) : null;
  if (!district) return null;
  const def = getGazetteer().places.get(name);
  const town = def?.city ? def.city.districts : def?.state ? [] : townNamed(place)?.areas.map((a) => a.district);
  if (town) return town.includes(district) ? key : null;
  for (const names of districtPlaceKeys().get(district)?.values() ?? []) if (names.some((k) => k !== key && k.includes(place))) return key;
  return null;
}

/**
 * A road named after a post office of its area, written after another name ("Lake View Pachamba Main Road", "Upper Pachamba Road"): the last word, then the last two, before the road's words, a post
 * office's name of seven letters or more (as at a crossing) and no town's. One word before the road's words is read
 * as `Magadi Road` is.
 */
function roadAfterName(tokens: readonly Token[]): Named[] {
  let end = tokens.length;
  while (end > 0 && ROAD_KINDS.has((tokens[end - 1] as Token).key)) end--;
  if (end === tokens.length || end < 2) return [];
  const out: Named[] = [];
  for (let n = 1; n <= 2 && end - n >= 1; n++) {
    const words = tokens.slice(end - n, end);
    if (!words.every((t) => t.type === WORD && !COMMON_WORDS.has(t.key) && !ROAD_NAMES.has(t.key) && !PEOPLE.has(t.key))) break;
    const key = placeNameKey(words.map((t) => t.key).join(""));
    if (key.length >= PLACE_OFFICE_LETTERS && !townNamed(key) && recordsNamed(key).length > 0) out.push({ name: key, tail: false });
  }
  return out;
}

/** Names, then landmarks, buildings and streets: each kind keeps its written order in the line, kinds do not. */
function kindRank(c: Chunk): number {
  return c.kind === "street" ? 3 : c.kind === "building" ? 2 : c.kind === "landmark" ? 1 : 0;
}

/**
 * After every name, each word of a marker's value of several names ("P.O. Sukapuram Edapal", "VPO Jarod Ta
 * Waghodia": a village, its post office, its taluk), the last first; not the words of one name ("Rampur Bazar",
 * "Head Quarter"), nor of a value that is one place found in several states.
 */
function valueWords(c: Chunk): Named[] {
  return (c.kind === "post" || c.kind === "village" || c.kind === "tehsil") &&
    c.tokens.length > 1 &&
    !c.tokens.some((t) => COMMON_WORDS.has(t.key) || ONE_NAME.has(t.key)) &&
    new Set(directoryAreas(placeNameKey(nameOf(c))).map((a) => a.state)).size <= 1
    ? [...c.tokens].reverse().flatMap((t): Named[] => (t.type === WORD ? [{ name: t.key, tail: false }] : []))
    : [];
}

/**
 * Without a pincode or a city, the state a locality, post office, tehsil or village names when the
 * directory knows it in one state (the last such name counts), and its district where it lies in one.
 * A place written at the end of a longer name, with no comma before it ("Pariyaram Taliparamba", "Behind
 * Civil Court Amalner", "Andheri West"), and a locality's own name before its divisions ("Kengeri Satellite
 * Town", "Jayanagar 7th Block"), count after the whole name. A street named after a town ("Calicut Road",
 * "Magadi Main Road") counts after the names, for the state only.
 */
function localityArea(kept: Chunk[], district: string | null, state: string | null, hint: string | null = null): { district: string | null; state: string | null } {
  const order = [...kept].reverse().sort((a, b) => kindRank(a) - kindRank(b));
  // A chunk written again reads as its first copy did, which named no place: not read again (a text of one part
  // repeated costs as one part does).
  const passed = order.length > 1 ? new Set<string>() : null;
  // Each chunk's names are read only when the chunks before it name no place: most addresses stop early.
  for (let at = 0; at < 2 * order.length; at++) {
    const c = order[at % order.length] as Chunk;
    const written = passed ? `${at < order.length ? "n" : "v"}${chunkWriting(c)}` : "";
    if (passed?.has(written)) continue;
    const between = c.kind === "street" ? roadBetweenTowns(c.tokens, state) : null;
    if (between) return { state: between, district };
    const list = at < order.length ? chunkNames(c) : valueWords(c);
    // The chunk's whole name, made only for a name that gets past the first checks.
    let whole: string | null = null;
    for (const [k, { name, tail, toward, town, head }] of list.entries()) {
      const key = placeNameKey(name);
      if (head ? key.length < 3 : key.length < 4 || COMMON_WORDS.has(key) || ROAD_NAMES.has(key) || NUMBERED_SECTOR.test(key)) continue;
      const heads = head ? headOfficeRecords(key).map((r) => ({ state: r.entry.state, district: r.entry.district })) : [];
      // A word before "H.O." that is no head office's name is no more than a word ("… Port, Blair HO").
      if (head && heads.length === 0) continue;
      const own = c.kind === "tehsil" && !tail ? tehsilDistrict(name) : undefined;
      const sectored = !state && !district ? sectoredAreas(key, kept) : undefined;
      // A whole name found in several states ("Gandhi Nagar") is no town to cut into parts.
      if (k === 0 && !tail && !own && !sectored && new Set(directoryAreas(key).map((a) => a.state)).size > 1) break;
      // A district's town is that district ("Bus Station Hardoi"), before a same-named town elsewhere: any name that
      // is part of a longer one, whether or not a name before it was tried ("K.A. Bangalore 0" reads as "Ka Bangalore 0").
      const city = !town && heads.length === 0 && (tail || toward || name !== (whole ??= nameOf(c))) ? getGazetteer().places.get(name)?.city : undefined;
      // A road is named after a town or a post office, not after a person who shares an office's name ("Gandhi Road").
      if (toward && PEOPLE.has(key)) continue;
      const cityAreas = city?.districts.map((d) => ({ state: directoryDistricts().get(d) ?? "", district: d }));
      // The end of a longer name is a town or a city, never a mere post office ("… Malleswaram Vyalikaval").
      let listed = (sectored ?? cityAreas ?? (heads.length > 0 ? heads : tail ? (townNamed(key)?.areas ?? []) : directoryAreas(key))).filter(
        (a) => (!district || a.district === district) && inState(a.state, state),
      );
      // A name that is also a post office in the state a road names ("Yavatmal Road, Saikheda": a town in Narsinghpur and
      // an office in Yavatmal) may be that office (`readsAsRoadOffice`): what else is written decides.
      const there =
        hint && !tail && !listed.some((a) => a.state === hint) ? recordsNamed(key).filter((r) => r.states.includes(hint) && readsAsRoadOffice(key, name.split(" "), r, kept)) : [];
      if (there.length > 0) listed = there.map((r) => ({ state: hint as string, district: r.entry.district }));
      const areas = own && listed.some((a) => a.district === own) ? listed.filter((a) => a.district === own) : listed;
      const found = only(areas.map((a) => a.state));
      // A road or a gate named after a town leads to it from elsewhere: the state, not the district ("Magadi Main
      // Road", "Rohtak Gate" in Bhiwani); one named after a city that is a state leads out of it ("Delhi Road" in Hisar).
      if (found && toward && CITY_STATES.has(found)) continue;
      if (!found || (!toward && !cityAreas && everyTownHas(name))) continue;
      if (district) return { state: found, district };
      if (toward) return { state: found, district: towardDistrict(key, name, areas) };
      const one = cityAreas || c.kind === "tehsil" ? only(areas.map((a) => a.district)) : areaDistrict(key, areas);
      return { state: found, district: one ?? narrowedDistrict(kept, c, found, new Set(areas.map((a) => a.district))) };
    }
    passed?.add(written);
  }
  // Last, a post office of one state ending the address's last name ("Opposite Gurukul Ghatlodia"): its state, and its
  // district where it lies in one.
  const last = kept.reduce<Chunk | null>((a, c) => (!a || c.order > a.order ? c : a), null);
  if (!state && !district && last && (isPlainName(last) || last.kind === "landmark")) {
    for (const name of tailNames(last.tokens, last.kind === "landmark" ? 1 : 0)) {
      const key = placeNameKey(name);
      if (key.length < 8 || everyTownHas(name) || NUMBERED_SECTOR.test(key)) continue;
      const found = only(recordsNamed(key).flatMap((r) => r.states));
      if (found) return { state: found, district: only(recordsNamed(key).flatMap((r) => r.districts)) };
    }
  }
  // Last, a place's name written alone whose offices are its parts' of one state, but one office or in several districts
  // ("Nigdi" for "Nigdi Khurd"): its state; not a district, which may be another place's of that name.
  const word = last && isPlainName(last) && last.tokens.length === 1 ? (last.tokens[0] as Token).key : null;
  const baseState = !state && !district && word ? baseIndex().states.get(word) : undefined;
  if (baseState) return { state: baseState, district: null };
  return { district, state };
}

/**
 * Last of all, where no name written is a place the directory knows as written: names of a place, written in words,
 * spelt as a town or post office is but for the letters buyers write either way (`spellingKey`: "Chamrahalli" for
 * Chamarahalli, "Vasantavada" for Vasanthavada), eight letters or more and one letter off (two from ten), all of one
 * state: that state, and the district where they lie in one. A name the directory has as written in several states is
 * no near spelling of one of them; nor is a road's name (after a person as often as a town), a landmark's, initials ("K
 * R Puram"), too few letters to tell places apart, or a quarter's name ("… Nagar", "…colony"), which every city has.
 */
function spelledArea(chunks: readonly Chunk[]): { district: string | null; state: string | null } | null {
  const areas: Area[] = [];
  const named = (c: Chunk) => (isPlainName(c) || c.kind === "post") && c.tokens.every((t) => t.type === WORD && t.key.length >= 3);
  const inOrder = [...chunks].sort((a, b) => a.order - b.order);
  // A name written again (a part repeated) is searched for once: the near-spelling search costs more than a reading.
  const speltByKey = new Map<string, Area[] | null>();
  for (const [k, c] of inOrder.entries()) {
    // The part's whole name: a word of it is as often a near spelling of some other village's ("Jhumri Tillaiya").
    if (!named(c)) continue;
    const end = (c.tokens[c.tokens.length - 1] as Token).key;
    const key = placeNameKey(nameOf(c));
    if (key.length < 8 || STREET_WORDS.has(end) || LOCALITY_WORDS.has(end) || COMMON_WORDS.has(key) || hasQuarterWordInside(key)) continue;
    if (directoryAreas(key).length > 0 || getGazetteer().places.has(nameOf(c))) continue;
    // Nor where places of two states are as near by letters alone ("Peragarhi": Peragari of Odisha, Peeragarhi of Delhi).
    let spelt = speltByKey.get(key);
    if (spelt === undefined) {
      spelt = nearDirectoryTown(key, shareState)?.key === null ? null : spelledAreas(key);
      speltByKey.set(key, spelt);
    }
    if (!spelt) continue;
    areas.push(...spelt);
    // A name the parser split in two ("Devlgaon, Gat" for Devalgaon Gat) is also read whole: where it is another place,
    // the part is no one place.
    const next = inOrder[k + 1];
    if (next && next.order === c.order + 1 && named(next)) {
      const whole = placeNameKey(nameOf(c) + nameOf(next));
      const written = directoryAreas(whole);
      areas.push(...(written.length > 0 ? written : spelledAreas(whole)));
    }
  }
  const state = only(areas.map((a) => a.state));
  return state ? { state, district: only(areas.map((a) => a.district)) } : null;
}

const QUARTER_WORD_LIST: readonly string[] = [...QUARTER_WORDS];
/** Whether a quarter's word stands inside a name after its first letters ("Vasanthanagar", "Ramcolony"): a quarter's name, not one place's. */
function hasQuarterWordInside(key: string): boolean {
  return QUARTER_WORD_LIST.some((w) => key.indexOf(w, 3) > 0);
}

/** Whether two directory places' names share a state. */
const shareState = (a: string, b: string): boolean => {
  const states = new Set(directoryAreas(a).map((x) => x.state));
  return directoryAreas(b).some((x) => states.has(x.state));
};

/**
 * Where the places spelt as a name is (`spellingKey`) lie, where one of them is a letter off from seven letters, two
 * from ten; every place spelt so counts, the nearer and the farther ("Mukkannur": Mukkanur of Tamil Nadu, Mookkannur of
 * Kerala).
 */
function spelledAreas(key: string): Area[] {
  const limit = key.length >= 10 ? 2 : 1;
  const spelt = spelledAs(key);
  return spelt.some((near) => editDistance(key, near, limit) <= limit) ? spelt.flatMap(directoryAreas) : [];
}

/** Words of what every town has: a housing board's colony, the railway station, the bus terminus. */
const EVERY_TOWN_WORDS: ReadonlySet<string> = new Set(["housing", "board", "railway", "bus", "terminus"]);
/**
 * A name made only of such words and address words ("Housing Board Colony", "Railway Station", "Bus Terminus"): an
 * office's name in one state, and a thing of every town in all of them, so it names no state.
 */
const everyTownHas = (name: string): boolean => {
  const words = name.toLowerCase().match(/[a-z]+/g) ?? [];
  return words.some((w) => EVERY_TOWN_WORDS.has(w)) && words.every((w) => EVERY_TOWN_WORDS.has(w) || COMMON_WORDS.has(w) || LANDMARK_NOUNS.has(w));
};

const cityOfficeKeys = new WeakMap<CityDef, Array<[string, string]>>();
/** What an office adds to its locality's name for a division of it: a phase, block, letter, number or CIDCO node. */
const DIVISION_KEY = /^(?:ph(?:ase)?[ivx\d]*|[a-z]?block|[a-z]|[ivx]+|\d+|node|sector\d*|extension|extn)?$/;

/**
 * A metro's locality the directory knows only by its divisions' offices ("Mayur Vihar" for Mayur Vihar Ph-I and Ph-III,
 * "Janakpuri" for Janakpuri A, B and C), where they all lie in one of the metro's districts: that district. Written with
 * a division of its own ("Lajpat Nagar II"), the name before it is looked up so.
 */
function dividedOfficeDistrict(line: ReadonlyArray<{ text: string }>, city: CityDef): string | null {
  let keys = cityOfficeKeys.get(city);
  if (!keys) {
    keys = [];
    for (const rec of directoryRecords()) if (city.districts.includes(rec.entry.district)) for (const key of officeNameKeys(rec)) keys.push([key, rec.entry.district]);
    // Sorted, so the offices a name begins are one run found by bisection.
    keys.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    cityOfficeKeys.set(city, keys);
  }
  const found = new Set<string>();
  for (const p of line) {
    const key = placeNameKey(p.text.replace(/\s+(?:[ivx]+|\d+)$/i, ""));
    if (key.length < 6 || COMMON_WORDS.has(key)) continue;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] as [string, string])[0] < key) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < keys.length && (keys[k] as [string, string])[0].startsWith(key); k++) {
      const [office, district] = keys[k] as [string, string];
      if (DIVISION_KEY.test(office.slice(key.length))) found.add(district);
    }
  }
  return only(found);
}

/**
 * Without a pincode, the state decided and no district: the district that every place written lies in within that state,
 * where that is one ("Hubli Road, Ron": Ron is a town of Gadag and of Bhind, Madhya Pradesh; "Ballabgarh Road, Tigaon":
 * an office of Faridabad and of Gondia, Maharashtra). What else is written decided the state, and so the place.
 */
function districtWithinState(kept: readonly Chunk[], cities: readonly string[], state: string): string | null {
  let common = new Set<string>();
  let first = true;
  const names = [
    ...cities,
    ...kept.filter((c) => (isPlainName(c) || c.kind === "post" || c.kind === "village" || c.kind === "tehsil") && c.tokens.every((t) => t.type === WORD)).map(nameOf),
  ];
  for (const name of names) {
    const key = placeNameKey(name);
    // Three letters name a town ("Ron"), not an office: initials and words are that short.
    if ((key.length < 4 && !townNamed(key)) || COMMON_WORDS.has(key)) continue;
    const city = getGazetteer().citiesByName.get(name) ?? getGazetteer().places.get(name.toLowerCase())?.city;
    // A locality's name that is no town of the state ("Vijay Nagar") may be a quarter of any of its cities, an office or not.
    if (!city && LOCALITY_NAME_END.test(key) && !townNamed(key)?.areas.some((a) => a.state === state)) continue;
    const areas = city ? city.districts.map((d) => ({ state: directoryDistricts().get(d) ?? "", district: d })) : directoryAreas(key);
    const districts = new Set(areas.filter((a) => a.state === state).map((a) => a.district));
    if (districts.size === 0) continue;
    common = first ? districts : new Set([...common].filter((d) => districts.has(d)));
    first = false;
  }
  return only(common);
}

/**
 * Without a pincode, where no name alone decided: the state where two or more of the names written meet in one district,
 * one of them a town, sub-district or city there ("Vill. Sansarpur, Teh. Lakhimpur": Sansarpur is a village of four
 * states, Lakhimpur a town of Assam and of Uttar Pradesh; only Lakhimpur Kheri has both), and that district where it is
 * one. The contract: "where one name is several places, what else is written decides". Two villages' offices meeting
 * somewhere decide nothing (village names repeat in every district), nor do districts of two states meeting as often.
 * A locality's name of every state ("Gandhi Nagar") meets anything, so it counts for none.
 */
function sharedNamesArea(kept: readonly Chunk[], cities: readonly string[], district: string | null): { state: string | null; district: string | null } {
  const names = new Map<string, string>();
  for (const name of cities) names.set(placeNameKey(name), name);
  for (const c of kept) {
    if ((isPlainName(c) || c.kind === "post" || c.kind === "village" || c.kind === "tehsil") && c.tokens.every((t) => t.type === WORD)) names.set(placeNameKey(nameOf(c)), nameOf(c));
  }
  for (const key of names.keys()) if (key.length < 4 || COMMON_WORDS.has(key)) names.delete(key);
  // One name alone meets nothing: most addresses stop here.
  if (names.size + (district ? 1 : 0) < 2) return { state: null, district };
  // The districts a name is a town, sub-district or city of (or the written district): only there may names meet.
  const towns = new Map<string, Array<[string, string]>>();
  for (const [key, name] of names) {
    if (everywhereName(key)) {
      names.delete(key);
      continue;
    }
    const city = getGazetteer().citiesByName.get(name) ?? getGazetteer().places.get(name.toLowerCase())?.city;
    towns.set(key, [
      ...(city?.districts.map((d): [string, string] => [directoryDistricts().get(d) ?? "", d]) ?? []),
      ...(townNamed(key)?.areas.map((a): [string, string] => [a.state, a.district]) ?? []),
    ]);
  }
  const within = new Set<string>();
  for (const list of towns.values()) for (const [, d] of list) if (!district || d === district) within.add(d);
  if (district) within.add(district);
  if (within.size === 0) return { state: null, district };
  // Each such district's count of the names found in it (a town's name is also villages' offices elsewhere: every place
  // of the name may be the one meant); a written district counts as one.
  const meets = new Map<string, number>();
  for (const [key, list] of towns) {
    const seen = new Set<string>();
    for (const [st, d] of list) if (within.has(d)) seen.add(`${st}|${d}`);
    for (const r of recordsNamed(key)) if (within.has(r.entry.district)) seen.add(`${r.entry.state}|${r.entry.district}`);
    for (const where of seen) meets.set(where, (meets.get(where) ?? (district ? 1 : 0)) + 1);
  }
  let most = 1;
  for (const n of meets.values()) most = Math.max(most, n);
  if (most < 2) return { state: null, district };
  let best = [...meets].filter(([, n]) => n === most).map(([at]) => at.split("|") as [string, string]);
  // Where districts of two states tie, the one a sub-district written with its marker (not a block's: a block's name is
  // a town's elsewhere as often) lies in ("Vill. X, Teh. Y, Blk Z": a village's name of every state and the block's name
  // meet elsewhere as often as the tehsil and the block do).
  if (!only(best.map(([st]) => st))) {
    // A sub-district's name of one state only: one of two states decides nothing.
    const tehsils = kept
      .filter((c) => c.kind === "tehsil" && c.label !== "Block")
      .map((c) => townNamed(placeNameKey(nameOf(c)))?.areas ?? [])
      .filter((areas) => only(new Set(areas.map((a) => a.state))));
    const marked = best.filter(([st, d]) => tehsils.some((areas) => areas.some((a) => a.state === st && a.district === d)));
    if (only(marked.map(([st]) => st))) best = marked;
  }
  const state = only(best.map(([st]) => st));
  return { state, district: state ? (district ?? only(best.map(([, d]) => d))) : district };
}

/**
 * The district of a road named after a post office that is no town ("Whitefield Main Road", "Nikol Gam Road"), where the
 * office lies in one district and near its district's town or city: a city quarter's road, or a near village's, runs
 * through it or from next to it, not from another district as a town's road may ("Magadi Road" in Bengaluru), nor does
 * a far village's road only lead there (`localityArea`).
 */
function towardDistrict(key: string, name: string, areas: readonly Area[]): string | null {
  if (townNamed(key) || getGazetteer().places.has(name)) return null;
  const offices = recordsNamed(key);
  if (offices.length === 0 || !offices.every(nearOwnCity)) return null;
  return only(areas.map((a) => a.district));
}

/**
 * Where the city read is a post office of several places and another post office written in the address (its `Via`
 * office, a post office or village marker's value) shares a pincode with exactly one of them ("Post Vangara, Via
 * Bommakal": Vangara is a town of Andhra Pradesh and an office of Karimnagar's, with Bommakal's pincode), that pincode's area:
 * two names of one delivery area decide between the places.
 */
function officeBesideOffice(name: string | undefined, kept: readonly Chunk[]): { district: string; state: string } | null {
  if (!name) return null;
  const records = recordsNamed(placeNameKey(name));
  if (records.length < 2) return null;
  const own = placeNameKey(name);
  const shared = new Set<PincodeRecord>();
  for (const c of kept) {
    if ((c.kind !== "post" && c.kind !== "village") || !c.tokens.every((t) => t.type === WORD)) continue;
    const key = placeNameKey(nameOf(c));
    if (key === own || key.length < 4) continue;
    for (const r of recordsNamed(key)) if (records.includes(r)) shared.add(r);
  }
  const area = only([...shared].map((r) => `${r.entry.district}|${r.entry.state}`));
  if (!area) return null;
  const [district, state] = area.split("|") as [string, string];
  return { district, state };
}

/**
 * A name written beside the town read as the city, which the directory writes as an office with that town in brackets
 * ("Goyala, Mokhra" for Goyala (Mokhra), a village of Kachchh; Mokhra alone is a town of Haryana): that office's area.
 */
function officeQualifiedBy(name: string | undefined, kept: readonly Chunk[]): { district: string; state: string } | null {
  const qualifier = name ? placeNameKey(name) : "";
  if (qualifier.length < 3) return null;
  for (const c of kept) {
    if ((isPlainName(c) || c.kind === "post" || c.kind === "village") && c.tokens.every((t) => t.type === WORD)) {
      const area = qualifiedArea(placeNameKey(nameOf(c)) + qualifier);
      if (area) return area;
    } else if (c.kind === "landmark") {
      // The name a landmark ends in ("Near Bus Stand Goyala, Mokhra"): its last word, or last two.
      const words = c.tokens.slice(-2);
      const last = words[words.length - 1];
      if (last?.type !== WORD) continue;
      const area =
        qualifiedArea(placeNameKey(last.key) + qualifier) ?? (words[0]?.type === WORD && words.length === 2 ? qualifiedArea(placeNameKey(words[0].key + last.key) + qualifier) : null);
      if (area) return area;
    }
  }
  return null;
}

/** The one area of the offices the directory writes with this name and qualifier (a `placeNameKey`). */
function qualifiedArea(key: string): { district: string; state: string } | null {
  const area = only(qualifiedRecords(key).map((r) => `${r.entry.district}|${r.entry.state}`));
  if (!area) return null;
  const [district, state] = area.split("|") as [string, string];
  return { district, state };
}

/**
 * The one of a place's districts that the address's other names lie in ("Dharmaj Chowk, Ta. Petlad": Petlad is a taluk of
 * Anand and of Kheda, Dharmaj an office of Anand's; "Neral, Tal. Karjat"): what else is written decides. Not a road's
 * town, which it leads to from elsewhere; names pointing to two of the districts decide nothing.
 */
function narrowedDistrict(kept: readonly Chunk[], from: Chunk, state: string, districts: ReadonlySet<string>): string | null {
  if (districts.size < 2) return null;
  const found = new Set<string>();
  // A chunk written again adds the districts its first copy added.
  const read = new Set<string>();
  for (const c of kept) {
    if (c === from || c.kind === "recipient") continue;
    const written = chunkWriting(c);
    if (read.has(written)) continue;
    read.add(written);
    for (const { name, toward } of chunkNames(c)) {
      const key = placeNameKey(name);
      if (toward || key.length < 4 || COMMON_WORDS.has(key) || ROAD_NAMES.has(key)) continue;
      for (const a of directoryAreas(key)) if (a.state === state && districts.has(a.district)) found.add(a.district);
    }
  }
  return only(found);
}

const roadStates = new WeakMap<readonly Chunk[], string | null>();

/** The state the roads of the address are named after, where they name one ("Yavatmal Road"); read once an address. */
function roadState(kept: readonly Chunk[]): string | null {
  let state = roadStates.get(kept);
  if (state === undefined) {
    const streets = kept.filter((c) => c.kind === "street");
    state = streets.length > 0 ? localityArea(streets, null, null).state : null;
    roadStates.set(kept, state);
  }
  return state;
}

const roadDistrictLists = new WeakMap<readonly Chunk[], readonly string[]>();

/** The districts of the towns the address's roads are named after ("Yavatmal Road": Yavatmal's); read once an address. */
function roadDistricts(kept: readonly Chunk[]): readonly string[] {
  let districts = roadDistrictLists.get(kept);
  if (districts === undefined) {
    const found = new Set<string>();
    for (const c of kept) {
      if (c.kind !== "street") continue;
      for (const { name, toward } of roadNames(c.tokens)) {
        if (!toward) continue;
        const city = getGazetteer().places.get(name)?.city;
        for (const d of city ? city.districts : (townNamed(placeNameKey(name))?.areas.map((a) => a.district) ?? [])) found.add(d);
      }
    }
    districts = [...found];
    roadDistrictLists.set(kept, districts);
  }
  return districts;
}

/**
 * Whether a name written with a road of another state is read as the post office of that name in the road's state
 * (`roadState`). A locality's name ("Ashok Nagar", "Arya Nagar"), found in many states, is; a town of one state
 * ("Kavali", a post office in Gujarat too) is only where that office lies in the district of the town the road is
 * named after ("Yavatmal Road, Saikheda"): roads named "Ghat Road" or "Varachha Road" are in many towns.
 */
function readsAsRoadOffice(key: string, words: readonly string[], office: PincodeRecord, kept: readonly Chunk[]): boolean {
  const town = townNamed(key);
  if (!town || new Set(town.areas.map((a) => a.state)).size > 1 || (words.length > 1 && LOCALITY_WORDS.has(words[words.length - 1] as string))) return true;
  const roads = roadDistricts(kept);
  return office.districts.some((d) => roads.includes(d));
}

/** Words a road between two towns may carry besides their names: "Old Pune-Nashik Highway", "Bangalore Bye Pass Road". */
const ROAD_BETWEEN: ReadonlySet<string> = new Set(["old", "new", "main", "road", "rd", "highway", "hwy", "bye", "by", "pass", "bypass", "ring", "link", "national", "nh"]);

/** Words that make a marker's value one name: "Mandal Head Quarter", "Rampur Kalan". */
const ONE_NAME: ReadonlySet<string> = new Set([...LOCALITY_TAIL, "head", "quarter", "headquarter", "headquarters", "hq"]);

/** Before a road's place: "Main Jharsa Road", "Old Padra Road"… */
const ROAD_BEFORE: ReadonlySet<string> = new Set(["main", "old", "new"]);

/**
 * …and after it, naming a road or a crossing on it: "Jagadhri Bye Pass Road", "Magadi Chord Road", "Bopal Char Rasta",
 * "Modhera Cross Road", "Nikol Gam Road" (the road to Nikol village: Gujarati "gam"). Not a highway: it is named after
 * a city far away ("Nagpur Highway" in Telangana).
 */
const ROAD_KINDS: ReadonlySet<string> = new Set(["road", "rd", "main", "bye", "by", "pass", "bypass", "ring", "link", "chord", "char", "rasta", "cross", "marg", "gam"]);

/**
 * The state of a road named after two or three towns, cities or post offices of that state ("Pune-Nashik Road",
 * "Bangalore Mysore Highway", "Rander Adajan Road"): it runs between them. Towns of different states give nothing
 * ("Delhi-Rohtak Road"), nor does a person's name ("Gandhi Rander Road").
 */
function roadBetweenTowns(tokens: readonly Token[], state: string | null): string | null {
  const names = tokens.filter((t) => !ROAD_BETWEEN.has(t.key));
  if (names.length < 2 || names.length > 3 || !names.every((t) => t.type === WORD) || !STREET_WORDS.has((tokens[tokens.length - 1] as Token).key)) return null;
  const states = new Set<string>();
  for (const t of names) {
    const city = getGazetteer().places.get(t.key)?.city;
    const areas = city ? city.districts.map((d) => directoryDistricts().get(d) ?? "") : PEOPLE.has(t.key) ? [] : directoryAreas(placeNameKey(t.key)).map((a) => a.state);
    const one = only(areas);
    if (!one) return null;
    states.add(one);
  }
  const found = only(states);
  return found && inState(found, state) ? found : null;
}

/** What follows a locality's own name: "Kengeri Satellite Town", "Yelahanka New Town", "Banashankari II Stage", "Jayanagar 7th Block", "Andheri E", "Ambala Cantt". */
// prettier-ignore
const SUBDIVISION: ReadonlySet<string> = new Set([
  "stage", "block", "phase", "sector", "satellite", "town", "new", "old", "pocket", "ward", "cantt", "cant", "cantonment",
  "camp", "city", "sadar", "e", "w", "n", "s",
]);

/** A locality's division: "2nd", "Stage", "II", "East", "New Town" (see SUBDIVISION). */
const divides = (t: Token) => t.type === NUMBER || t.ordinal || ROMAN.has(t.key) || SUBDIVISION.has(t.key) || LOCALITY_TAIL.has(t.key);

/**
 * A locality and its divisions ending a longer name ("Near SBI Yelahanka New Town", "Ganesha Layout Srirampura 2nd
 * Stage", "Asalpha Ghatkopar West"): the word before the divisions, a post office's name as well as a town's.
 */
function dividedTail(tokens: readonly Token[], least: number): Named[] {
  let end = tokens.length;
  while (end > least + 1 && divides(tokens[end - 1] as Token)) end--;
  const last = tokens[end - 1];
  const before = tokens[end - 2]?.key ?? "";
  if (end === tokens.length || end - 1 < least || !last || last.type !== WORD || COMMON_WORDS.has(last.key) || ROAD_NAMES.has(last.key) || LANDMARK_NOUNS.has(last.key)) return [];
  return PEEL_BLOCKERS.has(before) ? [] : [{ name: last.key, tail: false }];
}

/**
 * A crossing named after the place it is in: "Jaitala Square", "Hosahalli Circle", "Kargahar More", "Chinchwad
 * Station"; and a bank's branch, named after its town ("Vepada Branch").
 */
const CROSSING: ReadonlySet<string> = new Set(["circle", "chowk", "chawk", "square", "more", "morh", "station", "branch", ...CROSSROADS]);

/** A gate or a fork named after the town its road leads to (`TOWARD_WORDS`): its state, never its district. */

/** A name to look up; `tail` ends a longer name (a town only), `toward` names where a road leads (its state only). */
interface Named {
  name: string;
  tail: boolean;
  toward?: boolean;
  /** The directory's town of that name, read as `Main Road, <town>` reads it: its areas, not a known city's districts. */
  town?: boolean;
  /** Written as a head office ("Udaipur H.O."): the head office of that name, and nothing where the directory has none. */
  head?: boolean;
}

/**
 * Words of four letters that are post offices of one district but that addresses write for something else: a crossing
 * in Bengal ("Station More"), a shop, a goddess's or a family's name ("Mata", "Khan"), a village's division or its
 * fields ("Chak", "Khas", "Khet"), a well, water.
 */
const FOUR_LETTER_WORDS: ReadonlySet<string> = new Set(["more", "shop", "mata", "khan", "chak", "khas", "khet", "kuan", "pani"]);

/** A post office's name this long names the place a crossing is named after; shorter ones are often people's ("Gandhi Chowk", "Azad Chowk"). */
const PLACE_OFFICE_LETTERS = 7;

/** People roads are named after, everywhere: a post office called "Gandhi" or "Pratap" is not where "Gandhi Road" is. */
// prettier-ignore
const PEOPLE: ReadonlySet<string> = new Set([
  "gandhi", "mahatma", "nehru", "jawahar", "jawaharlal", "patel", "sardar", "subhash", "subhas", "netaji", "tilak",
  "ambedkar", "shivaji", "pratap", "rajiv", "indira", "bhagat", "tagore", "vivekananda", "rajaji", "kamaraj",
  "periyar", "lajpat", "shastri", "gokhale", "ranade", "ashoka", "irwin", "curzon", "ripon", "elgin", "napier",
]);

/**
 * The first word, then the first two, of a locality's name when the rest only divides it (numbers, "Stage", "East",
 * "New Town"); the first word when the rest names a crossing there and the word is a town or a post office of at
 * least seven letters ("Jaitala Square"; "Airport Junction" is named after what is there, so no junctions).
 */
function headNames(tokens: readonly Token[], crossings: boolean): Named[] {
  const out: Named[] = [];
  for (let n = 1; n <= 2 && n < tokens.length; n++) {
    const head = tokens.slice(0, n);
    const rest = tokens.slice(n);
    const kind = officeKind(rest);
    const headOffice = kind !== null && HEAD_KINDS.has(kind);
    // Before "H.O." a name is read only as a head office's, so an address word may be part of it ("Krishna Nagar H.O.",
    // "Mandi H.O.").
    if (!head.every((t) => t.type === WORD && (!COMMON_WORDS.has(t.key) || headOffice))) break;
    const name = head.map((t) => t.key).join(" ");
    const end = (rest[0] as Token).key;
    // In a landmark, only a gate or fork named after a town ("Near Mumbai Naka"; "Near Bhagal Darwaja" is no office's).
    const named = n === 1 && rest.length === 1 && (TOWARD_WORDS.has(end) || (crossings && CROSSING.has(end)));
    // The directory is asked only after a crossing's word: most names end in none.
    const key = named ? placeNameKey(name) : "";
    const crossing = named && ((crossings && key.length >= PLACE_OFFICE_LETTERS) || !!townNamed(key) || !!getGazetteer().places.get(name)?.city);
    // Not "Nagar" or "Colony": "Tirupati Nagar" is a locality named after a town, anywhere.
    if (rest.every(divides) || crossing || kind) out.push({ name, tail: false, toward: crossing && TOWARD_WORDS.has(end), head: headOffice });
  }
  return out;
}

/** An office's kind written after its name, as the directory writes it ("Tekkali H.O.", "Peenya S.O", "Kolkata GPO"). */
const OFFICE_KINDS: ReadonlySet<string> = new Set([...HEAD_KINDS, "so", "bo"]);
function officeKind(rest: readonly Token[]): string | null {
  const kind = rest.length === 1 ? (rest[0] as Token).key : rest.length === 2 ? `${(rest[0] as Token).key}${(rest[1] as Token).key}` : "";
  return OFFICE_KINDS.has(kind) ? kind : null;
}

/** The last word, then the last two, of a name of several words (a direction after it aside), never before `least`. */
function tailNames(tokens: readonly Token[], least: number): string[] {
  let end = tokens.length;
  while (end > least + 1 && LOCALITY_TAIL.has((tokens[end - 1] as Token).key)) end--;
  const out: string[] = [];
  for (let n = 1; n <= 2 && end - n >= least; n++) {
    const words = tokens.slice(end - n, end);
    // "Opposite Bank of Baroda": a name after "of", "near" or a marker is no place of the address; a station's is.
    const before = tokens[end - n - 1]?.key ?? "";
    if (words.length === tokens.length || (PEEL_BLOCKERS.has(before) && before !== "station")) break;
    if (!words.every((t) => t.type === WORD && !COMMON_WORDS.has(t.key) && !ROAD_NAMES.has(t.key) && !LANDMARK_NOUNS.has(t.key))) break;
    out.push(words.map((t) => t.key).join(" "));
  }
  return out;
}

/** A place in `placeState` fits the written state: the same, or the state it was split from ("AP" for a Telangana town). */
function inState(placeState: string, written: string | null): boolean {
  return !written || placeState === written || SPLIT_FROM[placeState] === written;
}

let cityStateOffices: Map<string, string[]> | null = null;

/** A name inside one of the post-office names of Delhi, Chandigarh or Puducherry ("ambedkarnagar" in "Dr. Ambedkar Nagar"). */
function cityStateOffice(key: string, state: string): boolean {
  if (!cityStateOffices) {
    cityStateOffices = new Map();
    for (const rec of directoryRecords()) {
      if (!CITY_STATES.has(rec.entry.state)) continue;
      const list = cityStateOffices.get(rec.entry.state) ?? [];
      list.push(...officeNameKeys(rec));
      cityStateOffices.set(rec.entry.state, list);
    }
  }
  return key.length >= 4 && (cityStateOffices.get(state) ?? []).some((office) => office.includes(key));
}

/** A town named after its railway station ("Nashik Road", "Pendra Road") reads as a street. */
function isStationTown(c: Chunk): boolean {
  const [first, road] = c.tokens;
  return c.kind === "street" && c.tokens.length === 2 && road?.key === "road" && !!first && !ROAD_NAMES.has(first.key) && !!townNamed(placeNameKey(nameOf(c)));
}

/** Roads named after what is on them, found in every town: "Railway Road" is no station town. */
// prettier-ignore
const ROAD_NAMES: ReadonlySet<string> = new Set([
  "railway", "station", "main", "link", "ring", "college", "hospital", "church", "temple", "mall", "court", "market",
  "canal", "bank", "circular", "new", "old", "grand", "trunk", "gt", "mg", "park", "club", "school", "jail", "fort", "bazar",
  "gate", "naka", "phata",
]);

/** Address words that are also the names of towns or sub-districts somewhere. */
const COMMON_WORDS: ReadonlySet<string> = new Set([...BUILDING_WORDS, ...STREET_WORDS, ...LOCALITY_WORDS, ...LOCALITY_TAIL, ...CROSSROADS, "city", "rural", "urban", "sadar"]);

/** A place this close to the pincode's centre may be written with it (a town across a district border). */
const NEAR_PINCODE_KM = 50;

/** A pincode in `rec`'s district(s) or within 50 km of it. */
function nearPincode(r: PincodeRecord | null, rec: PincodeRecord): boolean {
  return !!r && (r.districts.some((d) => rec.districts.includes(d)) || distanceKm(r.entry.lat, r.entry.lng, rec.entry.lat, rec.entry.lng) < NEAR_PINCODE_KM);
}

/**
 * Whether a name is a place near the pincode: a town or sub-district of its district(s), or one whose
 * pincodes (or a post office of that name) lie within 50 km of it.
 */
function placeNearPincode(key: string, rec: PincodeRecord): boolean {
  const town = townNamed(key);
  if (town?.areas.some((a) => rec.districts.includes(a.district))) return true;
  if (town?.codes.some((code) => nearPincode(pincodeRecord(code), rec))) return true;
  return recordsNamed(key).some((r) => nearPincode(r, rec));
}

/** Cities whose districts are equals: none is "the" district without a locality to say which. */
const SPREAD: ReadonlySet<string> = new Set(["Delhi", "New Delhi"]);

/** The district and state one name of `placeArea` gives within the `written` state. */
function readPlace(k: number, name: string, written: string | null, village: boolean, district: string | null): { d: string | null; s: string | null } {
  const districtStates = directoryDistricts();
  // A village or post office is read as an office's name only: villages share their names with towns.
  const def = (village && k === 0) || (!written && !district && everywhereName(placeNameKey(name))) ? undefined : getGazetteer().citiesByName.get(name);
  const fromCity = def ? def.districts.filter((d) => inState(districtStates.get(d) ?? "", written)) : [];
  // A known city is that city: a post office of the same name elsewhere is not what the buyer meant.
  let offices = (def?.curated ? [] : directoryAreas(placeNameKey(name))).filter((a) => inState(a.state, written) && (!district || a.district === district));
  // A district's headquarters (`DISTRICT_CITY`: Himmatnagar, Vijayapura) is a town, and outranks post offices of its
  // name in other states as a directory town does; a directory town of its name in another state is another place
  // (Rudrapur), and then nothing decides between the two.
  const cityStates = fromCity.map((d) => districtStates.get(d));
  if (def && fromCity.length > 0 && offices.length > 0 && !offices.some((a) => cityStates.includes(a.state))) {
    if (townNamed(placeNameKey(name))) return { d: null, s: null };
    offices = [];
  }
  // A metro spread over several districts is in its first (main) one unless a locality says otherwise.
  const main = def?.curated && !SPREAD.has(def.name) ? (fromCity[0] ?? null) : null;
  const d = fromCity.length > 0 && def?.curated ? main : (only(offices.map((a) => a.district)) ?? (fromCity.length > 0 ? only(fromCity) : areaDistrict(placeNameKey(name), offices)));
  // Two states have a district of one name (Bilaspur, Aurangabad): the place's own state first.
  const s =
    (d && offices.length > 0 ? only(offices.map((a) => a.state)) : null) ??
    (d ? (districtStates.get(d) ?? null) : only([...fromCity.map((x) => districtStates.get(x)), ...offices.map((a) => a.state)]));
  return { d, s: s ?? null };
}

/**
 * Without a pincode, the district and state a written place stands for, when the directory knows
 * it as one place (within the written state): a city, a district, or a post office's name.
 */
function placeArea(names: string[], village: boolean, state: string | null, district: string | null): { district: string | null; state: string | null } {
  // The state first, from whichever name gives one; then the district within it (the same answer in any order of names).
  if (!state) for (const [k, name] of names.entries()) if ((state = readPlace(k, name, null, village, district).s)) break;
  if (!district) for (const [k, name] of names.entries()) if ((district = readPlace(k, name, state, village, district).d)) break;
  return { district, state: state ?? (district ? districtState(district) : null) };
}

/**
 * Old postal zones: before 1972 a city's zone number was its pincode ("Delhi-24" is 110024, "Jaipur - 1"
 * 302001). The first three digits of each city's pincodes; the code is taken only where the directory has
 * it in that city.
 */
// prettier-ignore
const ZONE_PREFIX: Record<string, string> = {
  delhi: "110", "new delhi": "110", chennai: "600", madras: "600", bangalore: "560", bengaluru: "560", hyderabad: "500",
  secunderabad: "500", jaipur: "302", kolkata: "700", calcutta: "700", mumbai: "400", bombay: "400", pune: "411",
  poona: "411", ahmedabad: "380", lucknow: "226", kanpur: "208", nagpur: "440", coimbatore: "641", madurai: "625",
  vadodara: "390", baroda: "390", surat: "395", indore: "452", bhopal: "462", patna: "800", chandigarh: "160",
  ludhiana: "141", amritsar: "143", howrah: "711", trivandrum: "695", thiruvananthapuram: "695", cochin: "682",
  ernakulam: "682", mysore: "570", mysuru: "570", agra: "282", varanasi: "221", allahabad: "211", guwahati: "781",
  bhubaneswar: "751", ranchi: "834", dehradun: "248", raipur: "492", gwalior: "474", jabalpur: "482", nashik: "422",
  rajkot: "360", meerut: "250", jodhpur: "342", visakhapatnam: "530", vijayawada: "520", tiruchirappalli: "620",
};
/** A character the tokenizer drops (not a letter, a digit, "#", "&", a full stop, a separator or a space): the line loses it. */
const DROPPED = String.raw`[^a-z0-9\u0080-\uffff#&.,;|()[\]{}<>\s]`;
/** Dropped characters and spaces. */
const GAP = String.raw`[^a-z0-9\u0080-\uffff#&.,;|()[\]{}<>]`;
/**
 * What ends a zone's number: the end of the part (a separator of the parser's, brackets included, a full stop, or a "#"
 * opening a house number: "Bangalore 12 #4") after characters the line drops ("Bangalore 1=,"), or those characters
 * before more words ("Bangalore 1 - Post Bhojipura", "Bangalore 1:-Post"): the line writes "Bangalore 1," each time.
 * Not a hyphen or slash joining the number to what follows ("Bangalore 1/A" is one token), nor a space alone
 * ("Bangalore 3rd Cross").
 */
const ZONE_END = String.raw`(?=${GAP}*(?:[,;|()[\]{}<>#]|\.(?!\d)|$)|(?![-/][a-z0-9])\s*${DROPPED}${GAP}*(?!\d))`;
const ZONE_ENDS = new RegExp(`^${ZONE_END}`, "i");
/** A zone's number before a space and more words: the zone's end is then read from what follows (`opensPart`). */
const ZONE_OR_WORDS = String.raw`(?:${ZONE_END}|(?=\s+[a-z]))`;
/** Markers whose part the parser opens after the name before them: a landmark, a care-of name, a village, post, taluk or district. */
const PART_MARKERS: ReadonlySet<MarkerKind> = new Set(["landmark", "recipient", "village", "post", "tehsil", "district"]);

/** One or two words after a zone's number, where the part may end. */
const NAME_AFTER_ZONE = /^(\s+([a-z]+))(\s+[a-z]+)?/i;

/**
 * The text after a zone's number opens a part of its own ("Bangalore 1 Post Bhojipura", "Delhi 6 Opp. Jama Masjid"): a
 * marker, or a city's name alone up to the part's end, which the parser takes off as the city ("Hyderabad 5
 * Secunderabad,"). The line then writes "Bangalore 1," and its next reading ends the zone at the comma. A marker with
 * no value after it labels the name before it ("Bangalore 1 Post"), which the line writes after the label ("Post
 * Bangalore 1"), where the text's end ends the zone.
 */
function opensPart(after: string): boolean {
  const tokens = tokenize(after.slice(0, 40));
  const m = MARKERS.match(tokens, 0);
  // A house number or a floor opens a part too ("Bangalore 1 Flat 4B", "Delhi 6 House No 12", "Chennai 12 Ground Floor").
  if (m?.value.kind === "floor" || (m?.value.kind === "house" && tokens[m.length]?.type === NUMBER)) return true;
  if (m) return PART_MARKERS.has(m.value.kind) && MARKERS.match(tokens, m.length) === null;
  const words = NAME_AFTER_ZONE.exec(after);
  if (!words) return false;
  const places = getGazetteer().places;
  const one = words[1] as string;
  if (words[3] && places.get(`${words[2]} ${words[3].trim()}`.toLowerCase())?.city && ZONE_ENDS.test(after.slice(words[0].length))) return true;
  return !!places.get((words[2] as string).toLowerCase())?.city && ZONE_ENDS.test(after.slice(one.length));
}

/** A zone city, then one or two digits (or a zero and two) ending the part: "Delhi-24", "Chennai - 45", "Kol-045". */
/** Between a zone city and its number: characters the line drops, and full stops ("Bangalore. !1", "Delhi-24"). */
const ZONE_GAP = String.raw`[^a-z0-9\u0080-\uffff#&,;|()[\]{}<>]*`;
const POSTAL_ZONE = new RegExp(String.raw`\b(new delhi|[a-z]+)${ZONE_GAP}(\d{1,2}|0\d\d)${ZONE_OR_WORDS}`, "gi");
/** Cities as banks shorten them before a zone number ("Kol-25"); written out where the zone is taken. */
const ZONE_CITY_SHORT: Readonly<Record<string, string>> = { kol: "Kolkata", cal: "Calcutta", hyd: "Hyderabad", bom: "Bombay" };
/** The same pattern with a zone city's name (or its short form) for the word: text it does not match has no postal zone. */
const POSTAL_ZONE_HINT = new RegExp(`\\b(?:${[...Object.keys(ZONE_PREFIX), ...Object.keys(ZONE_CITY_SHORT)].join("|")})${ZONE_GAP}(?:\\d{1,2}|0\\d\\d)${ZONE_OR_WORDS}`, "i");

/** A word, then a pincode a digit short or long (or its label alone, the digits taken for a phone). */
const MALFORMED_PINCODE = /\b([a-z]+)(?:[-:/\\.\s]*(?:\b(pin(?:\s?code)?)\b\.?\s?[:;-]?\s?(?:\d{5}|\d{7}|\d{3} \d{4})?|\d{5}|\d{7}|\d{3} \d{4})(?!\d))+/gi;
/** A zero ending the text after a place ("…, Ballia, Uttar Pradesh 0"): a list's empty pincode field, no number of the address. */
const EMPTY_PINCODE = /((?:[A-Za-z]+ ){0,2}[A-Za-z]+)[\s,.-]+0+[\s,.;-]*$/;

function withoutEmptyPincode(text: string): string {
  const m = /0[\s,.;-]*$/.test(text) ? EMPTY_PINCODE.exec(text) : null;
  if (!m) return text;
  const words = (m[1] as string).toLowerCase().split(" ");
  // The place's name, of one to three words ("Uttar Pradesh"); "Sector 0" keeps its number.
  const place = words.some((_, k) => getGazetteer().places.has(words.slice(k).join(" ")));
  return place ? text.slice(0, m.index + (m[1] as string).length) : text;
}

/** What every malformed pincode contains: its label or five digits in a row. */
const MALFORMED_PINCODE_HINT = /pin|\d{5}|\d{3} \d{4}/i;

/**
 * A pincode written a digit short or long after a city or town ("Cuddapah-51604", "Hyderabad PIN 5000172") is no
 * pincode a courier can use, and glued to the place it hides it; it goes, as a phone number does. After any
 * other word the number stays ("Flat 10203").
 */
function withoutMalformedPincode(text: string): string {
  if (!MALFORMED_PINCODE_HINT.test(text)) return text;
  return text.replace(MALFORMED_PINCODE, (all: string, word: string, label: string | undefined, at: number) => {
    const key = word.toLowerCase();
    // A label after a district's or sub-district's marker goes too ("Aurangabad Dist PIN"): the marker ends its
    // place's field, the label none.
    const marker = !!label && (DISTRICT_MARKER.test(key) || SUBDISTRICT_MARKER.test(key));
    // The place may be of two or three words, or begin with an initial ("Araku Valley", "V. Madugula").
    const before = (text.slice(0, at).match(MALFORMED_PLACE_BEFORE)?.[0] ?? "")
      .toLowerCase()
      .split(/[\s.]+/)
      .filter(Boolean);
    const names = before.map((_, k) => [...before.slice(k), key].join(" ")).concat(key);
    return marker || names.some((name) => placeBeforeMalformed(name, !!label || /\d{7}/.test(all))) ? word : all;
  });
}

/** Up to two words (or initials) before the word that a malformed pincode follows. */
const MALFORMED_PLACE_BEFORE = /(?:\b[a-z]+(?:\.\s*|\s+)){1,2}$/i;

/**
 * Whether a malformed pincode after `name` goes: the name is a known city or a directory town; labelled, or of seven
 * digits, it is a pincode after any post office's name too ("Dhurkheda PIN 4254009").
 */
function placeBeforeMalformed(name: string, labelled: boolean): boolean {
  const key = placeNameKey(name);
  if (getGazetteer().places.get(name)?.city || townNamed(key)) return true;
  return labelled && key.length >= 4 && !COMMON_WORDS.has(name) && recordsNamed(key).length > 0;
}

function postalZone(text: string): { text: string; pincode: string } | null {
  if (!POSTAL_ZONE_HINT.test(text)) return null;
  for (const m of text.matchAll(POSTAL_ZONE)) {
    const written = m[1] as string;
    const name = ZONE_CITY_SHORT[written.toLowerCase()] ?? written;
    const prefix = ZONE_PREFIX[name.toLowerCase()];
    if (!prefix) continue;
    const after = text.slice(m.index + m[0].length);
    if (!ZONE_ENDS.test(after) && !opensPart(after)) continue;
    const code = prefix + (m[2] as string).padStart(3, "0");
    const rec = pincodeRecord(code);
    const city = getGazetteer().places.get(name.toLowerCase())?.city;
    if (!rec || !city || !cityMatchesRecord(city, rec)) continue;
    return { text: text.slice(0, m.index) + name + text.slice(m.index + m[0].length), pincode: code };
  }
  return null;
}

let gluedState: RegExp | null = null;
/** Any state's name `gluedState` reads. */
let stateNamed: RegExp | null = null;
let stateLabel: RegExp | null = null;

/** Every state's name and short form as alternatives of a pattern, a space in one optional ("Tamil Nadu", "TamilNadu"). */
function stateAliasPattern(): string {
  return stateAliasEntries()
    .map(([alias]) => alias.replace(/[^a-z& ]/g, "").replace(/ /g, "\\s?"))
    .join("|");
}

/**
 * A "State:" label before the state ("Dist-Nadia State: West Bengal", "State- WB"): a field's label, as a form
 * prints it, no word of a place. Read as one, it ended the district ("Nadia State") or stood as a locality. It
 * becomes the part's end. Only with ":" or "-" and a state's name or abbreviation after it ("State Bank" stays).
 */
function dropStateLabel(text: string): string {
  stateLabel ??= new RegExp(`(?<![a-z])state ?[:-]+ ?(?=(?:${stateAliasPattern()})(?![a-z]))`, "gi");
  return text.replace(stateLabel, ", ");
}

/**
 * A state's name glued to the place or the pincode before it ("Dist. Dumkajharkhand", "Kolkata 700 026West
 * Bengal", "Baripadaorissa"), or to the "PIN" label after it ("UTTAR PRADESHPIN CODE"): lists built by joining
 * fields lose the space. Split before only after digits or a name the directory knows, so a word that merely ends
 * like a state stays whole.
 */
function unglueStates(text: string): string {
  if (!gluedState || !stateNamed) {
    const names = stateAliasEntries()
      .filter(([alias, def]) => !def.abbreviation && alias.replace(/[^a-z]/g, "").length >= 6)
      .map(([alias]) => alias.replace(/[^a-z ]/g, "").replace(/ /g, "\\s?"))
      .join("|");
    // The name before starts where its run of letters starts: tried from inside a run too, the pattern would be
    // quadratic in the run's length ("a" × 280), and a match inside a run implies one from its start.
    gluedState = new RegExp(`((?<![a-z])[a-z]{3,}|\\d)?(${names})(pin(?:code)?)?(?![a-z])`, "gi");
    stateNamed = new RegExp(names, "i");
  }
  // Most addresses name no state (three in four of the bench's): the pattern above, which tries each word's every end
  // before a state's name, costs twice the plain search for one.
  if (!stateNamed.test(text)) return text;
  return text.replace(gluedState, (all: string, before: string | undefined, state: string, pin: string | undefined, at: number) => {
    const after = pin ? ` ${pin}` : "";
    if (before === undefined) return pin ? `${state}${after}` : all;
    const key = placeNameKey(before);
    const known = /\d/.test(before) || !!getGazetteer().places.get(key) || isDirectoryName(key) || endsInTown(key) || isDirectoryName(wordBefore(text, at) + key);
    // A place whose own name ends like a state is that place ("Karanaipuduchery", a village of Kancheepuram).
    const whole = placeNameKey(before + state);
    return known && !townNamed(whole) && recordsNamed(whole).length === 0 ? `${before} ${state}${after}` : `${before}${state}${after}`;
  });
}

/**
 * The word (lower case) one space before `at` in `text`, or "": the first word of a place of two words whose second
 * the run at `at` starts ("RAMPUR COLLIERYORISSA": the office Rampur Colliery, then the state).
 */
function wordBefore(text: string, at: number): string {
  if (at < 2 || text.charCodeAt(at - 1) !== 32) return "";
  let start = at - 1;
  while (start > 0 && at - start <= GLUED_RUN && isLetterAt(text, start - 1)) start--;
  return text.slice(start, at - 1).toLowerCase();
}

/** The longest run of letters read as names glued together: a longer one is left whole (the scans stay short). */
const GLUED_RUN = 40;

/**
 * Whether a run of letters (a key of 40 letters at most) ends in a town's name of five letters or more after three
 * letters or more: two fields glued before the state ("STATION ROADKATNIMADHYA PRADESH"), which `unglueTowns` splits.
 */
function endsInTown(key: string): boolean {
  if (key.length > GLUED_RUN) return false;
  for (let i = 3; i <= key.length - 5; i++) if (gluedTownKeys().has(key.slice(i))) return true;
  return false;
}

/**
 * A mandal's markers, short forms too, a list glues to its district's name after the mandal's place and a space, longest
 * first. "Mandalam" and "Man" are left out: these readers never took them, and making the lists one changed no output.
 */
const SPACED_MANDAL_MARKERS: readonly string[] = [...MANDAL_MARKERS, ...MANDAL_SHORT_FORMS].filter((m) => m !== "mandalam" && m !== "man").sort((a, b) => b.length - a.length);
/**
 * Those a list glues to a name with no space (between a mandal's place and its district's name, before a post office or
 * town): not "M" or "Ma", which start many names and inside a run of letters would split them ("Md" hardly any has).
 */
const GLUED_MANDAL_MARKERS: readonly string[] = SPACED_MANDAL_MARKERS.filter((m) => m !== "m" && m !== "ma");

/** Markers a list glues to the post office or town after them ("PSTANUKU", "PEDANA MANDALGUDUR"). */
// prettier-ignore
const GLUED_MARKER_WORDS: ReadonlySet<string> = new Set([
  "rd", "off", "po", "vpo", "ps", "tq", "taluk", "taluka", "tehsil", "block", "via", "dist", "distt", "district", ...GLUED_MANDAL_MARKERS, "village",
]);
/**
 * Those and address words a list glues to the post office or town after them: "CHURCH STREETTENALI",
 * "MAIN RDTANUKU", "GUNTUR DISTTENALI".
 */
const GLUED_BEFORE_OFFICE: ReadonlySet<string> = new Set([
  ...GLUED_MARKER_WORDS,
  ...[...STREET_WORDS, ...BUILDING_WORDS].filter((w) => w.length >= 4),
  ...["station", "stand", "theatre", "theater", "campus", "office", "bank", "branch", "floor", "junction", "university", "quarter"],
  // Banks' initials, whose branch is named after the place glued on ("OPP SBIKONDAPURAM").
  ...["sbi", "dccb"],
  // Crossroads' words, and street words a list cut short ("NATIONAL HIGHWA…", "… STREE…").
  ...CROSSROADS,
  ...["highwa", "stree", "stre"],
]);
/**
 * Those and a locality's words, glued to the town after them ("SAI GARDENSTENALI"): many villages' own
 * names start with a locality's word ("Para…", "Nagar…"), so after one only a town is split off.
 */
const GLUED_BEFORE_TOWN: ReadonlySet<string> = new Set([...GLUED_BEFORE_OFFICE, ...[...LOCALITY_WORDS].filter((w) => w.length >= 3)]);
/** Markers a list glues to the place before them: "MANCHERIALPIN- 504 208", "CHEBROLUDIST", "TANUKUVIA", "BHIMAVARAMWEST GODAVARI". */
// prettier-ignore
const GLUED_AFTER_PLACE_LIST: readonly string[] = [
  "pincode", "pin", "district", "distt", "dist", ...MANDAL_MARKERS, "via", "branch", "post", "west", "east", "north", "south",
  ...ESTATES,
];
/**
 * Address words that start no place's name: a list's field ends with them, so a name of six letters or more glued
 * after one is split off even where the directory does not know it ("MAIN ROADSITARAMPETA"); so is a street's word a
 * list cut short ("TEMPLE STREECHANDOLU").
 */
// prettier-ignore
const GLUED_BEFORE_NAME: readonly string[] = [
  "road", "street", "lane", "station", "stand", "theatre", "theater", "junction", "floor", "complex", "building", "towers",
  "tower", "arcade", "apartments", "apartment", "highway", "highwa", "chowrasta", "stree", "stadium",
];
/** A sub-district's marker: two places glued before it are a village and its sub-district ("KUMUDAVALLIBHIMAVARAM MANDAL"). */
const SUBDISTRICT_MARKER = new RegExp(`^[\\s.,:-]*(?:${MANDAL_MARKERS.join("|")}|tq|taluk|taluka|tehsil)\\b`, "i");
/** A district's marker: the name glued before it ends in the district's ("SITARAMPETAKRISHNA DIST"). */
const DISTRICT_MARKER = /^[\s.,:-]*(?:dist|distt|district|dt)\b/i;
/** A district's marker right after the run, which is then the district's name ("PRODDATURKADAPA DIST"; not "VAPIGIDC, DIST"). */
const DISTRICT_NAME_MARKER = /^[\s.]+(?:dist|distt|district|dt)\b/i;
/** An abbreviation's second initial follows ("KAVI NAGAR, GHAZIABADU.P.", "BHIMAVARAMW G DIST"). */
const INITIAL_AFTER = /^(?:\.[A-Za-z]\.|\s[A-Za-z]\s+(?:dist|dt)\b)/i;

let townKeys: Set<string> | null = null;
/** The fewest letters of a district's or gazetteer city's name in `bigPlaceKeys`. */
const BIG_PLACE_LETTERS = 7;
/** The districts' and gazetteer cities' names of seven letters or more: what a list appends to a name it does not know. */
let bigPlaceKeys: Set<string> | null = null;
/**
 * The lengths of the names that may follow a split (towns, and post offices of four letters or more), by their last
 * four letters: every split of a word ends in the word's own last four.
 */
let townEndings: Map<string, NameLengths> | null = null;

/** A set of names' lengths (under 64: the directory's longest name has 41 letters), as bits: 16,000 of them, a Set each weighed ten times as much. */
class NameLengths {
  private low = 0;
  private high = 0;

  add(n: number): void {
    if (n < 32) this.low |= 1 << n;
    else if (n < 64) this.high |= 1 << (n - 32);
  }

  has(n: number): boolean {
    return n < 0 ? false : n < 32 ? ((this.low >>> n) & 1) === 1 : n < 64 && ((this.high >>> (n - 32)) & 1) === 1;
  }
}
/** The words that come before a town's name (seven letters or more) in some post office's own name ("chinna", "paschim"). */
let namePrefixKeys: Set<string> | null = null;

/**
 * Every name of five letters or more (`placeNameKey`) of a directory town or sub-district, a district or a
 * gazetteer city, address words aside: what may follow a split.
 */
function gluedTownKeys(): Set<string> {
  if (!townKeys) {
    townKeys = new Set();
    const big = new Set<string>();
    for (const key of directoryTowns().keys()) townKeys.add(key);
    for (const district of directoryDistricts().keys()) big.add(placeNameKey(district));
    for (const [name, def] of getGazetteer().places) if (def.city) big.add(placeNameKey(name));
    for (const key of big) townKeys.add(key);
    bigPlaceKeys = new Set([...big].filter((key) => key.length >= BIG_PLACE_LETTERS && !COMMON_WORDS.has(key)));
    for (const key of townKeys) if (key.length < 5 || COMMON_WORDS.has(key)) townKeys.delete(key);
    const endings = new Map<string, NameLengths>();
    const add = (key: string) => {
      let lengths = endings.get(key.slice(-4));
      if (!lengths) endings.set(key.slice(-4), (lengths = new NameLengths()));
      lengths.add(key.length);
    };
    for (const key of townKeys) add(key);
    namePrefixKeys = new Set();
    shortTowns = new Set();
    for (const key of directoryTowns().keys()) if (key.length === 4 && !COMMON_WORDS.has(key)) shortTowns.add(key);
    for (const [key] of officeNames()) {
      if (key.length > 4) shortTowns.delete(key.slice(-4));
      if (!isOfficeKey(key)) continue;
      add(key);
      // The word before a town's name in an office's own name ("Paschim…", "Chinna…", "Collectorate…").
      for (let i = TEXT_AREA_PREFIX_LETTERS; i <= key.length - TEXT_AREA_TOWN_LETTERS; i++) {
        if (townKeys.has(key.slice(i))) {
          namePrefixKeys.add(key.slice(0, i));
          break;
        }
      }
    }
    townEndings = endings;
  }
  return townKeys;
}

/** A post office's name of four letters or more that is no address word. */
const isOfficeKey = (key: string) => key.length >= 4 && !COMMON_WORDS.has(key) && !GLUED_BEFORE_TOWN.has(key) && recordsNamed(key).length > 0;

/** A town (as `gluedTownKeys`), or a post office's name. */
const isDirectoryPlaceKey = (key: string) => gluedTownKeys().has(key) || recordsNamed(key).length > 0;
/** The same, of five letters or more. */
const isPlaceKey = (key: string) => key.length >= 5 && isDirectoryPlaceKey(key);

/**
 * The village-and-post marker a list glues to the office's name with no stop ("V&POBARHNI", "AT/POBARHNI",
 * "AT/POSTBARHNI", "POSTBARHNI", "VILL&PO Barhni", "VPOMOKHASA LINGALAVALASA"): split where the first word after it, or the field from it, is a
 * place the directory knows (the office's name may be of several words, which `unglueTowns` does not read) and the
 * word with the marker's "PO" is none ("AT/POKARAN" is At Pokaran; "AT/POLICE LINE", "AT/POST" stay whole).
 */
const GLUED_POST_MARKER = /(?<![a-z])((?:vill|village|v|at)\s?[&/]\s?po(st)?|vpo|po(st))([a-z]+)([^,;\d]*)/gi;

function unglueGluedPostMarker(text: string): string {
  return text.replace(GLUED_POST_MARKER, (whole, marker: string, post: string | undefined, bare: string | undefined, word: string, rest: string, at: number) => {
    // "POST" alone opens its field: after a word it is that word's office's marker ("KONDAPURAM POSTNANDYAL TQ").
    if (bare && !startsField(text, at)) return whole;
    const key = word.toLowerCase();
    // After "POST" a short word alone is more often the word's own end ("AT/POSTMAN", "POSTAL") than an office.
    const alone = isDirectoryPlaceKey(key) && key.length >= (bare ? 5 : post ? 4 : 0);
    if (isPlaceKey(`po${post ?? bare ?? ""}${key}`.toLowerCase()) || !(alone || isDirectoryPlaceKey(placeNameKey(word + rest)))) return whole;
    return `${marker} ${word}${rest}`;
  });
}

/**
 * Two names glued where a list joined its fields: a town or post office after an address word or a marker
 * ("ROADMARKAPUR", "GUNTUR DISTTENALI"), a district or town after a place ("JAGTIALKARIMNAGAR", "PARKALWARANGAL"),
 * a marker after a place ("MANCHERIALPIN", "TANUKUVIA"), a name before its district's marker ("SITARAMPETAKRISHNA
 * DIST"), and an abbreviation's first initial after a place ("GHAZIABADU.P."). Only a word the directory does not
 * know whole (alone or after the word before it) is split, where both sides are what they must be; a word typed
 * in capitals and small letters only where a capital follows a small letter ("Church StreetTenali").
 */
function unglueTowns(text: string): string {
  // Where the text is cut, and what goes between: joined at the end (no closure per call: the dev loader names each one).
  const cuts: Array<[number, string]> = [];
  let start = 0;
  let upper = 0;
  // Where a capital follows a small letter in the run (0: nowhere; -1: in more places than one).
  let turn = 0;
  // Where the word before, one space away, starts (-1: none).
  let before = -1;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && isLetterAt(text, i)) {
      if (text.charCodeAt(i) < 97) {
        upper++;
        if (i > start && text.charCodeAt(i - 1) >= 97) turn = turn === 0 ? i - start : -1;
      }
      continue;
    }
    const length = i - start;
    // A town or post office glued to the number before it ("Sector 62Noida", "Plot 12Airoli"): a space between.
    if (length >= 5 && start > 0 && digitAt(text, start - 1)) {
      const key = text.slice(start, i).toLowerCase();
      if (!COMMON_WORDS.has(key) && isPlaceKey(key)) cuts.push([start, " "]);
    } else if (length >= 2 && gluedPincodeBefore(text, start)) cuts.push([start, " "]);
    // A street's or landmark's first word glued to the house number before it ("4-12MAIN ROAD", "7-3NEAR").
    else if (length >= 3 && length <= 8 && start > 0 && digitAt(text, start - 1) && NUMBER_GLUED_WORDS.has(text.slice(start, i).toLowerCase())) cuts.push([start, " "]);
    // A district's initials glued to its marker ("WGDT", "EGDIST"): read as the district, not a place of that name.
    // So with a town of that district glued before them ("KAKINADAEGDT"): the town, then the district.
    let districtCut = false;
    // Every marker ends in "t": most runs are ruled out before a string is made.
    if (length >= 4 && length <= GLUED_RUN && (text.charCodeAt(i - 1) | 32) === 116) {
      const run = text.slice(start, i).toLowerCase();
      const marker = gluedDistrictInitials(run.slice(-INITIALS_MARKER_LETTERS));
      if (marker > 0) {
        const front = run.length - marker - 2;
        const district = DISTRICT_SHORT_FORMS[run.slice(front, front + 2)];
        const inDistrict = (town: string) => townNamed(town)?.areas.some((a) => a.district === district) ?? false;
        // A village's post office of that district is as good as a town ("…PEDAPUDIEGDT").
        const office = (name: string) => district !== undefined && isPlaceOfDistrict(name, district);
        // A word may be glued before the town too ("…FURNITURESKAKINADAEGDT"), as `townOfTextAreaAt` reads it.
        const word = front >= TEXT_AREA_TOWN_LETTERS + 1 && !isPlaceKey(run) && !office(run.slice(0, front)) ? townOfTextAreaAt(run.slice(0, front), inDistrict) : 0;
        if (front === 0 || (front >= 4 && !isPlaceKey(run))) {
          // Before a name the directory does not know, the initials and their marker still name the district.
          districtCut = front > 0;
          if (word > 0) cuts.push([start + word, ", "]);
          if (districtCut) cuts.push([start + front, ", "]);
          cuts.push([i - marker, " "]);
        }
      }
    }
    // A mandal's marker glued between its place and a district of two words or more ("KAKINADAMDEAST GODAVARI").
    if (!districtCut && length >= 8 && length <= GLUED_RUN && text.charCodeAt(i) === 32 && districtsByFirstWord().ends.has(lastLetters(text, i))) {
      const run = text.slice(start, i).toLowerCase();
      const mandal = mandalBeforeDistrictAt(run, text, i);
      if (mandal) {
        districtCut = true;
        cuts.push([start + mandal[0], " "]);
        cuts.push([start + mandal[1], mandal[1] - mandal[0] === 2 ? (upper === length ? "L, " : "l, ") : ", "]);
      }
    }
    // A mandal's marker glued to the first word of its district of two words or more, a space after the mandal's
    // place ("PEDAPUDI MAEAST GODAVARI", "KAKINADA MEAST GODAVARI"): the marker, then the district.
    if (!districtCut && before >= 0 && length >= 5 && length <= GLUED_RUN && text.charCodeAt(i) === 32 && districtsByFirstWord().ends.has(lastLetters(text, i))) {
      const marker = mandalMarkerBeforeDistrictAt(text.slice(start, i).toLowerCase(), text, start, i);
      if (marker > 0) {
        districtCut = true;
        cuts.push([start + marker, " "]);
      }
    }
    // Lists glue their fields in one case ("ROADMARKAPUR"); a word typed with capitals and small letters was
    // typed as one word ("Jawharsagar"), and is split only where a capital starts the name glued on.
    const oneCase = upper === 0 || upper === length;
    const only = oneCase ? 0 : turn || -1;
    let at = 0;
    let second = 0;
    let key = "";
    let subDistrict = false;
    let paired = false;
    let quarter = false;
    let textArea = false;
    let ownDistrict = false;
    let opener = false;
    if (length >= 6 && length <= GLUED_RUN && only >= 0 && !districtCut) {
      key = text.slice(start, i).toLowerCase();
      const after = text.slice(i, i + 12);
      // A name the directory does not know is split off a district or city only where it starts its field:
      // after another word it may be the end of that word's name, after a marker's dot any village's.
      // So is one glued before its sub-district's town and marker ("MARKAPURAMKUMUDAVALLI MANDAL").
      const district = before < 0 && (DISTRICT_MARKER.test(after) || SUBDISTRICT_MARKER.test(after));
      at = length >= 7 ? gluedAt(key, only, startsField(text, start), district, true) : 0;
      if (at > 0) second = gluedAt(key.slice(at), 0, false, false, false);
      // "P O HINDUPURP S PENUKONDA": the police station's "P" glued to the post office before it, as an initial is.
      else if ((INITIAL_AFTER.test(after) || initialOfTownAfter(text, i, key) || (key.endsWith("p") && POLICE_STATION_AFTER.test(after))) && !isPlaceKey(key) && isPlaceKey(key.slice(0, -1)))
        at = length - 1;
      else if (pairedMarker(text, start, key) && isPlaceKey(key.slice(1))) {
        at = 1;
        paired = true;
      } else if (length >= 10) {
        at = gluedNameAt(key, only, false);
        // A village and its sub-district glued after the street's word, the marker after ("MAIN ROADKOLANUGOPANNAPALEM MANDAL").
        if (at > 0 && only === 0 && SUBDISTRICT_MARKER.test(after) && !isPlaceKey(key)) second = gluedAt(key.slice(at), 0, false, false, false);
      }
      // A capital after a small letter marks where two words were joined ("TalukOffice", "SectorNoida"): one
      // known side is enough there.
      if (at === 0 && only > 0 && knownAtTurn(key, only)) at = only;
      // A village glued to its sub-district's name, which the directory spells otherwise, before the marker
      // ("VADLAMUDICHEBROLLU MANDAL", Chebrole's): the village starts its field (or follows a street's word).
      if (
        at === 0 &&
        length >= GLUED_VILLAGE_RUN &&
        only === 0 &&
        SUBDISTRICT_MARKER.test(after) &&
        (startsField(text, start) || (before >= 0 && GLUED_BEFORE_OFFICE.has(text.slice(before, start - 1).toLowerCase())))
      )
        at = villageBeforeSubDistrictName(key);
      // A town glued to its own district's name misspelt by a letter, the district's marker after ("PUNGANURCHITOOR DIST").
      // So is one glued to its own district's name, however short, or to its first word ("SHERGHATIGAYA DIST", "PRODDATURYSR KADAPA DIST").
      if (at === 0 && only === 0 && length >= 8) {
        const rest = wordsBeforeDistrictMarker(text, i);
        at = rest === null ? 0 : townBeforeOwnDistrictAt(key, rest);
        ownDistrict = at > 0;
      }
      // A district's or city's name glued to the name of a quarter, its word after ("VIZIANAGARAMSRINIVASA COLONY").
      if (at === 0 && only === 0 && length >= BIG_PLACE_LETTERS + QUARTER_NAME_LETTERS) {
        const word = quarterWordAfter(text, i);
        at = word ? townBeforeQuarterAt(key, word) : 0;
        quarter = at > 0;
      }
      // A town of the district or pincode the text writes, glued to a word that is no address word ("…RAMA ASRAMAMTENALI, GUNTUR DIST"),
      // or of the state written after it where the word is no place ("…RAMA TEMPLEMIRYALAGUDA, TELANGANA").
      if (at === 0 && only === 0 && length >= TEXT_AREA_TOWN_LETTERS + 1) {
        // A town of six letters ends many a word ("…TUTING", "…DARING"): with the state alone, only after a landmark's noun
        // ("…TEMPLEPALASA"). The district or pincode confirms a town of seven letters or more, or of four, as before.
        // Nor where a pincode is written (its district confirms, or nothing does), nor in a village's or post office's
        // name after its marker ("Vill & P.O. <word><town>"): villages' names are run together from others'.
        const inState = (town: string, word: string) =>
          town.length >= (LANDMARK_NOUNS.has(word) ? STATE_TOWN_LETTERS : TEXT_AREA_TOWN_LETTERS) &&
          !isDirectoryPlaceKey(word) &&
          text.search(PINCODE_WRITTEN) < 0 &&
          !RURAL_MARKER_BEFORE.test(text.slice(Math.max(0, start - RURAL_MARKER_REACH), start)) &&
          !nameWordKeys().has(key) &&
          townOfStateWrittenAfter(text, i, town);
        const inArea = (town: string) => (town.length !== STATE_TOWN_LETTERS && townOfTextArea(text, town)) || inState(town, key.slice(0, -town.length));
        at = townOfTextAreaAt(key, inArea, STATE_TOWN_LETTERS);
        textArea = at > 0;
      }
      // A taluk's or tehsil's marker glued to its sub-district's name ("TALCHALISGAON", "TEHNADBAI"), where that is a town
      // of the district or pincode the text writes: a place of the text's own area, not a name that starts "Tal".
      if (at === 0 && only === 0) {
        at = subDistrictAfterMarkerAt(key, text);
        opener = at > 0;
      }
      // A place's name written twice, spelt a letter apart from the directory's ("PENUGONDPENUGOND", Penugonda): the
      // sixth round's "TANUKUTANUKU", whose name the directory spells so.
      if (at === 0 && only === 0 && nearNameTwice(key)) at = length / 2;
      // A quarter's post office of the city or pincode written, glued after an address word ("COLONYAMEERPET, HYDERABAD").
      if (at === 0 && only === 0) {
        at = quarterOfCityAt(key, text, start, i);
        quarter = at > 0;
      }
      // Before a district's marker too, the name before its name is a place of its own ("PRODDATURKADAPA DIST").
      subDistrict = SUBDISTRICT_MARKER.test(after) || DISTRICT_NAME_MARKER.test(after);
    } else if (upper === 1 && turn === 0 && length >= 9 && length <= GLUED_RUN && text.charCodeAt(start) < 97) {
      // A word with only its first letter a capital was typed as one word ("Jawharsagar"), but for an address word
      // that starts no place's name glued to a town after it ("Stadiumgadag", "Roadnellore").
      key ||= text.slice(start, i).toLowerCase();
      // So is a quarter of the city or pincode written glued to any address word ("Colonyameerpet, Hyderabad").
      if (!COMMON_WORDS.has(key) && !isPlaceKey(key)) at = gluedNameAt(key, 0, true) || quarterOfCityAt(key, text, start, i);
      quarter = at > 0 && !GLUED_BEFORE_NAME.includes(key.slice(0, at));
    }
    // A town glued to the road, marg or chowk named after it ("Palwalroad", "HODALROAD"): that street.
    if (at === 0 && !districtCut && length >= 9 && length <= GLUED_RUN && (oneCase || (upper === 1 && turn === 0 && text.charCodeAt(start) < 97))) {
      key ||= text.slice(start, i).toLowerCase();
      at = townBeforeRoadAt(key);
    }
    // The last word of a post office's name of two words is that name ("Farkana Gangagarhi", 203129).
    if (at > 0 && !(before >= 0 && isPlaceKey(placeNameKey(text.slice(before, i))))) {
      // "T Q" and "P S" end the field before them, as "TQ" and "PS" do; "P O" opens the office's.
      // A town before its quarter's name ends its field, as a comma would: the town is the city.
      // "OFF" glued after a word is that word's office ("PANCHAYAT OFFTENALI"), which ends its field; at a field's start it opens one.
      const officeEnd = before >= 0 && at === 3 && key.startsWith("off");
      // A taluk's marker glued before its name opens that name's field ("TAL CHALISGAON").
      let separator = opener ? " " : quarter || textArea || ownDistrict || officeEnd ? ", " : gluedSeparator(key, 0, at, subDistrict && second === 0);
      if (paired) separator = key[0] === "o" ? " " : ", ";
      cuts.push([start + at, separator]);
      // A mandal's "MD" glued between its place and the district is written "MDL", as the parser reads it
      // ("KONDAPURAMMDGUNTUR" → "KONDAPURAM MDL, GUNTUR"; "MD" alone is no marker: "Dr Rao MD").
      const mandal = second === 2 && key.startsWith("md", at) ? (upper === length ? "L" : "l") : "";
      if (second > 0) cuts.push([start + at + second, mandal + gluedSeparator(key, at, at + second, subDistrict)]);
    }
    before = length > 0 && text.charCodeAt(i) === 32 ? start : -1;
    start = i + 1;
    upper = 0;
    turn = 0;
  }
  if (cuts.length === 0) return text;
  let out = "";
  let copied = 0;
  for (const [at, separator] of cuts) {
    out += text.slice(copied, at) + separator;
    copied = at;
  }
  return out + text.slice(copied);
}

/** A police station's marker after its first letter: the "S" of "P S" alone before the name. */
const POLICE_STATION_AFTER = /^\s+S\s+[A-Za-z]/i;

/** A taluk's or tehsil's markers a list glues to the sub-district's name, longest first. */
const GLUED_SUB_DISTRICT_MARKERS: readonly string[] = ["tehsil", "taluka", "taluk", "tal", "teh", "ta"];

/** Where a run of letters (lower case) splits after one of `GLUED_SUB_DISTRICT_MARKERS` before a town of the text's area (`townOfTextArea`), or 0. */
function subDistrictAfterMarkerAt(key: string, text: string): number {
  if (COMMON_WORDS.has(key) || isPlaceKey(key)) return 0;
  for (const marker of GLUED_SUB_DISTRICT_MARKERS) {
    if (key.length - marker.length >= 4 && key.startsWith(marker) && townOfTextArea(text, key.slice(marker.length))) return marker.length;
  }
  return 0;
}

/** The district of two words or more whose first word is `first` (lower case) and whose other words follow `end` in `text`. */
function districtWrittenFrom(first: string, text: string, end: number): string | undefined {
  return districtsByFirstWord()
    .districts.get(first)
    ?.find((d) => {
      const rest = d.slice(d.indexOf(" "));
      return text.slice(end, end + rest.length).toLowerCase() === rest.toLowerCase() && !isLetterAt(text, end + rest.length);
    });
}

/**
 * Where the run from `start` to `end` (`run`, lower case) splits into a mandal's marker of `SPACED_MANDAL_MARKERS` and the
 * first word of a district of two words or more whose other words follow, after one to three words that are a town or
 * post office of that district: the marker's length, or 0.
 */
function mandalMarkerBeforeDistrictAt(run: string, text: string, start: number, end: number): number {
  for (const marker of SPACED_MANDAL_MARKERS) {
    if (!run.startsWith(marker)) continue;
    const district = districtWrittenFrom(run.slice(marker.length), text, end);
    if (!district) continue;
    const words = text.slice(Math.max(0, start - GLUED_RUN), start).match(/[A-Za-z]+/g) ?? [];
    for (let n = 1; n <= Math.min(3, words.length); n++) if (isPlaceOfDistrict(placeNameKey(words.slice(-n).join("")), district)) return marker.length;
  }
  return 0;
}

/** The districts of two words or more by their first word (lower case), and the last four letters of each marker and first word. */
interface DistrictFirstWords {
  districts: Map<string, string[]>;
  ends: Set<number>;
}
let districtFirstWords: DistrictFirstWords | null = null;
function districtsByFirstWord(): DistrictFirstWords {
  if (!districtFirstWords) {
    const found: DistrictFirstWords = { districts: new Map(), ends: new Set() };
    for (const district of directoryDistricts().keys()) {
      const first = district.toLowerCase().split(" ")[0] as string;
      if (first === district.toLowerCase() || !/^[a-z]+$/.test(first)) continue;
      const list = found.districts.get(first) ?? [];
      list.push(district);
      found.districts.set(first, list);
      for (const marker of GLUED_MANDAL_MARKERS) found.ends.add(lastLetters(marker + first, (marker + first).length));
    }
    districtFirstWords = found;
  }
  return districtFirstWords;
}

/** The last four letters before `end` (any case) as one number, to rule a run out with no string made. */
function lastLetters(text: string, end: number): number {
  let code = 0;
  for (let i = end - 4; i < end; i++) code = code * 32 + ((text.charCodeAt(i) | 32) - 96);
  return code;
}

/**
 * Where the run ending at `end` (`run`, lower case) splits into a place, a mandal's marker and the first word of a
 * district of two words or more whose other words follow ("KAKINADAMDEAST GODAVARI DIST", "TUNIMANDALEAST GODAVARI"):
 * the marker's start and end, or null. The place must lie in that district (a town of it, or a post office of it).
 */
function mandalBeforeDistrictAt(run: string, text: string, end: number): [number, number] | null {
  if (text.charCodeAt(end) !== 32) return null;
  for (const marker of GLUED_MANDAL_MARKERS) {
    const at = run.lastIndexOf(marker);
    if (at < 4) continue;
    const district = districtWrittenFrom(run.slice(at + marker.length), text, end);
    if (!district) continue;
    const place = run.slice(0, at);
    return isPlaceOfDistrict(place, district) ? [at, at + marker.length] : null;
  }
  return null;
}

/** The district markers a list glues to a district's initials, and the most letters of the initials and a marker. */
const GLUED_DISTRICT_MARKERS: readonly string[] = ["district", "distt", "dist", "dt"];
const INITIALS_MARKER_LETTERS = 10;

/** The length of the district marker after a district's initials (`DISTRICT_SHORT_FORMS`) that end `key`, or 0. */
function gluedDistrictInitials(key: string): number {
  for (const marker of GLUED_DISTRICT_MARKERS) {
    if (key.length >= marker.length + 2 && key.endsWith(marker) && DISTRICT_SHORT_FORMS[key.slice(-marker.length - 2, -marker.length)] !== undefined) return marker.length;
  }
  return 0;
}

/**
 * Whether the last letter of `key` (the run ending at `end`) and the word after it, one space away, are a town's
 * name written with its initial ("KANUMOLUA KONDURU MANDAL": the sub-district A. Konduru).
 */
function initialOfTownAfter(text: string, end: number, key: string): boolean {
  if (text.charCodeAt(end) !== 32) return false;
  let next = end + 1;
  while (next < text.length && next - end <= GLUED_RUN && isLetterAt(text, next)) next++;
  return next - end > 4 && gluedTownKeys().has(key[key.length - 1] + text.slice(end + 1, next).toLowerCase());
}

/** Words that open a street or a landmark, which a list glues to the house number before them. */
const NUMBER_GLUED_WORDS: ReadonlySet<string> = new Set(["main", "road", "street", "cross", "lane", "marg", "near", "opp", "opposite", "behind", "beside", "besides"]);

/** Ordinals' endings, which a number keeps ("1st"). */
const ORDINAL_ENDINGS: ReadonlySet<string> = new Set(["st", "nd", "rd", "th"]);

/**
 * Whether a pincode the directory knows, six digits alone, is glued to the letters at `start` ("522201ABC
 * COMPLEX": the list ran the pincode into the building after it); an ordinal's ending stays on its number.
 */
function gluedPincodeBefore(text: string, start: number): boolean {
  if (start < 6 || (start > 6 && (digitAt(text, start - 7) || isLetterAt(text, start - 7)))) return false;
  for (let i = start - 6; i < start; i++) if (!digitAt(text, i)) return false;
  if (ORDINAL_ENDINGS.has(text.slice(start, start + 2).toLowerCase()) && !isLetterAt(text, start + 2)) return false;
  return pincodeRecord(text.slice(start - 6, start)) !== null;
}

/** A marker written as two letters, by its second letter: the first. */
const PAIRED_MARKERS: Readonly<Record<string, number>> = { q: 116, s: 112, o: 112 };

/**
 * Whether the run of letters at `start` (`key`, lower case) starts with the second letter of a marker written as
 * two letters, "T Q", "T.Q", "P S", "P.O", glued to the name after it ("VAYALPAD T QMADANAPALLE").
 */
function pairedMarker(text: string, start: number, key: string): boolean {
  const first = PAIRED_MARKERS[key[0] as string];
  if (first === undefined || start < 2) return false;
  const gap = text.charCodeAt(start - 1);
  if (gap !== 32 && gap !== 46) return false;
  return (text.charCodeAt(start - 2) | 32) === first && (start < 3 || !isLetterAt(text, start - 3));
}

/**
 * Whether the run of letters at `start` starts a field of the list: the text's start, or after a comma, a
 * semicolon, a slash or a number (not after a marker's dot, "Vill. X", whose name may be any village's).
 */
function startsField(text: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && text.charCodeAt(i) === 32) i--;
  if (i < 0) return true;
  const c = text[i] as string;
  return c === "," || c === ";" || c === "/" || digitAt(text, i);
}

/**
 * Where a run of letters (lower case) splits into two glued names, or 0: `only` the one place it may split
 * (0: any), `alone` whether the run starts its field, `district` whether a district's marker follows and no
 * word one space before, `deep` whether the second name may be two glued in turn ("ATTILIPOTANUKU"). A name the
 * directory does not know is split off a town's name before a district's marker, and, starting its field, off a
 * district's or city's name of seven letters or more. A split where both sides are places wins over one after
 * a word. Most words end in no place's last four letters and no marker: one lookup in a small table rules them
 * out before the directory's large ones.
 */
function gluedAt(key: string, only: number, alone: boolean, district: boolean, deep: boolean): number {
  const towns = gluedTownKeys();
  const lengths = townEndings?.get(key.slice(-4));
  const marker = gluedMarker(key);
  if (!lengths && !marker) return 0;
  if (COMMON_WORDS.has(key) || isPlaceKey(key)) return 0;
  let best = 0;
  let bestScore = 0;
  for (let i = only || 2; i <= (only || key.length - 2); i++) {
    const rest = key.length - i;
    const right = lengths?.has(rest) ? key.slice(i) : "";
    // Two post offices' names glued are most often one village's own name: one side is a town.
    const town = right !== "" && towns.has(right);
    const office = right !== "" && !town && isOfficeKey(right);
    // Two names glued after a place or word end in a marker or start with one ("…POTANUKU", "…TANUKUVIA").
    const inTurn = deep && rest >= 7 && (marker !== undefined || startsWithMarker(key, i));
    if (!town && !office && rest !== marker?.length && !inTurn) continue;
    const left = key.slice(0, i);
    const leftPlace = isPlaceKey(left);
    // A marker is a word also where a post office bears its name ("MANDAL…": Mandal is a town in Gujarat).
    const leftWord = (!leftPlace || GLUED_MARKER_WORDS.has(left)) && GLUED_BEFORE_TOWN.has(left);
    let score = 0;
    if (town && leftPlace && rest >= 5) score = 4;
    // A post office of four letters is often the last word of a longer place's name: offices of five or more,
    // or of four after a word that starts no place's name ("MAIN ROADTEKI").
    else if (leftWord && ((town && (rest >= 5 || i >= 4)) || (office && GLUED_BEFORE_OFFICE.has(left) && (rest >= 5 || GLUED_BEFORE_NAME.includes(left))))) score = 3;
    // After a quarter's own word a long office's name ("RAM NAGARKONDAPURAMPETA"): a village's name starts with no
    // such word, and a name this long is no ending of one.
    else if (office && rest >= QUARTER_OFFICE_LETTERS && QUARTER_WORDS.has(left)) score = 3;
    // A "PIN" label glued after a place, or after a marker ("DISTRICTPIN", "MANDALPIN 521185").
    else if (rest === marker?.length && (leftPlace || (marker.startsWith("pin") && GLUED_MARKER_WORDS.has(left)))) score = 3;
    // A town glued to a quarter of its own, a post office of its district ("VIJAYAWADAPATAMATA", "NELLOREGANDHIPET").
    else if (office && rest !== marker?.length && townQuarter(left, right)) score = 2;
    // A locality's name glued to its town ("GANDHINAGARTENALI": "Gandhinagar" is no directory name of its own).
    else if (town && rest >= 5 && i >= 7 && !COMMON_WORDS.has(left) && isLocalityWord(left)) score = 2;
    else if (town && (district || (alone && bigPlaceKeys?.has(right))) && rest >= 5 && i >= 5 && !COMMON_WORDS.has(left)) score = 1;
    else if (inTurn && (leftPlace || leftWord) && gluedAt(key.slice(i), 0, false, false, false) > 0) score = 2;
    // A place's name written twice ("TANUKUTANUKU": a list's village and post office of one name).
    else if (rest === i && leftPlace && key.endsWith(left)) score = 4;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Whether `office` is a quarter's post office of the directory town `town` (keys: the town of seven letters or more,
 * the office of five or more): an office of the town's district that is no town itself. The district, not the
 * office's length, keeps the state: a short office glued after a town reads no other state's place.
 */
function townQuarter(town: string, office: string): boolean {
  if (town.length < 7 || office.length < QUARTER_NAME_LETTERS || !gluedTownKeys().has(town) || gluedTownKeys().has(office) || !isOfficeKey(office)) return false;
  const areas = townNamed(town)?.areas ?? [];
  return recordsNamed(office).some((rec) => areas.some((a) => rec.districts.includes(a.district)));
}

/**
 * The fewest letters of a sub-district's name glued after its village's: a mandal's own name of one word is longer
 * than a village's first part and the six letters left ("Ballikurava" is no office "Balli" and a "Kurava").
 */
const GLUED_SUB_DISTRICT_LETTERS = 7;
/** The fewest letters of a village's name and its sub-district's glued together. */
const GLUED_VILLAGE_RUN = 5 + GLUED_SUB_DISTRICT_LETTERS;

/**
 * Where a run of letters (lower case) before a sub-district's marker splits into a village and the sub-district's
 * name, or 0: the longest start of five letters or more that is a directory town or post office, before seven letters
 * or more that the directory knows as no place but spells a directory town two letters apart (the sub-district's town
 * as lists spell it: "Kaikaluru" for Kaikalur). A run the directory knows whole, or spells two letters apart, is a
 * place's own name and stays ("Kalyanadurg" is Kalyandurg, no office "Kalya"); so does one whose rest is near no town.
 */
function villageBeforeSubDistrictName(key: string): number {
  if (COMMON_WORDS.has(key) || isPlaceKey(key) || townWithin(key, 2)) return 0;
  for (let i = key.length - GLUED_SUB_DISTRICT_LETTERS; i >= 5; i--) {
    const left = key.slice(0, i);
    if (!isPlaceKey(left) || COMMON_WORDS.has(left) || GLUED_BEFORE_TOWN.has(left)) continue;
    const right = key.slice(i);
    return isPlaceKey(right) || COMMON_WORDS.has(right) || !townWithin(right, 2) ? 0 : i;
  }
  return 0;
}

/**
 * Where a run of letters (lower case) before a district's marker splits into a directory town of five letters or more
 * and the name of one of that town's own districts, or 0: spelt a letter apart (seven letters or more), or as the
 * directory spells it, however short ("SHERGHATIGAYA DIST"), or its first word with `rest`, the letters of the words
 * between the run and the marker ("PRODDATURYSR KADAPA DIST"). The town's own district, not any near name, keeps the
 * state.
 */
function townBeforeOwnDistrictAt(key: string, rest: string): number {
  if (COMMON_WORDS.has(key) || isPlaceKey(key)) return 0;
  for (let i = key.length - (rest ? 2 : 3); i >= 5; i--) {
    const left = key.slice(0, i);
    if (!gluedTownKeys().has(left)) continue;
    const right = key.slice(i);
    const own = (district: string) => {
      const name = placeNameKey(district);
      return name === right + rest || (rest === "" && right.length >= 7 && editDistance(right, name, 1) === 1);
    };
    if (townNamed(left)?.areas.some((a) => own(a.district))) return i;
  }
  return rest === "" ? nearTownBeforeNearDistrictAt(key) : 0;
}

let districtsByEnd: Map<string, string[]> | null = null;
/** The directory's districts of seven letters or more (`placeNameKey`), by their last two letters. */
function districtKeysByEnd(): Map<string, string[]> {
  if (!districtsByEnd) {
    districtsByEnd = new Map();
    for (const district of directoryDistricts().keys()) {
      const name = placeNameKey(district);
      if (name.length < 7) continue;
      const list = districtsByEnd.get(name.slice(-2)) ?? [];
      list.push(district);
      districtsByEnd.set(name.slice(-2), list);
    }
  }
  return districtsByEnd;
}

/**
 * Where a run of letters (lower case) before a district's marker splits into a town of seven letters or more spelt a
 * letter off a directory town's, and the name, as spelt or a letter off, of one of that town's own districts
 * ("TIRUPATHICHITOR DIST"), or 0. The district's last two letters find it (a few names, not the directory's every
 * district), and the town a letter off must lie in it: a near name of another district is no split.
 */
function nearTownBeforeNearDistrictAt(key: string): number {
  for (const district of districtKeysByEnd().get(key.slice(-2)) ?? []) {
    const name = placeNameKey(district);
    for (let i = key.length - name.length - 1; i <= key.length - name.length + 1; i++) {
      if (i < 7 || editDistance(key.slice(i), name, 1) > 1) continue;
      const left = key.slice(0, i);
      if (townWithin(left, 1, (town) => townNamed(town)?.areas.some((a) => a.district === district) ?? false)) return i;
    }
  }
  return 0;
}

/** The most words of a district's name written after the run glued to its first word ("…YSR KADAPA DIST"). */
const DISTRICT_REST_WORDS = 3;

/**
 * The letters (lower case) of the words between the run ending at `end` and a district's marker after them, one space
 * apart, or "" where the marker follows the run; null where no marker follows within `DISTRICT_REST_WORDS` words.
 */
function wordsBeforeDistrictMarker(text: string, end: number): string | null {
  let rest = "";
  let at = end;
  for (let words = 0; ; words++) {
    if (DISTRICT_MARKER.test(text.slice(at, at + 12))) return rest;
    if (words === DISTRICT_REST_WORDS || text.charCodeAt(at) !== 32) return null;
    let next = at + 1;
    while (next < text.length && next - at <= GLUED_RUN && isLetterAt(text, next)) next++;
    if (next === at + 1) return null;
    rest += text.slice(at + 1, next).toLowerCase();
    at = next;
  }
}

/** The fewest letters of a quarter's name split off the town before it where a quarter's word follows ("…MURALI NAGAR"). */
const QUARTER_NAME_LETTERS = 5;
/** The quarter's word (`QUARTER_WORDS`: never a town's own name) after the run ending at `end`, one space away, or "". */
function quarterWordAfter(text: string, end: number): string {
  if (text.charCodeAt(end) !== 32) return "";
  let next = end + 1;
  while (next < text.length && next - end <= GLUED_RUN && isLetterAt(text, next)) next++;
  const word = text.slice(end + 1, next).toLowerCase();
  return QUARTER_WORDS.has(word) ? word : "";
}

/**
 * Where a run of letters (lower case) before a quarter's word (`word`) splits into a town and the quarter's own name,
 * or 0 ("VIZIANAGARAMSRINIVASA COLONY"): the longest start that is a place must be a district's or city's name
 * (`bigPlaceKeys`: a smaller town before a quarter's name is not read as the city; "KANCHILIWALA COLONY" is no
 * "Kanchi"), before a name of five letters or more. A run the directory knows whole stays, and so does one whose rest
 * is an address word or a qualifier ("…KALAN NAGAR"), or, with its word, a post office's name that lies in none of
 * the town's districts: that office would name the place, not the town ("…GANDHI NAGAR").
 */
function townBeforeQuarterAt(key: string, word: string): number {
  if (COMMON_WORDS.has(key) || isPlaceKey(key)) return 0;
  for (let i = key.length - 1; i >= BIG_PLACE_LETTERS; i--) {
    const town = key.slice(0, i);
    if (!isPlaceKey(town)) continue;
    const rest = key.slice(i);
    if (rest.length < QUARTER_NAME_LETTERS || !bigPlaceKeys?.has(town) || COMMON_WORDS.has(rest) || GLUED_BEFORE_TOWN.has(rest) || isOfficeQualifier(rest)) return 0;
    const quarter = rest + word;
    return recordsNamed(quarter).length === 0 || townQuarter(town, quarter) ? i : 0;
  }
  return 0;
}

/** Whether a run of letters (lower case) is one name of five letters or more written twice, a letter from a directory town's. */
function nearNameTwice(key: string): boolean {
  const half = key.length / 2;
  if (half < 5 || !Number.isInteger(half) || !key.startsWith(key.slice(half))) return false;
  const name = key.slice(half);
  return !COMMON_WORDS.has(name) && !isPlaceKey(key) && townWithin(name, 1);
}

/** The fewest letters of a town split off a word that is no address word (`townOfTextAreaAt`). */
const TEXT_AREA_TOWN_LETTERS = 7;
/** The fewest letters of a town split off such a word where only its state is written after it. */
const STATE_TOWN_LETTERS = 6;
/** A village's or post office's marker ending the text before a word ("Vill ", "P. O. ", "VPO-", "At/"). */
const RURAL_MARKER_BEFORE = /(?:^|[^a-z])(?:vill|village|vpo|p\.? ?o|post|at)[\s.:&/-]*$/i;
/** How far before a word such a marker is looked for. */
const RURAL_MARKER_REACH = 12;
/** The fewest letters of the word before it ("O" aside). */
const TEXT_AREA_PREFIX_LETTERS = 4;

/**
 * Where a run of letters (lower case) splits into a word and a directory town of seven letters or more that lies in the
 * area the text names (`inArea`: a district it writes elsewhere as words, or a written pincode's district), or 0
 * ("…RAMA ASRAMAMTENALI, GUNTUR DIST", "SUB REGISTRAR OMACHILIPATNAM, 521001"). The longest place that ends the run is the
 * one: a name that merely ends in another's ("…GANAPAVARAM" of "Chinaganapavaram") is not cut short, and a run the
 * directory knows whole stays.
 */
function townOfTextAreaAt(key: string, inArea: (town: string) => boolean, fewest = TEXT_AREA_TOWN_LETTERS): number {
  const lengths = townEndings?.get(key.slice(-4));
  if (COMMON_WORDS.has(key) || isPlaceKey(key)) return 0;
  if (!lengths) return shortTownOfTextAreaAt(key, inArea);
  for (let i = 1; i <= key.length - fewest; i++) {
    if (!lengths.has(key.length - i)) continue;
    const right = key.slice(i);
    if (!isPlaceKey(right)) continue;
    // Two or three letters, or a state's name, before the town would be read as a state ("BRKATHALIA": Bihar). One
    // letter is a village's own (40 offices are a letter and a town of their district: "Mallavaram" beside the town
    // Allavaram), but "O", which starts none: "Office" cut short. A word that starts an office's name before a town's
    // is that name's ("CHINNA…", "PASCHIM…"). An address word or a marker is the other rules' ("…POSTPONNUR MANDAL").
    const left = key.slice(0, i);
    if (i < TEXT_AREA_PREFIX_LETTERS && left !== "o") return 0;
    if (COMMON_WORDS.has(left) || stateKeys().has(left) || namePrefixKeys?.has(left) || GLUED_BEFORE_TOWN.has(left) || GLUED_AFTER_PLACE_LIST.includes(left)) return 0;
    return gluedTownKeys().has(right) && inArea(right) ? i : 0;
  }
  return shortTownOfTextAreaAt(key, inArea);
}

/**
 * The directory's towns of four letters that end no longer post office's name (`gluedTownKeys` builds it): "Vada",
 * "Ghat", "Tala" end hundreds ("Pnathadivada"), so a run that ends in one is more often such a name misspelt than a
 * word and the town.
 */
let shortTowns: Set<string> | null = null;

/**
 * Where a run of letters (lower case) that ends in no place of five letters or more splits into a word and a directory
 * town of four letters of the text's area (`inArea`) that ends no longer office's name, or 0 ("…ELECTRONTUNI, EAST
 * GODAVARI DIST"): the word before it is held to `townOfTextAreaAt`'s rules.
 */
function shortTownOfTextAreaAt(key: string, inArea: (town: string) => boolean): number {
  const at = key.length - 4;
  if (at < TEXT_AREA_PREFIX_LETTERS || !shortTowns?.has(key.slice(at)) || isPlaceKey(key.slice(at - 2)) || isPlaceKey(key.slice(at - 1))) return 0;
  const right = key.slice(at);
  const left = key.slice(0, at);
  if (COMMON_WORDS.has(left) || stateKeys().has(left) || GLUED_BEFORE_TOWN.has(left) || GLUED_AFTER_PLACE_LIST.includes(left)) return 0;
  return townNamed(right) && inArea(right) ? at : 0;
}

let stateAliasKeys: Set<string> | null = null;
/** Every state's name and short form (`placeNameKey`). */
function stateKeys(): Set<string> {
  stateAliasKeys ??= new Set(stateAliasEntries().map(([alias]) => placeNameKey(alias)));
  return stateAliasKeys;
}

/** A pincode written in the text, its digits together or three and three. */
const PINCODE_WRITTEN = /(?<!\d)(\d{3}) ?(\d{3})(?!\d)/g;

/**
 * Whether the directory town `key` lies in a district the text writes as words (or by its short form), or in a written
 * pincode's district.
 */
function townOfTextArea(text: string, key: string): boolean {
  const areas = townNamed(key)?.areas ?? [];
  if (areas.length === 0) return false;
  const lower = text.toLowerCase();
  for (const { district } of areas) {
    const name = district.toLowerCase();
    for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
      if (!isLetterAt(lower, at - 1) && !isLetterAt(lower, at + name.length)) return true;
    }
  }
  // A district's short form before its marker ("E.G. DIST", "R R Dt").
  const words = ` ${lower.replace(/[^a-z]+/g, " ")} `;
  for (const [short, district] of Object.entries(DISTRICT_SHORT_FORMS)) {
    if (areas.some((a) => a.district === district) && (words.includes(` ${short} dist`) || words.includes(` ${short} dt `))) return true;
  }
  for (const m of text.matchAll(PINCODE_WRITTEN)) {
    const rec = pincodeRecord(`${m[1]}${m[2]}`);
    if (rec && areas.some((a) => rec.districts.includes(a.district))) return true;
  }
  return false;
}

let stateWritten: RegExp | null = null;
let nameWords: Set<string> | null = null;

/**
 * The words of ten letters or more of the directory's names of several words ("Nimaichandpur" of a village "<word>
 * Nimaichandpur"): such a run is that name's word, not a word and the town it ends in, where no district confirms the town.
 */
function nameWordKeys(): Set<string> {
  if (!nameWords) {
    const words = new Set<string>();
    const add = (name: string) => {
      const parts = name.toLowerCase().split(/[^a-z]+/);
      if (parts.filter(Boolean).length > 1) for (const w of parts) if (w.length >= STATE_TOWN_LETTERS + TEXT_AREA_PREFIX_LETTERS) words.add(w);
    };
    for (const rec of directoryRecords()) for (const place of rec.entry.places) add(place);
    for (const town of directoryTowns().values()) add(town.name);
    nameWords = words;
  }
  return nameWords;
}

/**
 * Whether the directory town `key` lies in a state written after `end` in `text` by its name or short form; a short
 * form that is also a word ("UP", "OR", "AS") only in capitals.
 */
function townOfStateWrittenAfter(text: string, end: number, key: string): boolean {
  const areas = townNamed(key)?.areas ?? [];
  if (areas.length === 0) return false;
  stateWritten ??= new RegExp(`(?<![a-z])(${stateAliasPattern()})(?![a-z])`, "gi");
  for (const m of text.slice(end).matchAll(stateWritten)) {
    const written = m[1] as string;
    const alias = stateAliasByKey().get(written.toLowerCase().replace(/[^a-z]/g, ""));
    if (!alias || alias.state === NCR || (alias.abbreviation && AMBIGUOUS_ABBREVIATIONS.has(written.toLowerCase()) && written !== written.toUpperCase())) continue;
    if (areas.some((a) => a.state === alias.state)) return true;
  }
  return false;
}

let stateAliases: Map<string, StateAlias> | null = null;
/** Every state's name and short form (its letters, lower case) with its state. */
function stateAliasByKey(): Map<string, StateAlias> {
  stateAliases ??= new Map(stateAliasEntries().map(([alias, def]) => [alias.replace(/[^a-z]/g, ""), def]));
  return stateAliases;
}

/** Whether one side of `key` split at `at` is a place or an address word and neither is shorter than three letters. */
function knownAtTurn(key: string, at: number): boolean {
  if (at < 3 || key.length - at < 3 || COMMON_WORDS.has(key) || isPlaceKey(key)) return false;
  const known = (side: string) => isPlaceKey(side) || isOfficeKey(side) || GLUED_BEFORE_TOWN.has(side) || COMMON_WORDS.has(side);
  return known(key.slice(0, at)) || known(key.slice(at));
}

/**
 * Where an address word of `GLUED_BEFORE_NAME` ends a run of letters (lower case) that a name the directory
 * does not know follows, or, with `town`, a town's name (`gluedTownKeys`), or 0 (a plural before its singular: the
 * first word that starts the run is the one).
 */
function gluedNameAt(key: string, only: number, town: boolean): number {
  for (const word of GLUED_BEFORE_NAME) {
    if ((only > 0 && only !== word.length) || key.length - word.length < (town ? 5 : 6) || !key.startsWith(word)) continue;
    // A word cut short starts no run that holds the whole word ("STREETLIGHT" is no "STREE" before a name).
    if (GLUED_BEFORE_NAME.some((whole) => whole.length > word.length && whole.startsWith(word) && key.startsWith(whole))) continue;
    const rest = key.slice(word.length);
    if (town) return gluedTownKeys().has(rest) ? word.length : 0;
    return COMMON_WORDS.has(rest) || GLUED_BEFORE_TOWN.has(rest) ? 0 : word.length;
  }
  return 0;
}

/** The fewest letters of an address word a quarter's name is split off (`quarterOfCityAt`): "Pet", "Ext" start names. */
const QUARTER_WORD_LETTERS = 4;

/**
 * Where a run of letters (lower case) splits into an address word (`GLUED_BEFORE_TOWN`, four letters or more) or an
 * ordinal's ending after its digit, and a post office of five letters or more of the city or pincode written after
 * it (`officeOfCityWrittenAfter`), or 0: a space missed before a quarter ("Gandhi Colonyameerpet, Hyderabad"). Only
 * the text's own city or pincode confirms the office, never a name alone; a run the directory knows whole, a state's
 * name and a district's or town's name after the word stay ("Nagarkurnool", "Roadside", "Mainpuri").
 */
function quarterOfCityAt(key: string, text: string, start: number, end: number): number {
  if (COMMON_WORDS.has(key) || isDirectoryPlaceKey(key) || stateKeys().has(key)) return 0;
  const ordinal = digitAt(text, start - 1) && ORDINAL_ENDINGS.has(key.slice(0, 2));
  for (let i = ordinal ? 2 : QUARTER_WORD_LETTERS; i <= key.length - QUARTER_NAME_LETTERS; i++) {
    const left = key.slice(0, i);
    if (!(ordinal && i === 2) && !GLUED_BEFORE_TOWN.has(left)) continue;
    const right = key.slice(i);
    if (stateKeys().has(right) || !(isOfficeKey(right) || gluedTownKeys().has(right))) continue;
    return officeOfCityWrittenAfter(text, end, right) ? i : 0;
  }
  return 0;
}

/**
 * Whether the post office or town `key` is a quarter of a city the text names after `end` (a gazetteer city, its own
 * spelling or an old name, in one to three words): a place of the city's districts, or of a pincode the text writes,
 * within the city's reach (`farFrom`: a village beyond it is a place of its own, and the city written stays the city);
 * with no city written, a place that bears a pincode the text writes.
 */
function officeOfCityWrittenAfter(text: string, end: number, key: string): boolean {
  const records = [...recordsNamed(key), ...(townNamed(key)?.codes ?? []).map(pincodeRecord)];
  const pincodes = [...text.matchAll(PINCODE_WRITTEN)].map((m) => `${m[1]}${m[2]}`);
  const words =
    text
      .slice(end)
      .toLowerCase()
      .match(/[a-z]+/g) ?? [];
  const places = getGazetteer().places;
  for (let k = 0; k < words.length; k++) {
    for (let n = 1; n <= 3 && k + n <= words.length; n++) {
      const city = places.get(words.slice(k, k + n).join(" "))?.city;
      if (city) return records.some((rec) => rec && (pincodes.includes(rec.entry.code) || rec.districts.some((d) => city.districts.includes(d))) && !farFrom(city, rec.entry));
    }
  }
  return records.some((rec) => rec && pincodes.includes(rec.entry.code));
}

/** Street words lists glue to the town the street is named after. */
const ROAD_AFTER_TOWN: readonly string[] = ["road", "marg", "chowk"];

/** Where a run of letters (lower case) splits into a town of five letters or more and a word of `ROAD_AFTER_TOWN`, or 0. */
function townBeforeRoadAt(key: string): number {
  if (COMMON_WORDS.has(key) || isPlaceKey(key)) return 0;
  for (const word of ROAD_AFTER_TOWN) if (key.length - word.length >= 5 && key.endsWith(word) && gluedTownKeys().has(key.slice(0, -word.length))) return key.length - word.length;
  return 0;
}

/** The fewest letters of a post office's name split off a quarter's word glued before it ("COLONYKONDAPURAM"). */
const QUARTER_OFFICE_LETTERS = 9;

/** Markers that may start the second of three names glued together ("ATTILIPOTANUKU"). */
const GLUED_INNER_MARKERS: readonly string[] = ["po", "via", "ps", "tq", "dist", ...GLUED_MANDAL_MARKERS];

/** Whether `key` from `at` starts with one of `GLUED_INNER_MARKERS` (no string is made). */
function startsWithMarker(key: string, at: number): boolean {
  for (const m of GLUED_INNER_MARKERS) if (key.startsWith(m, at)) return true;
  return false;
}

/** Words that open the field they are glued to ("POTANUKU", "VIATANUKU"); every other cut ends one. */
const GLUED_OPENERS: ReadonlySet<string> = new Set(["po", "vpo", "via", "off"]);

/**
 * What goes where `key` splits at `at` (its piece from `from`): a comma after an address word or a marker that
 * ends its field ("CHURCH STREETTENALI", "PEDANA MANDALGUDUR"), before an initial, which starts a district's
 * or state's short form ("GHAZIABADU.P." → "Ghaziabad, U.P."), and before a sub-district's or district's name
 * whose marker follows (`subDistrict`: the name before it is its village); else a space (between two places, before a marker that follows its place,
 * after a word that opens its field).
 */
function gluedSeparator(key: string, from: number, at: number, subDistrict: boolean): string {
  const right = key.slice(at);
  const marker = gluedMarker(key);
  const left = key.slice(from, at);
  // A town before one of its quarters' offices ends its field: the town is the city, not a word of the quarter's.
  if (right.length === 1 || subDistrict || (right !== marker && townQuarter(left, right))) return ", ";
  return !GLUED_BEFORE_TOWN.has(left) || GLUED_OPENERS.has(left) || right === marker ? " " : ", ";
}

/** The marker glued at the end of `key`, if any (a loop: no closure per word). */
function gluedMarker(key: string): string | undefined {
  for (const m of GLUED_AFTER_PLACE_LIST) if (key.endsWith(m)) return m;
  return undefined;
}

/** An ASCII letter at `i` of `text`. */
const isLetterAt = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i) | 32;
  return c >= 97 && c <= 122;
};

/** Letters a name cut short at the text's end keeps, at least: "Karimna", "Madhya Prad" (shorter ones are words). */
const CUT_NAME_LETTERS = 6;

let placePhrases: Array<[string, string]> | null = null;
let phraseWords: Set<string> | null = null;

/** Every city, district and state name of the gazetteer (lower case, words apart), with its state where it has one. */
function statePhrases(): Array<[string, string]> {
  if (!placePhrases) {
    const districts = directoryDistricts();
    placePhrases = [];
    phraseWords = new Set();
    for (const [name, def] of getGazetteer().places) {
      for (const w of name.split(" ")) phraseWords.add(w);
      const state = def.state?.state ?? (def.city ? only(def.city.districts.map((d) => districts.get(d))) : def.district ? districts.get(def.district) : null);
      if (state) placePhrases.push([name, state === "NCR" ? "Delhi" : state]);
    }
  }
  return placePhrases;
}

/**
 * A city, district or state name cut short at the text's end, where a list cut its field ("…, Madhya Prad",
 * "…, Gajuwaka, Visakhapat"): the last word (or two), six letters or more, ends in the middle of a word of the names
 * of one state only, written in capitals as those lists write (typed, "Shiv Colony, Himmat" ends in a man's
 * name, not Himmatnagar cut). Not a word of a name ("Bengal" of West Bengal is no Bengaluru), a person's, an address word, a
 * post office's or a town's. Written whole.
 */
function completeCutName(text: string): string {
  let start = text.length;
  while (start > 0 && isLetterAt(text, start - 1)) start--;
  if (text.length - start < 3 || text.slice(start) !== text.slice(start).toUpperCase()) return text;
  const word = text.slice(start).toLowerCase();
  const before = start > 1 && text[start - 1] === " " ? /[A-Za-z]+$/.exec(text.slice(Math.max(0, start - 40), start - 1))?.[0] : undefined;
  for (const phrase of before ? [`${before.toLowerCase()} ${word}`, word] : [word]) {
    if (getGazetteer().places.has(phrase)) return text;
    const key = placeNameKey(phrase);
    if (key.length < CUT_NAME_LETTERS || COMMON_WORDS.has(word) || PEOPLE.has(word) || isDirectoryName(key)) continue;
    const found = statePhrases().filter(([name]) => name.length > phrase.length && name.startsWith(phrase) && name[phrase.length] !== " ");
    const name = found[0]?.[0];
    if (!name || phraseWords?.has(word) || !only(found.map(([, state]) => state))) continue;
    return text.slice(0, text.length - phrase.length) + name.toUpperCase();
  }
  return text;
}

/**
 * The two 24 Parganas districts as lists shorten or spell them ("North 24Pgs", "24 Pgs (S)", "24 Pgns(S)", "24 Parganas
 * (N)", "N. 24 Parganas", "South 24 Paraganas"), written out as an abbreviation is ("Dist." is "District"): "North 24
 * Parganas", "South 24 Parganas". Read as written, the district was "North 24PGS", no directory district, and a bracketed side a part of its own.
 * Without a side it is the old undivided district, either of the two: left as written.
 */
const PARGANAS = /(?<![a-z0-9])(?:(north|south|n|s)\.?[\s-]{0,2})?24[\s-]{0,2}(?:pgs|pgns|para?ganas?)(?![a-z])\.?(?:[\s-]{0,2}\(?\s?(north|nort|nor|south|sout|sou|n|s)(?![a-z])\.?\)?)?/gi;

function parganas(text: string): string {
  // Every form holds "24": most text is passed over without the pattern.
  if (!text.includes("24")) return text;
  return text.replace(PARGANAS, (all: string, before: string | undefined, after: string | undefined) => {
    const side = (before ?? after ?? "").toLowerCase();
    return side === "" ? all : `${side.startsWith("n") ? "North" : "South"} 24 Parganas`;
  });
}

/**
 * `BR` closing a name with more of the address after it ("KOTHAPET BR, DOOR 4", "ANDHERI BR MUMBAI"): a bank's
 * branch, not Bihar, which is written last ("Patna, BR 800001", "Gaya BR, India"). It goes, as a phone number does:
 * read alone it was the state. Not after a title (`Dr. BR. Ambedkar`).
 */
const BRANCH_SHORT = /\b([A-Za-z]{2,})[ .]+BR\b(?:[ \t]*[.,;(]|[ \t]+(?=[A-Za-z]))[\s,.;:()-]*([A-Za-z]+)/gi;
const NOT_AFTER_STATE: ReadonlySet<string> = new Set(["india", "pin", "pincode", "dr", "mr", "ms", "shri", "sri", "smt"]);

function branchNotState(text: string): string {
  if (!/br\b/i.test(text)) return text;
  return text.replace(BRANCH_SHORT, (all: string, before: string, after: string) =>
    NOT_AFTER_STATE.has(before.toLowerCase()) || NOT_AFTER_STATE.has(after.toLowerCase()) ? all : all.replace(/[ .]+BR\b/i, ""),
  );
}

/**
 * Whether another name of the address, written as the directory spells it, is a town of one state other than the
 * `states` of the place a near spelling names ("Poladpur, Bhopall": Poladpur is a town of Maharashtra's, Bhopall a
 * letter from Bhopal, Madhya Pradesh): a name spelt right wins over a near spelling (contract), so the place is not read.
 */
function townElsewhere(kept: readonly Chunk[], last: Chunk, states: ReadonlySet<string | undefined>): boolean {
  return kept.some((c) => {
    if (c === last || !isPlainName(c)) return false;
    const town = COMMON_WORDS.has(placeNameKey(nameOf(c))) ? null : townNamed(placeNameKey(nameOf(c)));
    const state = town ? only(town.areas.map((a) => a.state)) : null;
    return !!state && !states.has(state);
  });
}

/** The text cleaned, with its phones and its pincode (a postal zone's when none is written) cut out. */
function scanText(text: string): ReturnType<typeof scanNumbers> {
  const scan = withZone(scanNumbers(unglueTowns(unglueStates(unglueGluedPostMarker(completeCutName(parganas(dropStateLabel(branchNotState(clean(text))))))))));
  if (!scan.pincode) {
    const text = withoutEmptyPincode(withoutMalformedPincode(scan.text));
    // A pincode glued to the malformed one shows once that is gone ("Bangalore-10000/560038"), and so does a zone
    // behind it ("Bangalore - 10000: 12", whose line writes "Bangalore 12").
    if (text !== scan.text) return withZone(scanNumbers(text));
  }
  return scan;
}

/** The scan with a postal zone's pincode where no pincode is written. */
function withZone(scan: ReturnType<typeof scanNumbers>): ReturnType<typeof scanNumbers> {
  const zone = scan.pincode ? null : postalZone(scan.text);
  if (zone) {
    scan.text = zone.text;
    scan.pincode = zone.pincode;
  }
  return scan;
}

/**
 * The state and district the buyer wrote by name. `districtWritten`: the district is written as such
 * (`Distt. X`, `X District`, a district's name), so the line keeps it; `districtOrder` is where (-1: nowhere).
 */
function writtenArea(mentions: readonly Mention[]): { statedState: string | null; statedDistrict: string | null; districtWritten: boolean; districtOrder: number } {
  let statedState: string | null = null;
  let statedDistrict: string | null = null;
  let districtWritten = false;
  let districtOrder = -1;
  for (const m of mentions) {
    if (m.kind === "state") statedState = m.state;
    else if (m.kind === "district") {
      statedDistrict = m.district;
      districtOrder = m.order;
      districtWritten = true;
    }
  }
  return { statedState, statedDistrict, districtWritten, districtOrder };
}

/** The kept chunks' texts by component, and the places of the line in written order (the cities written besides the city among them). */
function componentTexts(kept: readonly Chunk[], leftoverCities: ReadonlyArray<{ order: number; text: string; district: boolean }>, cityText: string | null) {
  const house: string[] = [];
  const floors: string[] = [];
  const buildings: string[] = [];
  const streets: string[] = [];
  const landmarks: string[] = [];
  const line: Array<{ order: number; text: string; notLocality: boolean }> = leftoverCities.map((m) => ({ order: m.order, text: m.text, notLocality: m.district }));
  for (const c of kept) {
    const text = chunkText(c);
    if (c.kind === "house") house.push(text);
    else if (c.kind === "floor") floors.push(text);
    else if (c.kind === "building") buildings.push(text);
    else if (c.kind === "street") streets.push(text);
    else if (c.kind === "landmark") landmarks.push(text);
    // The post office that is the city is in the line, not in the locality.
    // The town, or the post office that is the city, is in the line where it was written, not in the locality.
    else line.push({ order: c.order, text, notLocality: text === cityText });
  }
  line.sort((a, b) => a.order - b.order);
  return { house, floors, buildings, streets, landmarks, line };
}

/** What the text says of its place, as the steps of `normalizeAddress` settle it. */
interface Reading extends ReturnType<typeof writtenArea> {
  statedCity: string | null;
  /** The city is written as such (not a town or post office taking its place): the line keeps it. */
  cityWritten: boolean;
  /** The city is one of the pincode's own places. */
  townFits: boolean;
  /** A directory town far from the pincode: the pincode is wrong ("Hindupur 560038"). */
  townOutside: boolean;
  /** A pincode the directory does not know: the one district of the known pincodes that share its first digits. */
  neighbourDistrict: string | null;
  /** The district is written after its marker (`Dist. Bhagalpur`), not only as a bare name a locality may bear. */
  districtMarked: boolean;
}

/**
 * The chunks that make the components: the care-of name kept apart, junk and nameless markers dropped, a
 * district or state written after its marker taken into the reading, unknown names told apart (a house
 * number, the pincode's locality, a developer's building).
 */
/** Whether a marker's value holds a name (not only "&" or "and"). */
const hasName = (c: Chunk) => c.tokens.some((t) => (t.type === WORD && t.key !== "and") || t.type === INITIALS || t.type === NUMBER);

function keptChunks(chunks: readonly Chunk[], rec: PincodeRecord | null, r: Reading, mentions: readonly Mention[]) {
  const gaz = getGazetteer();
  const kept: Chunk[] = [];
  let careOf: string | null = null;
  let meaningful = mentions.length > 0;
  let hasHouse = false;
  let hasBuilding = false;
  let villageNext = false;
  for (const [i, chunk] of chunks.entries()) {
    let c = chunk;
    if (c.kind === "recipient") {
      if (c.label === "C/O" && careOf === null && c.tokens.some(isMeaningful)) careOf = `C/O ${render(c.tokens, false)}`;
      continue;
    }
    // "Pedapudi, East Godavari 560001": a district's name written bare after a town or office of it, the district not the
    // pincode's, is the district written, as "Dist. East Godavari" is; the town before it is then read as the city.
    const before = kept[kept.length - 1];
    const district = rec && isPlainName(c) ? gaz.districtsByKey.get(c.tokens.map((t) => t.key).join(" ")) : undefined;
    if (district && before && isPlainName(before) && !rec?.districts.includes(district) && isPlaceOfDistrict(placeNameKey(nameOf(before)), district)) c = { ...c, kind: "district" };
    if (c.kind === "unknown") {
      const words = c.tokens.some(isMeaningful);
      if (!words && !c.tokens.some((t) => t.type === NUMBER)) continue; // mash, "xxxxx", "&"
      meaningful ||= words;
      if (!words) {
        if (c.tokens.every((t) => t.type === NUMBER)) c.kind = "house";
      } else {
        const key = c.tokens.map((t) => t.key).join(" ");
        if (rec?.placeKeys.some((p) => namesPlace(key, p))) c.kind = "locality";
        // "Nirmal Lifestyle" is a building; "Nirmal" alone is the town.
        else if (c.tokens.length > 1 && DEVELOPERS.has((c.tokens[0] as Token).key)) c.kind = "building";
      }
    } else if ((c.kind === "post" || c.kind === "tehsil" || c.kind === "village") && !hasName(c)) {
      // "P.O. & Dist. Malda", "PO and Dist. Mahoba": the marker has no name of its own; it shares the next marker's
      // ("Vill. & P.O-Narora" is VPO Narora), or, with no name after it, the name written before it in its part
      // ("Keesara Village & Mandal").
      const next = chunks[i + 1];
      const before = kept[kept.length - 1];
      if (c.kind === "village" && next?.kind === "post" && next.segment === c.segment && hasName(next)) villageNext = true;
      else if (c.kind === "village" && before && isPlainName(before) && before.segment === c.segment) kept[kept.length - 1] = { ...before, kind: "village", label: c.label };
      continue;
    } else if (villageNext && c.kind === "post") {
      c = { ...c, kind: "village", label: "VPO" };
      meaningful = true;
    } else if (!meaningful) meaningful = c.tokens.some(isMeaningful);
    villageNext = false;
    // "Dholpur Dist. Rajasthan": a state after the marker is the state, the district is the name before it.
    const stateValue = c.kind === "district" && c.tokens.length === 1 ? gaz.places.get((c.tokens[0] as Token).key) : undefined;
    if (stateValue?.state && !stateValue.district && !stateValue.city && !gaz.districtsByKey.has((c.tokens[0] as Token).key)) {
      r.statedState ??= stateValue.state.state === "NCR" ? "Delhi" : stateValue.state.state;
      continue;
    }
    // "Sonitpur Sadar Dist": the district's name, read right before the marker's value, is the district; the value is
    // only its sub-district's word. (After a town's name, "Tiruppur Sadar Dist", the town's district is read as for a
    // district written that the directory does not have.)
    if (c.kind === "district" && c.tokens.length === 1 && PLACE_CLOSERS.has((c.tokens[0] as Token).key) && mentions.some((m) => m.kind === "district" && m.order === c.order - 1))
      c = { ...c, kind: "unknown", label: "" };
    if (c.kind === "district") {
      if (c.order > r.districtOrder) {
        r.statedDistrict = districtName(c, rec);
        r.districtOrder = c.order;
        r.districtWritten = true;
        r.districtMarked = true;
      }
      continue;
    }
    // "At Lakhanpur": the village, as Odisha's, Bihar's and Gujarat's lists write it ("At X, P.O. Y", "At X Via Y").
    if (isPlainName(c) && c.tokens.length > 1 && c.tokens[0]?.key === "at" && c.tokens.slice(1).every((t) => t.type === WORD))
      c = { ...c, kind: "village", label: "At", tokens: c.tokens.slice(1) };
    hasHouse ||= c.kind === "house";
    hasBuilding ||= c.kind === "building";
    kept.push(c);
  }
  villageBeforeVia(kept);
  branchBeforeSubDistrict(kept);
  return { kept, careOf, meaningful, hasHouse, hasBuilding };
}

/**
 * "Lakhanpur Via Kasba": the mail goes via an office to the place written before it, which is the village (a tehsil
 * or police station between them aside). Where no post office and no village is written, that name is the village.
 */
function villageBeforeVia(kept: Chunk[]): void {
  const via = kept.findIndex((c) => c.kind === "post" && c.label === "Via");
  if (via < 0 || kept.some((c) => c.kind === "village" || (c.kind === "post" && c.label === "Post"))) return;
  for (let k = via - 1; k >= 0; k--) {
    const c = kept[k] as Chunk;
    if (c.kind === "tehsil") continue;
    if (isPlainName(c) && !isQuarter(c) && c.tokens.every(isNameWord)) kept[k] = { ...c, kind: "village", label: "" };
    return;
  }
}

/**
 * "Rampur Branch, Tehsil Phulpur": a bank's branch written right before a sub-district, where no post office or village
 * is written, is in the village it is named after (the bank's own name before it stays where it was).
 */
function branchBeforeSubDistrict(kept: Chunk[]): void {
  const k = kept.findIndex((c, n) => n > 0 && c.kind === "tehsil" && SUB_DISTRICT_LABELS.has(c.label));
  const c = kept[k - 1];
  if (!c || !isPlainName(c) || kept.some((p) => p.kind === "village" || p.kind === "post")) return;
  const end = c.tokens.length - 1;
  if (end < 1 || !BRANCH_WORDS.has((c.tokens[end] as Token).key)) return;
  // The name between the bank's word and the branch's: one or two words.
  const start = c.tokens.findLastIndex((t) => t.key === "bank") + 1;
  const name = c.tokens.slice(start, end);
  if (name.length < 1 || name.length > 2 || !name.every(isNameWord)) return;
  const village: Chunk = { ...c, kind: "village", label: "", tokens: c.tokens.slice(start), order: c.order + start };
  kept.splice(k - 1, 1, ...(start > 0 ? [{ ...c, tokens: c.tokens.slice(0, start) }, village] : [village]));
}

/**
 * Whether the last name, spelt by the transliteration, is a well-known city of the pincode by its sound (`placeBySound`)
 * and spelt as its name is heard (`heardKey`): "Karoli" (करौली) is Karauli.
 */
function soundsLikeCity(kept: readonly Chunk[], rec: PincodeRecord | null, r: Reading, text: string): boolean {
  const last = kept.findLast(isPlainName);
  if (!last || !last.tokens.every((t) => t.type === WORD) || text.toLowerCase().includes(nameOf(last).toLowerCase())) return false;
  const found = placeBySound(
    nameOf(last),
    r.statedState,
    null,
    (c) => !rec || cityMatchesRecord(c, rec),
    () => false,
  );
  const heard = heardKey(placeNameKey(nameOf(last)));
  return !!found && "city" in found && found.city.keys.some((k) => heardKey(placeNameKey(k)) === heard);
}

/** A directory town or post office a transliterated name sounds like, in the written state and district and by the pincode. */
function soundPlaceFits(key: string, rec: PincodeRecord | null, r: Reading, within: readonly string[] | null): boolean {
  if (COMMON_WORDS.has(key) || (rec && !placeNearPincode(key, rec))) return false;
  return directoryAreas(key).some((a) => (r.statedState ? inState(a.state, r.statedState) : !within || within.includes(a.state)) && (!r.statedDistrict || a.district === r.statedDistrict));
}

/** A side written after a place ("Hindupur West", "Vasai (W)"), where the directory knows no place of the whole name ("Borivali East"). */
const endsInSide = (tokens: readonly Token[]) =>
  tokens.length > 1 && DIRECTIONS.has((tokens[tokens.length - 1] as Token).key) && !isDirectoryName(placeNameKey(tokens.map((t) => t.key).join(" ")));

/** A town read with the side written after it ("Hindupur West"): the city is the town, the line keeps the chunk as written. */
interface SidedTown {
  chunk: Chunk;
  tokens: readonly Token[];
  name: string;
  outside: boolean;
}

/**
 * A town or sub-district the directory knows, spelt as it spells it, is the city: before any near spelling
 * of another place ("Baraily" is the town in Raisen, not Bareilly). With a pincode of another state it is
 * where the buyer is and the pincode is wrong ("Hindupur 560038").
 * Read only when no town, post office or village was found and no city is written.
 */
function readDirectoryTown(kept: Chunk[], rec: PincodeRecord | null, mentions: readonly Mention[], cityFromState: boolean, r: Reading): SidedTown | null {
  if (r.statedCity !== null && !(rec && cityFromState)) return null;
  // A city's name that fits no city of the pincode but is a directory town of its district (a Krishnagiri of Kurnool,
  // not the gazetteer's of Tamil Nadu, with a pincode of Kurnool) is that town, the last such written.
  const namesake = rec
    ? mentions.findLast((m) => m.kind === "city" && m.city.keys.some((k) => townNamed(placeNameKey(k))?.areas.some((a) => rec.districts.includes(a.district))))
    : undefined;
  if (namesake?.kind === "city") {
    r.statedCity = namesake.city.keys.map((k) => townNamed(placeNameKey(k))).find((t) => t?.areas.some((a) => rec?.districts.includes(a.district)))?.name ?? null;
    r.cityWritten = true;
    r.townFits = true;
    return null;
  }
  if (mentions.some((m) => m.kind === "city")) return null;
  const last = kept.findLast((c) => isPlainName(c) || isStationTown(c));
  // A town's own stop or office written before its name, no comma ("Bus Station Mawana"): the town is the name after
  // it, which the line keeps with the facility.
  const facility = last ? facilityWords(last.tokens) : 0;
  // A side written after the town: the town, the line keeping the side (`endsInSide`, `SidedTown`).
  const side = !!last && !facility && endsInSide(last.tokens);
  const named = last && (facility || side) ? { ...last, tokens: side ? last.tokens.slice(0, -1) : last.tokens.slice(facility) } : last;
  // Letters only: "Sector 62" is no "Sector-17".
  const key = named && named.tokens.every((t) => t.type === WORD || t.type === INITIALS) ? placeNameKey(nameOf(named)) : "";
  // With a pincode the line adds its state, so a written state cannot narrow the town (idempotence).
  // A locality's name of many states is a town only where a road named after a place of its state says which
  // ("Shop 9, Chakrata Road, Vikas Nagar"; `everywhereName`).
  const everywhere = !!last && !rec && !r.statedState && !r.statedDistrict && everywhereName(key);
  const within = everywhere ? roadState(kept) : null;
  let found = last && (!everywhere || within) ? writtenTown(key, rec ? null : (within ?? r.statedState), rec ? null : r.statedDistrict) : null;
  // With a pincode, a town written with its market ("Behat Mandi", "Behat Bazar") far from it is read as the town alone
  // is, the locality keeping the market as written; not where a district, state or tehsil is written (`placeSaid`).
  // Near the pincode `placeWrittenAsTown` reads it.
  const marketKey =
    rec && last && !found && !facility && !side && !placeSaid(kept, r) && last.tokens.length > 1 && MARKETS.has((last.tokens[last.tokens.length - 1] as Token).key)
      ? placeNameKey(nameOf({ ...last, tokens: last.tokens.slice(0, -1) }))
      : "";
  const marketTown = marketKey && last?.tokens.every((t) => t.type === WORD) && !placeNearPincode(marketKey, rec as PincodeRecord) ? writtenTown(marketKey, null, null) : null;
  if (last && marketTown) {
    r.statedCity = marketTown.name;
    r.townOutside = true;
    return { chunk: last, tokens: last.tokens.slice(0, -1), name: marketTown.name, outside: true };
  }
  // Without a pincode, a town that is also a post office in the state a road names is that office (see localityArea).
  const road = !rec && found && !r.statedState ? roadState(kept) : null;
  const words = last ? nameOf(last).toLowerCase().split(" ") : [];
  if (road && found && !found.areas.some((a) => a.state === road) && recordsNamed(key).some((o) => o.states.includes(road) && readsAsRoadOffice(key, words, o, kept))) found = null;
  // Nor is a quarter written with its numbered sector the far town of its bare name (`sectoredAreas`).
  const sectored = !rec && found && !r.statedState && !r.statedDistrict ? sectoredAreas(key, kept) : undefined;
  if (sectored && found && !found.areas.some((a) => sectored.some((s) => s.state === a.state))) found = null;
  // A name the pincode's own offices begin with is its locality ("Rohini" for "Rohini Sector 7", 110085).
  // In Delhi, Chandigarh or Puducherry a locality named in one of the city's offices ("Dr. Ambedkar Nagar") is the city's.
  const ownOffice = !!rec && !!last && (rec.placeKeys.some((p) => namesPlace(nameOf(last), p)) || (rec.states.some((st) => CITY_STATES.has(st)) && cityStateOffice(key, rec.entry.state)));
  if (last && found && (!rec || (!ownOffice && !placeNearPincode(key, rec)))) {
    r.statedCity = found.name;
    r.townOutside = !!rec;
    if (side) return { chunk: last, tokens: last.tokens, name: found.name, outside: !!rec };
    r.cityWritten = true;
    kept.splice(kept.indexOf(last), 1, ...(facility ? [{ ...last, tokens: last.tokens.slice(0, facility) }] : []));
    return null;
  }
  // A post office (village) the directory knows in one state only, written bare with a pincode far from it
  // ("Mettavalasa 560001"): the buyer's place and the pincode wrong, as for the town.
  // What else is written says which place it is: a district, or a tehsil, post office or village the rural readers read.
  const rural = kept.some((c) => c.kind === "tehsil" || c.kind === "post" || c.kind === "village");
  const office = rec && last && !found && !ownOffice && !facility && !side && !r.statedCity && !r.statedDistrict && !rural ? farOffice(last, key, rec, r.statedState) : null;
  if (office && last) {
    r.statedCity = office;
    r.townOutside = true;
    r.cityWritten = true;
    kept.splice(kept.indexOf(last), 1);
    return null;
  }
  // With a pincode of elsewhere, a town after an area's own word ("Main Market Sompeta 560001"): the words before are
  // the locality, and the pincode is wrong as for the town written alone. Without a pincode, a town after any name
  // that with it is no place the directory knows, no comma between ("Thota Peta Hindupur", "Rameswaram Proddatur"):
  // the town is the city and the name before it its locality, as with the comma. Not after a marker's or a landmark's
  // word ("Near Hindupur"), initials, a direction or a short word that begin a town's own name ("K. Gangavaram", "Jam
  // Khambhalia", "Old Gajuwaka", "East Jayanagar"), nor a district's name after a place of that district
  // ("Channarayapatna Hassan": the town, then its district).
  if (!last || found || !isPlainName(last)) return null;
  // Nor where a tehsil, post office or village is written: those name the place ("Khilla Ghanpur, Wanaparthy Tq.").
  const unknown = () => recordsNamed(key).length === 0 && !townNamed(key) && !kept.some((c) => c.kind === "tehsil" || c.kind === "post" || c.kind === "village");
  // A side after the town stays with it ("Thota Peta Hindupur West"): the line keeps it (`SidedTown`).
  const body = named?.tokens ?? last.tokens;
  for (const n of [2, 1]) {
    const area = body[body.length - n - 1];
    const tail = body.slice(-n);
    const head = rec ? LOCALITY_WORDS.has(area?.key ?? "") : area?.type === WORD && area.key.length >= 4 && !PEEL_BLOCKERS.has(area.key) && !DIRECTIONS.has(area.key) && unknown();
    if (!area || !head || !tail.every((t) => t.type === WORD && !COMMON_WORDS.has(t.key))) continue;
    const tailKey = placeNameKey(tail.map((t) => t.key).join(" "));
    const town = tailKey.length >= 5 ? writtenTown(tailKey, rec ? null : r.statedState, rec ? null : r.statedDistrict) : null;
    if (!town || (rec && (placeNearPincode(tailKey, rec) || officeNameKeys(rec).includes(tailKey)))) continue;
    const district = !rec ? getGazetteer().districtsByKey.get(tail.map((t) => t.key).join(" ")) : undefined;
    const inDistrict = (k: number) => {
      const headKey = placeNameKey(nameOf({ ...last, tokens: body.slice(-n - k, -n) }));
      return district !== undefined && isPlaceOfDistrict(headKey, district);
    };
    if (district && (inDistrict(1) || (body.length > n + 1 && inDistrict(2)))) continue;
    r.statedCity = town.name;
    r.townOutside = !!rec;
    const before = { ...last, tokens: body.slice(0, -n) };
    if (side) {
      const sided = { ...last, tokens: last.tokens.slice(-n - 1), order: last.order + body.length - n };
      kept.splice(kept.indexOf(last), 1, before, sided);
      return { chunk: sided, tokens: sided.tokens, name: town.name, outside: !!rec };
    }
    r.cityWritten = true;
    kept.splice(kept.indexOf(last), 1, before);
    return null;
  }
  return null;
}

/**
 * The directory's name of a village post office of one state, not the pincode's, written as the town (`readDirectoryTown`)
 * with a pincode far from it (`placeNearPincode`), else null. Not a word of four letters or fewer (an abbreviation or a
 * word: "HIT", "Pond"), a name with an address, quarter, road, person's or landmark word ("Old Bazar", "Gate"), a
 * numbered office ("Rampura No. 2"), a near spelling of a place of the pincode's district ("Hindpur") or of a word of
 * its offices' names (a village of the pincode in another spelling), the first words of a place of its district
 * ("Rampura" for "Rampura No. 2"), a known city spelt as it sounds ("Ludhiyana"), nor an office within a town of its
 * district: a town's quarters ("Gomtipur" of Ahmedabad) are named alike in many places, most without an office.
 */
function farOffice(c: Chunk, key: string, rec: PincodeRecord, written: string | null): string | null {
  const word = (t: Token) => COMMON_WORDS.has(t.key) || QUARTER_WORDS.has(t.key) || TOWARD_WORDS.has(t.key) || ROAD_NAMES.has(t.key) || PEOPLE.has(t.key) || LANDMARK_NOUNS.has(t.key);
  // A name localities of several states are called after ("Durga" of Durga Nagar) is a quarter's as often as the village's.
  if (key.length < 5 || c.tokens.some(word) || new Set(recordsNamed(`${key}nagar`).flatMap((r) => r.states)).size > 1) return null;
  const offices = officesNamed(key);
  const state = only(offices.flatMap((o) => o.rec.states));
  if (!state || !inState(state, written) || rec.states.includes(state) || offices.some((o) => /\d/.test(o.place))) return null;
  const limit = allowedEdits(key.length);
  const spelt = (name: string) => (name.toLowerCase().match(/[a-z]+/g) ?? []).some((w) => editDistance(w, key, limit) <= limit);
  const begins = rec.districts.some((d) =>
    districtPlaceKeys()
      .get(d)
      ?.get(key[0] as string)
      ?.some((n) => n.startsWith(key)),
  );
  const heard = placeBySound(
    nameOf(c),
    null,
    null,
    (city) => city.curated,
    () => false,
  );
  if (begins || (heard && "city" in heard) || placeNearPincode(key, rec) || nearPlaceIn(key, rec.districts) || rec.entry.places.some(spelt)) return null;
  const rural = offices.every(({ rec: o }) => {
    const head = districtHeadPincode(o.entry.district);
    return !head || distanceKm(head.lat, head.lng, o.entry.lat, o.entry.lng) > TOWN_DISTANCE_KM;
  });
  return rural ? (offices[0] as { place: string }).place : null;
}

/**
 * A name as it sounds, which lists and the directory spell apart: a long vowel doubled or written `ee`/`oo`, a letter
 * doubled, `th`/`dh`/`kh`/`gh`/`bh` for `t`/`d`/`k`/`g`/`b`, `y` for `i`, `sh` for `s`, `w` for `v`, `au` for `a`, a final `a`, `o` or `u`
 * dropped and a final `e` as `i` ("Sullurpet", "Sullurpeta"; "Anaparthi", "Anaparthy"; "Kadiam", "Kadiyam"; "Duvvuru",
 * "Duvvur"; "Palli", "Palle"; "Rameshwar", "Rameswar"; "Wadala", "Vadala"; "Madhavbaug", "Madhavbag"; "Bishkowa",
 * "Bishkhowa"; not "Puri" and
 * "Pur", another name). Letters only, so linear. Narrower than fuzzy.ts's `soundKey`, which folds every vowel and
 * aspirate for Hindi spelt letter by letter: on names a buyer typed in Latin letters that one guessed wrong twice as
 * often (docs/normalize.md, "A Hindi name read by its sound").
 */
function spokenKey(key: string, lastKept = false): string {
  if (key.length > SPOKEN_BUFFER.length) return key;
  return String.fromCharCode.apply(null, SPOKEN_BUFFER.subarray(0, spokenLetters(key, lastKept)) as unknown as number[]);
}

/** Writes a name's `spokenKey` (no longer than the buffer) into `SPOKEN_BUFFER`; its length. */
function spokenLetters(key: string, lastKept = false): number {
  // One pass per rule over a buffer, in the order of the rules: the directory's 130,000 office names are keyed so at
  // start-up (`spokenOfficeIndex`), a fourth of the time a chain of `replace` calls took.
  const b = SPOKEN_BUFFER;
  let n = 0;
  // ee as i, oo as u; w as v.
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if ((c === LETTER.e || c === LETTER.o) && key.charCodeAt(i + 1) === c) {
      b[n++] = c === LETTER.e ? LETTER.i : LETTER.u;
      i++;
    } else b[n++] = c === LETTER.w ? LETTER.v : c;
  }
  // au as a; th, dh, kh, gh, bh as t, d, k, g, b.
  let m = 0;
  for (let i = 0; i < n; i++) {
    const c = b[i] as number;
    b[m++] = c;
    if (i + 1 < n && ((c === LETTER.a && b[i + 1] === LETTER.u) || (ASPIRATE_DROPPED.has(c) && b[i + 1] === LETTER.h))) i++;
  }
  n = m;
  // y as i, a letter doubled as one.
  m = 0;
  for (let i = 0; i < n; i++) {
    const c = b[i] === LETTER.y ? LETTER.i : (b[i] as number);
    if (m === 0 || b[m - 1] !== c) b[m++] = c;
  }
  n = m;
  // sh as s.
  m = 0;
  for (let i = 0; i < n; i++) {
    b[m++] = b[i] as number;
    if (b[i] === LETTER.s && i + 1 < n && b[i + 1] === LETTER.h) i++;
  }
  n = m;
  if (lastKept) return n;
  // A last a, o or u dropped, then a last e as i.
  if (n > 0 && (b[n - 1] === LETTER.a || b[n - 1] === LETTER.o || b[n - 1] === LETTER.u)) n--;
  if (n > 0 && b[n - 1] === LETTER.e) b[n - 1] = LETTER.i;
  return n;
}
const SPOKEN_BUFFER = new Uint16Array(256);
const LETTER = Object.fromEntries([..."abdeghiosuvwy"].map((c) => [c, c.charCodeAt(0)])) as Record<"a" | "b" | "d" | "e" | "g" | "h" | "i" | "o" | "s" | "u" | "v" | "w" | "y", number>;
const ASPIRATE_DROPPED: ReadonlySet<number> = new Set([..."tdkgb"].map((c) => c.charCodeAt(0)));

/** Directory towns and sub-districts (`placeNameKey`) by a key of their sound, from 5 sounds up; built on first use. */
function townsBySound(keyOf: (key: string) => string): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const key of directoryTowns().keys()) {
    const sound = keyOf(key);
    if (sound.length < SPOKEN_TOWN_SOUND || COMMON_WORDS.has(key)) continue;
    const list = index.get(sound);
    if (list) list.push(key);
    else index.set(sound, [key]);
  }
  return index;
}

let spokenTowns: Map<string, string[]> | null = null;

/** Directory towns and sub-districts by `spokenKey`. */
function spokenTownIndex(): Map<string, string[]> {
  spokenTowns ??= townsBySound(spokenKey);
  return spokenTowns;
}

let spokenOffices: HashedNames | null = null;

/**
 * Directory post offices that are no town (`placeNameKey`) by their `spokenKey`'s hash, built with the directory (no
 * request pays for it); hashed, not keyed by the sounds, which would make 120,000 strings.
 */
function spokenOfficeIndex(): HashedNames {
  if (!spokenOffices) {
    const towns = directoryTowns();
    spokenOffices = hashNames(
      (function* () {
        for (const [key] of officeNames()) if (key.length >= SPOKEN_TOWN_LETTERS && key.length <= SPOKEN_BUFFER.length && !towns.has(key) && !COMMON_WORDS.has(key)) yield key;
      })(),
      (key) => fnv1a(SPOKEN_BUFFER, spokenLetters(key)),
    );
  }
  return spokenOffices;
}

/** The post offices of `spokenOfficeIndex` that sound as a name does. */
function spokenOfficesAs(key: string): string[] {
  if (key.length > SPOKEN_BUFFER.length) return [];
  const spoken = spokenKey(key);
  return namesHashed(spokenOfficeIndex(), fnv1a(SPOKEN_BUFFER, spoken.length)).filter((k) => spokenKey(k) === spoken);
}
/** Shorter names sound like too many post offices (130,000 names). */
const SPOKEN_LETTERS = 8;
/**
 * A name written for a town (9,500 names) may be shorter, and so may the town's own sound: "Bobbeeli" finds Bobbili
 * (`bobili` both) as "Sullurpet" finds Sullurpeta, "Sompet" Sompeta (`sompet`) and "Makkuv" Makkuva (`makuv`).
 */
const SPOKEN_TOWN_LETTERS = 6;
const SPOKEN_TOWN_SOUND = 5;

/**
 * A transliterated name as its Latin spellings sound (`spokenKey`: a long vowel doubled, an aspirate, `w`/`v`, `sh`/`s`,
 * `y`/`i`, a doubled letter), and `au`/`o`, `z`/`j`, `f`/`ph`, `x`/`ks`, `r`/`d` (`ड़` for a `d`) besides: धोराजी
 * "Dhoraji", बाजपुर "Bajpur" (Bazpur). Its last vowel kept: the transliteration writes a last long vowel and drops a silent `a` as Latin spellings
 * do (इंदौर "Indor" is no Indora).
 */
function heardKey(key: string): string {
  return spokenKey(key.replace(/au/g, "o").replace(/z/g, "j").replace(/f/g, "ph").replace(/x/g, "ks").replace(/r/g, "d"), true);
}

let heardTowns: Map<string, string[]> | null = null;

/** Directory towns and sub-districts by `heardKey`, built on the first transliterated name. */
function heardTownIndex(): Map<string, string[]> {
  heardTowns ??= townsBySound(heardKey);
  return heardTowns;
}

let spokenCommon: ReadonlySet<string> | null = null;

/**
 * The directory town a name (`placeNameKey`, no place spelt so) is spelt as it sounds (`spokenKey`), within the state
 * and district written: one town of one state, or several spellings that all lie in one district of one state
 * ("Jhandutt", "Jhandutta": the nearest spelling, then the one with more pincodes). `sounded` where some town sounds
 * so, one or not. Not a name that sounds as an address word does ("Chaurah" is a misspelt crossroads, not Chharrah).
 * With `heard`, a transliterated name: the towns heard as it is (`heardKey`) that `heard` takes.
 */
function spokenTown(key: string, state: string | null, district: string | null, heard?: (town: string) => boolean): { town: DirectoryTown | null; sounded: boolean } {
  spokenCommon ??= new Set([...COMMON_WORDS].map((k) => spokenKey(k)));
  if (spokenCommon.has(spokenKey(key))) return { town: null, sounded: true };
  const towns =
    (heard ? heardTownIndex().get(heardKey(key))?.filter(heard) : spokenTownIndex().get(spokenKey(key)))
      ?.map((k) => townNamed(k))
      .filter((t): t is DirectoryTown => !!t && t.areas.some((a) => inState(a.state, state) && (!district || a.district === district))) ?? [];
  const town = oneTown(key, towns);
  if (!town) return { town: null, sounded: towns.length > 0 };
  // A name under eight letters meets more towns a letter off: not where a town of several states is as near ("Shapura":
  // Shhapura of Jaipur sounds so, Shahpura of Rajasthan and Madhya Pradesh is a letter off too).
  const common = (k: string) => new Set(townNamed(k)?.areas.map((a) => a.state)).size > 1;
  return { town: key.length < SPOKEN_LETTERS && townWithin(key, Math.min(swapDistance(key, placeNameKey(town.name), key.length), 2), common) ? null : town, sounded: true };
}

/**
 * The one town a misspelt name (`placeNameKey`) stands for among the directory towns it is spelt near: one town of one
 * state, or several spellings of one state that all lie in one district (a town the directory also lists under the
 * district carved from it counts), the nearest spelling (then the one with more pincodes). A name of two states
 * ("Tarapur") is no guess to make, nor one of two towns of two districts ("Kovvur", "Kovvuru").
 */
function oneTown(key: string, towns: readonly DirectoryTown[]): DirectoryTown | null {
  const first = towns[0];
  if (!first || only(towns.flatMap((t) => t.areas).map((a) => a.state)) === null) return null;
  if (towns.length > 1 && !first.areas.some((a) => towns.every((t) => t.areas.some((b) => b.district === a.district)))) return null;
  const apart = (t: DirectoryTown) => swapDistance(key, placeNameKey(t.name), key.length);
  return towns.reduce((a, b) => (apart(b) < apart(a) || (apart(b) === apart(a) && b.codes.length > a.codes.length) ? b : a));
}

/**
 * Without a pincode the directory can read or a city written, where nothing else names the city, a directory town a
 * letter off (`nearTownWritten`), else the last name written
 * (a village's, as `isVillageName`) that is no place the directory or the gazetteer knows, spelt as one directory town
 * or sub-district of one state sounds (`spokenKey`): the city is that town, in the directory's spelling ("Main Road,
 * Sullurpet" → Sullurpeta); the line keeps the name as written. Within the written state; one town only, or the directory's
 * spellings of one district's town (`spokenTown`), never a guess between two. Where no town sounds so, a post
 * office that is no town and whose name lies in one district, of eight letters or more ("Main Road, Nagayyapet" → the
 * office Nagayyapeta).
 */
function readMisspeltTown(kept: readonly Chunk[], r: Reading, near: { chunk: Chunk; name: string } | null): Chunk | null {
  // A town a letter off, found while the city was read (`nearTownWritten`).
  if (near && kept.includes(near.chunk)) {
    r.statedCity = near.name;
    return near.chunk;
  }
  const last = kept.findLast(isPlainName);
  if (!last || isQuarter(last) || !isVillageName(last)) return null;
  const key = placeNameKey(nameOf(last));
  if (key.length < SPOKEN_TOWN_LETTERS || COMMON_WORDS.has(key) || isDirectoryName(key) || getGazetteer().places.has(nameOf(last))) return null;
  // Within the state and the district written ("Maheswar Mandal, R.R. Dist." is no town of another state spelt so).
  const district = r.statedDistrict;
  const { town, sounded } = spokenTown(key, r.statedState, district);
  if (town && townElsewhere(kept, last, new Set(town.areas.map((a) => a.state)))) return null;
  if (town) {
    r.statedCity = town.name;
    return last;
  }
  if (sounded || key.length < SPOKEN_LETTERS || hasQuarterWordInside(key)) return null;
  // Else a post office that is no town, sounding the same ("Bontalakodur" for the office Bontalakoduru, "Boyalapally"
  // for Boyalapalle), whose name is found in one district only, within what is written: the village's own office.
  const offices = spokenOfficesAs(key).flatMap((k) => officesNamed(k));
  const within = offices.filter((o) => inState(o.rec.entry.state, r.statedState) && (!district || o.rec.districts.includes(district)));
  if (within.length === 0 || only(offices.map((o) => o.rec.entry.district)) === null) return null;
  // Not where a word of a longer name is a place spelt right (that word is the place), nor where a directory town is
  // two letters off (the town misspelt, not an office elsewhere that sounds so), nor where another name written is an
  // office of other districts only (the address lies there).
  const office = within[0] as { rec: PincodeRecord; place: string };
  if (last.tokens.length > 1 && last.tokens.some((t) => t.key.length >= 5 && (recordsNamed(t.key).length > 0 || townNamed(t.key)))) return null;
  if (townWithin(key, 2)) return null;
  const elsewhere = kept.some((c) => {
    if (c === last || !isPlainName(c)) return false;
    const recs = recordsNamed(placeNameKey(nameOf(c)));
    return recs.length > 0 && recs.every((rec) => !rec.districts.includes(office.rec.entry.district));
  });
  if (elsewhere) return null;
  r.statedCity = office.place;
  return last;
}

/**
 * A post office of the city written after it, in an address that names no village, with a pincode that lies in that
 * city ("P.O. Raja Ki Mandi, Agra 282002"): a quarter of the city with an office of its own, so the city is the city
 * (contract: "even where the area has its own post office"). The office is one of the pincode's own, or every office
 * of that name in the city's district lies within the city's spread (the directory does not list every quarter's
 * office under its pincode). Without a pincode nothing tells a quarter from a village 14 km out: the office stays
 * the town.
 */
function postOfficeOfCity(post: Chunk, kept: readonly Chunk[], city: CityDef, rec: PincodeRecord | null, mentions: readonly Mention[]): boolean {
  if (!rec || kept.some((c) => c.kind === "village") || !mentions.some((m) => m.kind === "city" && m.city === city && m.order > post.order)) return false;
  if (!city.districts.some((d) => rec.districts.includes(d)) || farFrom(city, rec.entry)) return false;
  const key = placeNameKey(nameOf(post));
  return officeNameKeys(rec).includes(key) || recordsNamed(key).every((r) => !city.districts.some((d) => r.districts.includes(d)) || !farFrom(city, r.entry));
}

/**
 * Whether a village written with its marker and no post office lies in the city written after it: the directory's town
 * of that name (its sub-district or head office) holds the written pincode, and that lies within the city's 15 km
 * ("Village Khera, Amar Path, Meerut 250110"). The city is then the post-office town the address names and the village
 * its locality (contract). A pincode of another town's keeps the village ("Vill. Supa, Mahoba 210421"), as does a
 * village 30 km out in the city's sub-district, and the city's own head office's pincode, which buyers write for
 * the district's villages that do not know theirs ("Village Rampur, Sikar 332001").
 */
function villageOfCity(place: Chunk, city: CityDef, rec: PincodeRecord | null, mentions: readonly Mention[]): boolean {
  if (!rec || place.kind !== "village" || place.label !== "Village" || !mentions.some((m) => m.kind === "city" && m.city === city && m.order > place.order)) return false;
  if (farFrom(city, rec.entry) || cityCentre(city)?.code === rec.entry.code) return false;
  return city.keys.some((k) => !!townNamed(placeNameKey(k))?.codes.includes(rec.entry.code));
}

/**
 * Whether a village or post office written with a metro lies beyond the metro's spread (`townDistanceKm`): one of the
 * pincode's own offices, or without a pincode the one office of that name in the metro's districts.
 */
function beyondMetro(place: Chunk, city: CityDef, rec: PincodeRecord | null): boolean {
  const key = placeNameKey(nameOf(place));
  const found = rec ? (officeNameKeys(rec).includes(key) ? [rec] : []) : recordsNamed(key).filter((r) => city.districts.some((d) => r.districts.includes(d)));
  const at = found.length === 1 ? (found[0] as PincodeRecord).entry : null;
  return !!at && farFrom(city, at, townDistanceKm(city, rec));
}

/**
 * The town of a side written after a town or village of the district ("Shahada West", "Post Chalisgaon (E)", "Mohida
 * West, Tal. Shahada"): the city is the town, the line keeps the side. Also where the directory has an office of the
 * side's name, which the parser keeps one token (`townTokens` leaves it whole). Null elsewhere, and in a metro whose
 * districts are the city, where the side names the quarter ("Andheri East").
 */
function townOfSide(tokens: readonly Token[], rec: PincodeRecord | null, r: Reading): string | null {
  const words = tokens
    .map((t) => t.key)
    .join(" ")
    .split(" ");
  const district = rec?.entry.district ?? r.statedDistrict;
  if (words.length < 2 || !DIRECTIONS.has(words[words.length - 1] as string) || !district || CITY_DISTRICTS.has(rec?.entry.city ?? "")) return null;
  if (!isPlaceOfDistrict(placeNameKey(words.slice(0, -1).join("")), district)) return null;
  return render(tokens, false).replace(/[\s(-]+[A-Za-z]+\)?$/, "");
}

/**
 * The city when no city name decided it: a town the text names, a rural post office or village, a
 * directory town or sub-district, a near spelling of the pincode's town or of a known city, a place
 * written as a town. Takes the chosen chunk out of `kept`; settles the reading's city and its fit.
 */
function readCity(text: string, kept: Chunk[], rec: PincodeRecord | null, city: CityDef | null, mentions: readonly Mention[], cityFromState: boolean, r: Reading) {
  let nearTown: { chunk: Chunk; name: string } | null = null;
  let soundTown: { chunk: Chunk; key: string } | null = null;
  const gaz = getGazetteer();
  villageBeforeCityAfter(kept, city, mentions);
  // A town written in the text is the city; a misspelt city ("Ahmedbad") is read as that city.
  const found = !r.statedCity || r.statedCity === city?.name ? (findTown(kept, rec, city, r.statedDistrict, r.statedState) ?? pincodeTownAfter(kept, rec, city, mentions)) : null;
  // "Puducherry" written as the state stands for no city written (`readDirectoryTown`).
  const suffixed = found || city || (r.statedCity && !cityFromState) ? null : suffixedTownWritten(kept, rec, r.statedState, r.statedDistrict);
  const town = found ?? suffixed?.chunk ?? null;
  // In a rural address the city is the post office written (P.O., VPO, At/Post), else the village;
  // a metro's urban villages stay in the metro, unless they lie beyond its spread ("Vill. & P.O. Amta, Howrah 711401").
  const post = lastChunk(kept, "post", "Post");
  // "At X" and a name before "Via Y" are the village; with no other place, the office the mail goes via is the one the
  // address names (never the district's town).
  const place =
    post ??
    lastChunk(kept, "village", "VPO") ??
    lastChunk(kept, "village", "Village") ??
    lastChunk(kept, "village", "At") ??
    lastChunk(kept, "village", "") ??
    kept.find((c) => c.kind === "post" && c.label === "Via" && c.tokens.every(isNameWord));
  // So are the post offices of a metro that is its state, where the state's name is read as the state ("PO Mehrauli,
  // Delhi 110030").
  const cityState = !city && !!rec && METROS.has(rec.entry.city ?? "") && CITY_STATES.has(rec.entry.state) && r.statedState === rec.entry.state;
  const metro = city ?? (cityState ? gaz.citiesByName.get(rec?.entry.city ?? "") : undefined);
  const metroVillage = !!metro && METROS.has(metro.name) && !(place && beyondMetro(place, metro, rec));
  // A post office named after a quarter ("P.O. Civil Lines, Dist. Fatehpur 212601") is no town: the city is the one written,
  // where one is (the pincode's town is not put in). One named "<town> City" after the pincode's own town ("P.O. Gonda
  // City 271001") is that town's quarter too, and names the town.
  // Not an office at the head of such a value ("P.O. Punpun Gola Market": Punpun).
  const quarter = !!place && isQuarter(place) && (!!city || !!rec?.entry.city) && officeAtHead(place.tokens, rec, r.statedDistrict).length === place.tokens.length;
  const own = rec && !city && !town && place?.tokens.length === 2 && place.tokens[1]?.key === "city" ? getGazetteer().citiesByName.get(rec.entry.city ?? "") : undefined;
  const cityOffice = !!own && own.keys.some((k) => placeNameKey(k) === placeNameKey(place?.tokens[0]?.key ?? ""));
  const rural =
    town || metroVillage || quarter || cityOffice || (post && city && postOfficeOfCity(post, kept, city, rec, mentions)) || (place && city && villageOfCity(place, city, rec, mentions))
      ? null
      : place;
  if (cityOffice) {
    r.statedCity = own.name;
    r.townFits = true;
    r.cityWritten = false;
  }
  const transliterated = typeof text === "string" && NON_ASCII.test(text) && hasIndianScript(text);
  // Spelt as a directory town is, a Hindi name is that town before a near spelling of another place (धोराजी is Dhoraji,
  // no Dhemaji); not where a well-known city sounds as it does (करौली, "Karoli", is Karauli). A regional script's name is
  // read so after them: a town spelt so may lie where the script is not written (ସମ୍ବଲପୁର, "Sambalapur", is Sambalpur).
  const directoryLast = transliterated && !town && !rural && !city && (!!scriptStates(text) || soundsLikeCity(kept, rec, r, text));
  let sided = !town && !rural && !city && !directoryLast ? readDirectoryTown(kept, rec, mentions, cityFromState, r) : null;
  if (town) {
    // "Kalyan West" is Kalyan, and "Bhayander East" the gazetteer's Bhayander, where the directory knows no place of
    // the whole name or the gazetteer the name without the direction ("Kandivali East" is an office): the line keeps
    // the part as written.
    const whole = placeNameKey(nameOf(town));
    const part = townTokens(town.tokens);
    // "Indri Town" is Indri, though the directory has an office of that name: the town's own.
    const known =
      !!getGazetteer().places.get(part.map((t) => t.key).join(" "))?.city ||
      nameOf(town)
        .slice(part.map((t) => t.key).join(" ").length)
        .trim() === "town";
    r.statedCity = (!known && townOfSide(town.tokens, rec, r)) || render(!known && isDirectoryName(whole) ? town.tokens : part, false);
    r.townFits = !suffixed?.far;
    r.townOutside = !!suffixed?.far;
    r.cityWritten = false;
  } else if (rural) {
    const office = officeAtHead(townTokens(rural.tokens), rec, r.statedDistrict);
    const key = placeNameKey(office.map((t) => t.key).join(""));
    r.statedCity = townOfSide(office, rec, r) ?? render(office, false);
    r.townFits = !!rec && officeNameKeys(rec).includes(key);
    // A directory town far from the pincode is where the buyer is, and the pincode is wrong, as for the town written
    // alone ("Post Hindupur 560001"); the directory may name the town with its side ("Malad West"). Not outside the
    // district written, nor with a city of the pincode written: they say the name is a village's of their own, as
    // villages share names with towns far away.
    const town = [key, placeNameKey(nameOf(rural))].find((k) => writtenTown(k, null, r.statedDistrict));
    r.townOutside = !!rec && !r.townFits && !!town && !placeNearPincode(town, rec) && !(city && cityMatchesRecord(city, rec));
    r.cityWritten = false;
  } else if (!city && rec && r.statedCity === null) {
    // A misspelling of the pincode's own town ("Bareli" for Bareilly) may be up to three letters off,
    // unless it is one of the pincode's own post offices spelt right ("Karodia" in 391310 is no "Baroda").
    const last = [...kept].reverse().find(isPlainName);
    const own = gaz.citiesByName.get(rec.entry.city ?? "");
    if (last && own && !officeNameKeys(rec).includes(placeNameKey(nameOf(last))) && spellsCity(own, nameOf(last))) {
      r.statedCity = own.name;
      r.cityWritten = true;
      kept.splice(kept.indexOf(last), 1);
    }
  }
  if (!town && !rural && !city && r.statedCity === null) {
    const last = [...kept].reverse().find(isPlainName);
    // A post office's own name is that place, not a misspelt district town ("Baramati" is no "Barasat").
    const key = last ? placeNameKey(nameOf(last)) : "";
    // A transliteration's spelling is not the buyer's: "Raypur" (रायपुर) is no office of that name.
    const office = !transliterated && (recordsNamed(key).length > 0 || (!!last && !!suffixedTown(last.tokens)));
    // One of the pincode's own post offices is spelt right ("Vashi" in 400703 is no "Vasai").
    // Nor is a locality's name of many states a city's spelling where nothing written says which (`everywhereName`).
    const everywhere = !rec && !r.statedState && !r.statedDistrict && everywhereName(key);
    // Exact before near (issue 30): without a pincode, a town's or post office's name is that place, also where a known
    // city is spelt a letter or two off ("Baraily" is Raisen's town, no Bareilly; "Kallata" is Srikakulam's office, no
    // Kolkata; "Ahemdabad" is Bareilly's). With one, a known city of the pincode is the name misspelt.
    const fits = (c: CityDef) => (!rec || cityMatchesRecord(c, rec)) && (!office || c.keys.includes(key) || (!!rec && c.curated));
    // Nor is a gate named after a town ("Udaipur Naka") a misspelt longer name.
    const gate =
      !!last &&
      last.tokens.length === 2 &&
      TOWARD_WORDS.has((last.tokens[1] as Token).key) &&
      (!!townNamed(placeNameKey((last.tokens[0] as Token).key)) || !!gaz.places.get((last.tokens[0] as Token).key)?.city);
    // Hindi spelt letter by letter may sound like a place it is not spelt near ("मेरठ" is "Merath": Meerut); a name the
    // buyer wrote in Latin letters is spelt as meant. A place of that sound comes before a near spelling of another
    // (धोराजी is Dhoraji, no Dhemaji).
    // A name in a regional script sounds like a place where that script is written (திண்டுக்கல் is no town of Odisha).
    const within = transliterated ? scriptStates(text) : null;
    const transliteratedName = transliterated && !!last && !everywhere && last.tokens.every((t) => t.type === WORD) && !text.toLowerCase().includes(nameOf(last).toLowerCase());
    const placeFits = (k: string) => soundPlaceFits(k, rec, r, within);
    const bySound = transliteratedName && last ? placeBySound(nameOf(last), r.statedState, within, fits, placeFits) : null;
    // A directory town heard so (`heardKey`), where no well-known city sounds as the name does; several: none.
    const heard = transliteratedName && !(bySound && "city" in bySound) && key.length >= SPOKEN_TOWN_SOUND ? spokenTown(key, r.statedState, r.statedDistrict, placeFits) : null;
    if (heard?.town && last) soundTown = { chunk: last, key: placeNameKey(heard.town.name) };
    const fuzzy =
      !(bySound && "city" in bySound) && !heard?.sounded && last && !(rec && officeNameKeys(rec).includes(key)) && !everywhere && !gate && !COMMON_WORDS.has(key)
        ? fuzzyCity(nameOf(last), r.statedState, fits)
        : null;
    // A town spelt right elsewhere in the address is where a near spelling of a far city is not.
    const spelt = fuzzy && last && !rec && !r.statedState && !r.statedDistrict && townElsewhere(kept, last, new Set(fuzzy.districts.map((d) => directoryDistricts().get(d)))) ? null : fuzzy;
    // A post office of that sound comes after a well-known city spelt near (ସମ୍ବଲପୁର, "Sambalapur", is Sambalpur).
    const sound = heard?.sounded || spelt ? null : bySound;
    if (sound && "town" in sound && last) soundTown = { chunk: last, key: sound.town };
    const cityGuess = spelt ?? (sound && "city" in sound ? sound.city : null);
    // Without a pincode, a directory town spelt a letter off ("Kanchli" for Kanchili), nearer than any city.
    // Words only: initials ("S S Puram") leave too few letters to tell places apart; and no locality's name ("Sanjay
    // Nagar", "Vikas Park"), found in every city, that a town far away happens to be spelt near.
    const letters =
      !!last && last.tokens.every((t) => t.type === WORD && t.key.length > 1) && !(last.tokens.length > 1 && LOCALITY_WORDS.has((last.tokens[last.tokens.length - 1] as Token).key));
    // Not where a tehsil, post office or village is written: those name the place ("Tamaram, X Mandal").
    const marked = kept.some((c) => c.kind === "tehsil" || c.kind === "post" || c.kind === "village");
    const bare = !!last && kept.every((c) => c === last || LINE_FIRST.has(c.kind)) && kept.some((c) => c.kind === "street" || c.kind === "landmark");
    const near =
      last && letters && !gate && !marked && !rec && !office && !transliterated ? nearTownWritten(key, cityGuess, r.statedState, r.statedDistrict, bare) : { town: null, guess: cityGuess };
    const guess = near.guess;
    // Read as the town where nothing else names the place (`readMisspeltTown`), its name kept in the line as written.
    if (last && near.town) nearTown = { chunk: last, name: near.town };
    else if (last && guess && (!r.statedCity || r.statedCity === guess.name)) {
      r.statedCity = guess.name;
      r.cityWritten = true;
      kept.splice(kept.indexOf(last), 1);
      r.statedState ??= stateOfCity(guess.name) ?? (CITY_STATES.has(guess.name) ? guess.name : null);
    }
  }
  if (directoryLast) sided = readDirectoryTown(kept, rec, mentions, cityFromState, r);
  if (soundTown && r.statedCity === null && kept.includes(soundTown.chunk)) {
    r.statedCity = townNamed(soundTown.key)?.name ?? officesNamed(soundTown.key)[0]?.place ?? null;
    r.cityWritten = true;
    kept.splice(kept.indexOf(soundTown.chunk), 1);
  }
  // With a pincode the directory does not know, the district of the pincodes next to it narrows the place written,
  // where nothing else found it ("Vaddemukala - 522125": 522125 is unknown, the office is 522124's).
  // A pincode of another state than the district written is wrong ("Main Road, Chhatrapur, Ganjam Dist. 500032"): the
  // place is read within that district, as with no pincode, and the pincode is flagged, as for a far directory town.
  const otherState = !!rec && !!r.statedDistrict && districtElsewhere(rec, r.statedDistrict) && !rec.states.includes(directoryDistricts().get(r.statedDistrict) ?? "");
  const beside = r.statedCity === null && !town && !rural && !!rec && !otherState && nearOwnCity(rec);
  const placeTown =
    sided ??
    (r.statedCity === null && !town && !rural
      ? rec && beside
        ? (placeBesideOwnCity(kept, rec, r) ?? branchTown(kept, rec, r.statedDistrict, r.statedState, true) ?? facilityTown(kept, rec, r, true))
        : (placeWrittenAsTown(kept, otherState ? null : rec, r.statedDistrict, r.statedState) ??
          (r.neighbourDistrict && !r.statedDistrict ? placeBesideUnknownPincode(kept, r.neighbourDistrict, r.statedState) : null) ??
          branchTown(kept, otherState ? null : rec, r.statedDistrict, r.statedState) ??
          facilityTown(kept, otherState ? null : rec, r))
      : null);
  if (placeTown) {
    const name = (placeTown as { name?: string }).name ?? render(placeTown.tokens, false);
    r.statedCity = name;
    r.townFits = !!rec && officeNameKeys(rec).includes(placeNameKey(name));
    // Beside its district town's pincode, the place is where the parcel goes and the pincode another town's: verify
    // flags the mismatch and suggests the place's own pincode.
    r.townOutside = otherState || ("outside" in placeTown && !!placeTown.outside) || (beside && !!rec && !townNamed(placeNameKey(name))?.codes.includes(rec.entry.code));
  }
  // "Kushinagar Distt Deoria": a place called as another district is, written before the district (kept by the parser), is
  // the town where nothing else is.
  if (r.statedCity === null && !town && !rural && !placeTown && r.districtWritten) {
    const named = [...kept].reverse().find((c) => {
      const def = isPlainName(c) ? gaz.places.get((c.tokens[c.tokens.length - 1] as Token).key) : undefined;
      return c.tokens.length === 1 && !!def?.district && !def.city && !def.state && def.district !== r.statedDistrict;
    });
    if (named) r.statedCity = render(named.tokens, false);
  }
  /** The city written when a town or a post office took its place: it names the district. */
  const displaced = (town || rural) && city ? city : null;
  if (displaced && !r.statedDistrict) {
    const own = rec ? displaced.districts.filter((d) => rec.districts.includes(d)) : displaced.districts;
    if (own.length === 1) r.statedDistrict = own[0] as string;
  }
  return { town, rural, placeTown, displaced, nearTown };
}

/**
 * The directory's name of a town a letter or two off the written one (`nearDirectoryTown`), in the written state and
 * district, where no other town or post office and no near city (`guess`) is as near: "Kancili" is Kanchili of
 * Srikakulam, not Kanchipuram. `guess` is kept only where no town or office is nearer ("Baptala" is no Barnala:
 * Bapatla and Battala are nearer).
 */
function nearTownWritten(key: string, guess: CityDef | null, state: string | null, district: string | null, bare: boolean): { town: string | null; guess: CityDef | null } {
  const found = COMMON_WORDS.has(key) ? null : nearDirectoryTown(key);
  if (!found) return { town: null, guess };
  // A name that sounds as another directory town ("Yellapoor": Yellapur) is that one misspelt, not one a letter off
  // (Yellanoor): `readMisspeltTown` reads it, or nothing where the sound names no one place.
  const sounds = key.length >= SPOKEN_TOWN_LETTERS ? spokenTownIndex().get(spokenKey(key)) : undefined;
  // Two places as near: a name written bare that sounds as no town may yet be one town (`nearTownOfOneState`), among
  // the places as near within the state or district written.
  const near = found.key === null && bare && !sounds ? { ...found, key: nearTownOfOneState(key, found.distance, state, district) } : found;
  const cityDistance = guess ? Math.min(...guess.keys.map((k) => swapDistance(key, placeNameKey(k), near.distance))) : Infinity;
  if (cityDistance <= near.distance) return { town: null, guess };
  if (sounds && near.key && !sounds.includes(near.key)) return { town: null, guess: null };
  // A city's own name is the city's near spelling to find (`fuzzyCity`), under the city's name.
  const town = near.key && !getGazetteer().places.get(near.key)?.city ? townNamed(near.key) : null;
  const fits = !!town && town.areas.some((a) => inState(a.state, state) && (!district || a.district === district));
  if (town || !near.key || key.length < SPOKEN_LETTERS || spokenKey(near.key) !== spokenKey(key) || hasQuarterWordInside(key)) return { town: fits && town ? town.name : null, guess: null };
  // A post office a letter off that sounds the same ("Gokarnapally", office Gokarnapalli; not one of another
  // sound a letter off), of one district within what is written: the village's own office. Not a quarter's name ("…nagar"), which
  // every city has: an office far away may sound like it.
  const offices = officesNamed(near.key).filter((o) => inState(o.rec.entry.state, state) && (!district || o.rec.districts.includes(district)));
  const one = only(offices.map((o) => o.rec.entry.district)) !== null;
  return { town: one ? ((offices[0] as { place: string }).place ?? null) : null, guess: null };
}

/**
 * The town a name written bare (a street before it, nothing else; no place spelt so) stands for where directory places
 * of several names are as near (`distance`), within the state and district written (the places elsewhere decide
 * nothing: "Main Road, Tikkali, Andhra Pradesh" is Tekkali too): the places as near where all lie in one state, else those of them that
 * sound as the name does (`soundKey`: a vowel changed, a letter doubled; or `spokenKey`: a last vowel dropped), where
 * those lie in one state; and the towns among them one town (`oneTown`). "Main Road, Tikkali" is Tekkali of Andhra Pradesh
 * (a place of another name, as near, sounds otherwise); "Sirnapalli" is none (Sinapalli of Odisha, the offices Sirapalli
 * and Sirsapalli of two other states, each a letter off, all sound otherwise). Only after the near search tied.
 */
function nearTownOfOneState(key: string, distance: number, state: string | null, district: string | null): string | null {
  const within = (a: Area) => inState(a.state, state) && (!district || a.district === district);
  const areas = (k: string) => directoryAreas(k).filter(within);
  const places = [...townsWithin(key, distance, nearTownIndex())].filter((k) => areas(k).length > 0);
  const oneState = (keys: readonly string[]) => keys.length > 0 && only(keys.flatMap(areas).map((a) => a.state)) !== null;
  const [sound, spoken] = [soundKey(key), spokenKey(key)];
  const near = oneState(places) ? places : places.filter((k) => soundKey(k) === sound || spokenKey(k) === spoken);
  const town = oneState(near)
    ? oneTown(
        key,
        near.flatMap((k) => townNamed(k) ?? []),
      )
    : null;
  return town ? placeNameKey(town.name) : null;
}

/** Parts the line writes before the place names, whatever their order in the text. */
const LINE_FIRST: ReadonlySet<Chunk["kind"]> = new Set(["house", "floor", "building", "street", "landmark", "recipient"]);

/**
 * A village written right before its tehsil, taluk or mandal ("Khejarla, Teh. Bilara", "Keesara, Ghatkesar
 * Mandal"), where nothing else names the city: the contract's city of a rural address is its post-office town, else
 * the village. A plain name of one or two words of three letters or more, no address, road or landmark word (lists
 * glue words: "Kalyan X Roads" is a crossing, "Br Khejarla" a branch, "Roadkhejarla" two words, "DCCB" a bank). The city only: a village's name is
 * too often a place of another state to say where the address lies, so district and state come from what else is
 * written (the directory may not know the village at all).
 */
function villageBeforeSubDistrict(kept: readonly Chunk[]): Chunk | null {
  // Parts the line writes ahead of the place names (a house number, a landmark) are not between them there: the part
  // after each is the first one after it that is none of them (else the last), kept while walking back (linear in the parts).
  let n = kept.length - 1;
  for (let k = kept.length - 2; k >= 0; k--) {
    const c = kept[k] as Chunk;
    if (k + 1 < kept.length - 1 && !LINE_FIRST.has((kept[k + 1] as Chunk).kind)) n = k + 1;
    const next = kept[n] as Chunk;
    if (next.kind !== "tehsil" || !SUB_DISTRICT_LABELS.has(next.label) || !isPlainName(c)) continue;
    if (isVillageName(c)) return c;
  }
  return null;
}

/** A name written where a place goes (glued to a word too), which may be the village the parcel goes to though the directory need not know it. */
const namesAPlace = (p: Chunk) => isPlainName(p) && p.tokens.some((t) => t.type === WORD && t.key.length >= 3 && VOWEL.test(t.key) && !COMMON_WORDS.has(t.key));

/**
 * A landmark that is a town's own facility (`townFacility`: "Near Hindupur Bus Stand, Dist. Anantapur") where no other
 * place is written: the parcel goes to that town. In the pincode's district (without one, the written district or
 * state; with nothing written, one district only); the line keeps the landmark as written. Beside the pincode's own
 * city (`farOnly`), only a town far from the pincode.
 */
function facilityTown(kept: readonly Chunk[], rec: PincodeRecord | null, r: Reading, farOnly = false): { chunk: Chunk; tokens: readonly Token[]; outside?: boolean } | null {
  const c = kept.findLast((p) => p.kind === "landmark");
  if (!c || kept.some(namesAPlace)) return null;
  for (const { name } of townFacility(c.tokens)) {
    const town = townNamed(placeNameKey(name));
    // Far from the pincode it is where the buyer is, and the pincode is wrong, as for the town written alone; not a
    // known city's stand in a metro, where buses leave for it ("Near Jaipur Bus Stand" in Delhi).
    const far = !!town && !!rec && !placeSaid(kept, r) && !placeNearPincode(placeNameKey(name), rec) && !(METROS.has(rec.entry.city ?? "") && getGazetteer().places.get(name)?.city);
    if (!town || (!far && (farOnly || only(inAreas(town, rec, r).map((a) => a.district)) === null))) continue;
    // The town's tokens: a token's key may hold words the tokenizer kept together.
    for (let n = 1; n <= c.tokens.length; n++) {
      const tokens = c.tokens.slice(0, n);
      if (tokens.map((t) => t.key).join(" ") === name) return { chunk: c, tokens, outside: far };
    }
  }
  return null;
}

/**
 * A district, state, tehsil, post office or village written: with a pincode, a market or facility named after a far
 * town lies there ("Hindupur Bazar, Dist. Gorakhpur" is a quarter's market), not in that town.
 */
const placeSaid = (kept: readonly Chunk[], r: Reading): boolean =>
  !!r.statedDistrict || !!r.statedState || kept.some((c) => c.kind === "tehsil" || c.kind === "post" || c.kind === "village");

/** A directory town's areas within the pincode's districts; without one, the written district and state. */
function inAreas(town: DirectoryTown, rec: PincodeRecord | null, r: Reading): Area[] {
  return town.areas.filter((a) => (rec ? rec.districts.includes(a.district) : (!r.statedDistrict || a.district === r.statedDistrict) && inState(a.state, r.statedState)));
}

/** A landmark run into the town after it, no comma between ("Near Hanuman Temple Colony Walchandnagar"): a town is written. */
const endsInDirectoryTown = (p: Chunk): boolean => {
  const last = p.tokens[p.tokens.length - 1];
  return p.kind === "landmark" && p.tokens.length > 2 && !!last && last.type === WORD && !COMMON_WORDS.has(last.key) && isDirectoryName(last.key);
};

/**
 * A sub-district written with its marker where no town, office or village is read as the city and no other name is
 * written ("Main Road, Hindupur (M)", "DCCB, Chalisgaon Tq"): it is named after its headquarters town, the town the parcel goes to, where the directory
 * has an office of that name among the sub-district's own pincodes. In the pincode's district (without one, the written
 * district or state; with nothing written, one district only). Not a block, named after a village as often. Beside the
 * pincode's own city (`ownCity`), only one far from the pincode.
 */
function townOfSubDistrict(kept: readonly Chunk[], rec: PincodeRecord | null, r: Reading, ownCity: boolean): Chunk | null {
  // One sub-district written: of two ("Sambhar Tal, Rampur Tehsil"), nothing says which the town is.
  const subs = kept.filter((p) => p.kind === "tehsil" && p.label !== "Block" && SUB_DISTRICT_LABELS.has(p.label));
  const c = subs.length === 1 ? (subs[0] as Chunk) : null;
  if (!c || !c.tokens.every(isNameWord)) return null;
  if (kept.some((p) => namesAPlace(p) || endsInDirectoryTown(p))) return null;
  const key = placeNameKey(nameOf(c));
  const town = townNamed(key);
  if (!town) return null;
  // Far from the pincode it is where the buyer is, and the pincode is wrong, as for the directory town or sub-district
  // written alone ("Tehsil Hindupur 560001" as "Hindupur 560001"), not the pincode's own city, written nowhere; in the
  // district written, if any (as for a post office).
  if (rec && writtenTown(key, null, r.statedDistrict) && !placeNearPincode(key, rec)) {
    r.statedCity = town.name;
    r.townOutside = true;
    return c;
  }
  if (ownCity || !recordsNamed(key).some((o) => town.codes.includes(o.entry.code))) return null;
  return only(inAreas(town, rec, r).map((a) => a.district)) !== null ? c : null;
}

/**
 * A village written right after its sub-district ("Kamanpur Mandal, Rampur", "Tal. Kamanpur, Rampur"), where none is
 * written before it: the village is the city, as for `villageBeforeSubDistrict`. The next name only (a house number or
 * a landmark between them aside), and not a district's, a city's or a state's name, which names the area after it.
 */
function villageAfterSubDistrict(kept: readonly Chunk[], sub: Chunk): Chunk | null {
  const at = kept.indexOf(sub);
  const c = at < 0 ? undefined : kept.slice(at + 1).find((p) => !LINE_FIRST.has(p.kind));
  if (!c || !isPlainName(c) || !isVillageName(c) || stateLastWords().has(c.tokens[c.tokens.length - 1]?.key ?? "")) return null;
  const area = (tokens: readonly Token[]) => {
    const def = getGazetteer().places.get(tokens.map((t) => t.key).join(" "));
    return !!(def?.district || def?.city || def?.state);
  };
  if (area(c.tokens)) return null;
  // A list runs the village into its district ("Rampur Barhni", Barhni a district's name): the village is the first word.
  return c.tokens.length === 2 && area(c.tokens.slice(1)) && !area(c.tokens.slice(0, 1)) ? { ...c, tokens: c.tokens.slice(0, 1) } : c;
}

let stateLastWordSet: Set<string> | null = null;
/** The last words of states' names of two words or more ("Pradesh", "Bengal"): a name ending so is a state glued to a word. */
function stateLastWords(): ReadonlySet<string> {
  stateLastWordSet ??= new Set(stateAliasEntries().flatMap(([alias, def]) => (!def.abbreviation && alias.includes(" ") ? [alias.slice(alias.lastIndexOf(" ") + 1)] : [])));
  return stateLastWordSet;
}

/**
 * A crossroads named after its village, written right before the village's sub-district ("Rampur X Roads, Kamanpur
 * Mandal", "Rampur Chowrasta, Mandal Kamanpur"): where nothing else names the city, the village is it (contract), as
 * for `villageBeforeSubDistrict`. Not a place the gazetteer knows. The chunk returned is the crossroads' name less its crossroads' words (the line
 * keeps it whole).
 */
function villageAtCrossroads(kept: readonly Chunk[]): Chunk | null {
  for (let k = kept.length - 2; k >= 0; k--) {
    const c = kept[k] as Chunk;
    const next = kept[k + 1] as Chunk;
    if (next.kind !== "tehsil" || !SUB_DISTRICT_LABELS.has(next.label) || !isPlainName(c)) continue;
    const n = crossroadsWords(c.tokens);
    if (n === 0 || n >= c.tokens.length) continue;
    const village = { ...c, tokens: c.tokens.slice(0, -n) };
    // A crossroads named after a town the gazetteer knows is the road to that town ("Kalyan X Roads"), no village.
    if (isVillageName(village) && !getGazetteer().places.has(nameOf(village)) && !village.tokens.some((t) => NOT_NAMES.has(t.key) || gluedName(t.key))) return village;
  }
  return null;
}

/** How many of a name's last words are a crossroads' ("X Roads", "Chowrasta"), else 0. */
function crossroadsWords(tokens: readonly Token[]): number {
  const n = tokens.length;
  if (crossroadsAt(tokens, n - 1) === 1) return 1;
  return n >= 2 && crossroadsAt(tokens, n - 2) === 2 ? 2 : 0;
}

/**
 * With a pincode of a town's own (the district's headquarters, mostly) and no city written, a village written before
 * its sub-district (`villageBeforeSubDistrict`) is still where the parcel goes: lists give a village the head office's
 * pincode. Not in a metro, whose taluks hold its quarters ("Kothrud, Haveli Taluk, Pune 411038").
 */
function villageOutsideOwnCity(kept: readonly Chunk[], rec: PincodeRecord | null): Chunk | null {
  const own = getGazetteer().citiesByName.get(rec?.entry.city ?? "");
  return own && !METROS.has(own.name) ? villageBeforeSubDistrict(kept) : null;
}

/**
 * "Pipalav, Tal. Sojitra, Anand": a village before its sub-district, with the district's town written after them,
 * is where the parcel goes (contract: the village, never the district's headquarters), and the town names the district.
 * Read as a village where no village or post office is written; not in a metro, whose taluks hold its quarters.
 */
function villageBeforeCityAfter(kept: Chunk[], city: CityDef | null, mentions: readonly Mention[]): void {
  if (!city || METROS.has(city.name) || kept.some((c) => c.kind === "village" || c.kind === "post")) return;
  const sub = kept.find((c) => c.kind === "tehsil" && SUB_DISTRICT_LABELS.has(c.label));
  if (!sub || !mentions.some((m) => m.kind === "city" && m.city === city && m.order > sub.order)) return;
  const village = villageBefore(kept, sub);
  // Not a marker's word left without its value ("Rampur Block, Tehsil Sadar" read "Rampur", "Block", "Tehsil Sadar").
  if (!village || isQuarter(village) || village.tokens.some((_, k) => MARKERS.match(village.tokens, k)) || city.keys.some((k) => placeNameKey(k) === placeNameKey(nameOf(village)))) return;
  // A crossroads' village (`villageAtCrossroads`) is no chunk of its own: the crossroads stays in the line.
  const at = kept.indexOf(village);
  if (at >= 0) kept[at] = { ...village, kind: "village", label: "" };
}

/** A word that may be a place's own name: three letters or more, no address or landmark word, none glued to it ("Roadkhejarla"). */
const isNameWord = (t: Token) => t.type === WORD && t.key.length >= 3 && !GLUED_ADDRESS_WORD.test(t.key) && !COMMON_WORDS.has(t.key) && !LANDMARK_NOUNS.has(t.key);

/**
 * The village written right before a sub-district (`villageBeforeSubDistrict`), where it is another place than the
 * sub-district's own town ("<town> City, Tq. <town>").
 */
function villageBefore(kept: readonly Chunk[], sub: Chunk): Chunk | null {
  const village = villageBeforeSubDistrict(kept) ?? villageAtCrossroads(kept) ?? villageAfterSubDistrict(kept, sub);
  if (!village || placeNameKey(nameOf(village)).startsWith(placeNameKey(nameOf(sub)))) return null;
  // Nor a bank's branch named after the sub-district's town ("Branch <town>, Tq. <town>"), nor names glued together (a
  // side written apart is none: "Mohida West").
  return village.tokens.some((t) => NOT_NAMES.has(t.key) || (!DIRECTIONS.has(t.key) && gluedName(t.key))) ? null : village;
}

/**
 * A village's name as lists write it: one or two name words with a vowel, no road's name nor an address word's plural;
 * the second may be the word that parts a village from its namesake ("Rampura Kalan", "Sawargaon Budruk"), or a side
 * ("Mohida West").
 */
const isVillageName = (c: Chunk) =>
  c.tokens.length <= 2 &&
  c.tokens.every(
    (t, k) =>
      (k === 1 && (VILLAGE_HALVES.has(t.key) || DIRECTIONS.has(t.key))) || (isNameWord(t) && VOWEL.test(t.key) && !COMMON_WORDS.has(t.key.replace(/s$/, "")) && !ROAD_NAMES.has(t.key)),
  );
/** The larger and the smaller of two villages of one name. */
const VILLAGE_HALVES: ReadonlySet<string> = new Set(["kalan", "khurd", "budruk", "buzurg"]);

/**
 * A village the directory does not know, written as the address's last name where the address is a rural one: a
 * district written with its marker (not a metro's, whose places are its neighbourhoods), a district's or a rural
 * bank's name (`isRuralBank`), or a pincode that does not lie in its own town ("Bhaniyara, Dist. Vadodara 391775", "Main Road, Madhabpur, Dist. North 24 Parganas").
 * Contract: the city of a rural address is its post-office town, else the village. Read only where nothing else
 * names the city; the city only, as with `villageBeforeSubDistrict`. Not a marker's word left without its value
 * ("Flat"), the district's own name, a place the gazetteer knows, or names glued together (`gluedName`).
 */
function villageBeforeDistrict(kept: readonly Chunk[], rec: PincodeRecord | null, r: Reading): Chunk | null {
  if (!rec && !kept.some(isRuralBank) && (!r.districtWritten || !r.statedDistrict || METROS.has(districtTown(r.statedDistrict)?.name ?? ""))) return null;
  const last = kept.findLast(isPlainName);
  if (!last || isQuarter(last) || !isVillageName(last) || (last.tokens.length === 1 && nameOf(last).length < 4)) return null;
  // The district's own name ("Narwana, Jind Hist"), or a place the gazetteer knows (a state's short form), is no village;
  // another district's name written before this one's marker is a place of this one ("Kheda, Distt. Gwalior").
  const district = placeNameKey(r.statedDistrict ?? rec?.entry.district ?? "");
  const known = getGazetteer().places.get(nameOf(last));
  const otherDistrict = !!known?.district && !known.state && !known.city && known.district !== (r.statedDistrict ?? rec?.entry.district);
  if (last.tokens.some((t, k) => NOT_NAMES.has(t.key) || t.key === district || gluedName(t.key) || MARKERS.match(last.tokens, k)) || (known && !otherDistrict)) return null;
  return last;
}

let metroOfficeKeys: string[] | null = null;

/**
 * Whether a name begins the name of a metro's post office ("Janakpuri" of "Janakpuri A-3", 110058): a quarter of the
 * metro the directory knows only by its parts. One binary search over the metros' office names, sorted on first use.
 */
function startsMetroOffice(key: string): boolean {
  if (!metroOfficeKeys) {
    const keys = new Set<string>();
    for (const [name, recs] of officeNames()) if (recs.some((rec) => METROS.has(rec.entry.city ?? ""))) keys.add(name);
    metroOfficeKeys = [...keys].sort();
  }
  let lo = 0;
  let hi = metroOfficeKeys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((metroOfficeKeys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return metroOfficeKeys[lo]?.startsWith(key) ?? false;
}

/**
 * A place's name written alone after the street or landmark, with no pincode, state, district, city or marker
 * ("Temple Street, Rampalle"): the place the address names, as written, where the directory knows it as a post
 * office or town (of several districts: of one, `placeWrittenAsTown` reads it) or knows no place of that name at all
 * (a village, or a town spelt otherwise). Contract: the city of a rural address is its post-office town, else the
 * village. The city only: the name says nothing of where it lies. Not a locality's name that every city has
 * (`everywhereName`, "…nagar", a quarter's word), a place the gazetteer knows, nor one with an office in a metro's
 * district, whose offices are its neighbourhoods.
 */
function placeWrittenAlone(kept: readonly Chunk[], r: Reading): Chunk | null {
  if (r.statedState || r.statedDistrict || kept.some((c) => c.kind === "tehsil" || c.kind === "post" || c.kind === "village")) return null;
  // The address's one plain name, whatever its place among the parts the line writes first (the line puts it last).
  const last = kept.findLast(isPlainName);
  if (!last || !kept.every((c) => c === last || LINE_FIRST.has(c.kind)) || !kept.some((c) => c.kind === "street" || c.kind === "landmark")) return null;
  const key = placeNameKey(nameOf(last));
  if (key.length < 5 || isQuarter(last) || !isVillageName(last) || LOCALITY_NAME_END.test(key) || everywhereName(key) || getGazetteer().places.has(nameOf(last))) return null;
  if (last.tokens.some((t) => NOT_NAMES.has(t.key) || gluedName(t.key) || LOCALITY_WORDS.has(t.key))) return null;
  // A name of two words the directory does not know is as likely a quarter and its town run together.
  const areas = directoryAreas(key);
  if (areas.length === 0 && last.tokens.length > 1) return null;
  const keys = last.tokens.length > 1 ? [key, ...last.tokens.map((t) => placeNameKey(t.key))] : [key];
  const words = keys.slice(1).flatMap((k) => directoryAreas(k));
  const inMetro = keys.some((k) => recordsNamed(k).some((rec) => METROS.has(rec.entry.city ?? ""))) || startsMetroOffice(key);
  return inMetro || [...areas, ...words].some((a) => METROS.has(districtTown(a.district)?.name ?? "")) ? null : last;
}

/**
 * A district's central co-operative bank or a regional rural (gramin) bank, whose branches are in its villages and
 * towns: "The Akola District Central Co-operative Bank Ltd., Kasola" is written as a district marker would be.
 */
const isRuralBank = (c: Chunk) => c.tokens.some((t) => t.key === "bank") && c.tokens.some((t) => t.key === "district" || t.key === "gramin");

/**
 * Words lists write where a name goes that name no place ("State- Bihar", "Market Yard", "Nai Abadi": a new
 * quarter), and a bank's branch ("SBI Branch": its place, if any, is read by `placeWrittenAsTown`).
 */
const NOT_NAMES: ReadonlySet<string> = new Set([...BRANCH_WORDS, "state", "yard", "counter", "region", "abadi"]);
/**
 * A word this long is names glued together ("Tanukutanukutanuku"), not one village's, unless the directory has a post
 * office of that name: a long name of one village ("Chinnaramanayanipalli") is written so.
 */
const GLUED_LETTERS = 16;

/**
 * A word that is two names glued where a list joined its fields, which `unglueTowns` left whole: a town, district or
 * city of five letters or more after three letters or more ("Quarterbhimavaram"), a town before a word ("Tanukuwest"), a
 * marker after a name ("Rampurpomandal"), a quarter's word glued to a name ("Shanthinagar") or a word too long to be one.
 */
function gluedName(key: string): boolean {
  if ((key.length >= GLUED_LETTERS && recordsNamed(key).length === 0) || gluedMarker(key) || hasQuarterWordInside(key)) return true;
  const towns = gluedTownKeys();
  for (let i = 3; i <= key.length - 3; i++) {
    if (key.length - i >= 5 && towns.has(key.slice(i))) return true;
    // A town before a word only where the word is an address's ("Tanukuwest", "Halolgidc"): "Bhokardan" is no Bhokar.
    const rest = key.slice(i);
    if (i >= 5 && towns.has(key.slice(0, i)) && (DIRECTIONS.has(rest) || COMMON_WORDS.has(rest) || STATE_AGENCIES.has(rest))) return true;
  }
  return false;
}
const SUB_DISTRICT_LABELS: ReadonlySet<string> = new Set(["Tehsil", "Taluk", "Mandal", "Block"]);

/**
 * Without a pincode or a written state, the state of the sub-districts written with their marker ("P.O. Sonwa,
 * Teh. Kulpahar"), where the directory knows each as a town or sub-district of one state and they agree,
 * and their district where they lie in one: the village's and post office's names are too often places of another
 * state (Sonwa is an office in Rajasthan, Kulpahar a tehsil of Uttar Pradesh), so they are read within it.
 */
/**
 * The district a tehsil of this name (a phrase key) is the own of: the district of that name ("Teh. Banda", not Banda of
 * Sagar, Madhya Pradesh), unless the name is also another district's headquarters ("Teh. Lakhimpur": the district
 * Lakhimpur in Assam, and Lakhimpur Kheri's town in Uttar Pradesh): then what else is written decides.
 */
function tehsilDistrict(name: string): string | undefined {
  const gaz = getGazetteer();
  const own = gaz.districtsByKey.get(name);
  return own && gaz.places.get(name)?.city?.districts.some((d) => d !== own) ? undefined : own;
}

/**
 * A sub-district written with its marker and spelt as it sounds ("Kundapur Taluk", "Sompet Mandal"): the town
 * `spokenTown` reads from the name alone, where no place is spelt so (a post office of that name is that office).
 */
function spokenSubDistrict(key: string, name: string): DirectoryTown | null {
  if (key.length < SPOKEN_TOWN_LETTERS || recordsNamed(key).length > 0 || getGazetteer().places.has(name)) return null;
  return spokenTown(key, null, null).town;
}

function subDistrictArea(kept: readonly Chunk[]): { state: string | null; district: string | null } {
  const areas = kept.flatMap((c) => {
    if (c.kind !== "tehsil" || !SUB_DISTRICT_LABELS.has(c.label) || !c.tokens.every((t) => t.type === WORD)) return [];
    const key = placeNameKey(nameOf(c));
    // Spelt as it sounds only where the value is all the part holds: a name the parser cut from a longer one
    // ("Garh Radhanagara Taluk": "Radhanagara") is no sub-district's whole name.
    const alone = kept.every((o) => o === c || o.segment !== c.segment);
    const found = COMMON_WORDS.has(key) ? [] : (townNamed(key)?.areas ?? (alone ? spokenSubDistrict(key, nameOf(c))?.areas : undefined) ?? []);
    // Mandals are Andhra Pradesh's and Telangana's sub-districts: "Kota Mandal" is Nellore's Kota, not Rajasthan's city.
    const mandals = c.label === "Mandal" ? found.filter((a) => MANDAL_STATES.has(a.state)) : [];
    const town = mandals.length > 0 ? mandals : found;
    const own = tehsilDistrict(nameOf(c));
    return [own && town.some((a) => a.district === own) ? town.filter((a) => a.district === own) : town];
  });
  const state = areas.length > 0 ? only(areas.map((list) => only(list.map((a) => a.state)))) : null;
  return { state, district: state ? only(areas.map((list) => only(list.map((a) => a.district)))) : null };
}
/**
 * With a pincode that does not lie in its own town, the one plain name written right before the district's marker
 * ("Near Panchayat Bhawan, Bhimgarhi, Dist. Udaipur 313602"), one or two words of letters and no address word: the
 * village the parcel goes to (contract: the post-office town, else the village), never the district's headquarters. The
 * city only: district and state come from the pincode.
 */
function placeBeforeDistrict(kept: readonly Chunk[], r: Reading): Chunk | null {
  if (!r.districtWritten || r.districtOrder < 0) return null;
  let before: Chunk | null = null;
  for (const c of kept) if (c.order < r.districtOrder && !LINE_FIRST.has(c.kind)) before = c;
  // No locality word, nor a marker glued to the name ("Bhimgarhi Villagemandal"): lists glue their fields.
  const plain = (t: Token) => isNameWord(t) && t.key.length <= 15 && !isLocalityWord(t.key) && !GLUED_AFTER_PLACE_LIST.some((w) => t.key.endsWith(w));
  // The name is a part of its own, not the end of another ("Market Yard") nor a word before a house number.
  const alone = !!before && kept.every((c) => c === before || c.segment !== before.segment);
  return before && alone && before.kind === "unknown" && !before.label && before.tokens.length <= 2 && before.tokens.every(plain) ? before : null;
}

/**
 * "Begampur, Dist. Etah 207001": with the district's own town's pincode, a name written right before the district's
 * marker, alone with nothing but roads beside it (no house, building, landmark or other place: a village's address as a
 * list writes a rural branch's), that the directory knows nowhere, is the village the parcel goes to (contract: never
 * the district's headquarters); the pincode is its sorting town's. Not in a metro's district, whose quarters the
 * directory lists by office. A quarter of a town is written inside a street's address and stays its locality.
 */
function villageWithTownPincode(kept: readonly Chunk[], rec: PincodeRecord, r: Reading): Chunk | null {
  const home = getGazetteer().citiesByName.get(rec.entry.city ?? "");
  if (!home || METROS.has(home.name)) return null;
  const before = placeBeforeDistrict(kept, r);
  if (!before || isQuarter(before) || kept.some((c) => c !== before && c.kind !== "street" && c.kind !== "district")) return null;
  const key = placeNameKey(nameOf(before));
  return recordsNamed(key).length === 0 && !townNamed(key) ? before : null;
}

const VOWEL = /[aeiouy]/;
/** An address word glued to a name ("Roadkhejarla", "Khejarlapost"): no village's name of its own. */
const GLUED_ADDRESS_WORD = /^(?:road|street|post|village|junction|highway)|(?:road|street|post|village|junction|highway)$/;

/** Places written besides the city: kept in the line; in the locality unless they name the district. */
function citiesBesides(mentions: readonly Mention[], rec: PincodeRecord | null, city: CityDef | null, displaced: CityDef | null, r: Reading) {
  const leftoverCities: Array<{ order: number; text: string; district: boolean }> = [];
  // Without a pincode, a district's city written after a town of its own there (`townBeforeDistrictTown`) names the
  // district, and the town keeps its place in the line before it, as a town `findTown` reads does.
  const at = mentions.find((m) => m.kind === "city" && m.city === city)?.order ?? Infinity;
  const before = (m: Mention) => m.kind === "city" && !!city && m.order > at && m.city !== city && !!townBeforeDistrictTown(city, m.city);
  const townFirst = !rec && !displaced && r.cityWritten && r.statedCity === city?.name && mentions.some(before);
  if (townFirst) r.cityWritten = false;
  for (const m of mentions) {
    if (m.kind !== "city" || (m.city === city && !displaced && !townFirst) || (m.city.name === r.statedCity && r.cityWritten)) continue;
    const namesDistrict = m.city === displaced || (!!rec && m.city.name === rec.entry.city && r.statedCity !== rec.entry.city) || (townFirst && (m.city === city || before(m)));
    leftoverCities.push({ order: m.order, text: m.city.name, district: namesDistrict });
  }
  return leftoverCities;
}

/** Address words with no name among them ("Road", "Sector"): no building's name. */
function bareWords(tokens: readonly Token[]): boolean {
  return tokens.every((t) => COMMON_WORDS.has(t.key)) || MARKERS.match(tokens, 0)?.length === tokens.length;
}

/**
 * A name with no keyword, after a house number and before a locality, is the building:
 * "Flat 502, Sunshine Paradise, Kharghar" (see docs). Not a post office's name ("12, Banashankari, 3rd Stage", a
 * locality written in two parts; "Bandra West, 0"): that is a place.
 */
function markBuilding(kept: readonly Chunk[], houseWithoutBuilding: boolean, leftoverCities: ReadonlyArray<{ order: number; district: boolean }>, town: Chunk | null): void {
  const first = houseWithoutBuilding ? kept.find((c) => c.kind === "unknown" && !bareWords(c.tokens)) : undefined;
  // Read the same before the house as after it, where the line writes it.
  if (!first || directoryAreas(placeNameKey(nameOf(first))).length > 0) return;
  if (kept.some((c) => (c.kind === "unknown" || c.kind === "locality") && c.order > first.order && c !== town) || leftoverCities.some((m) => m.order > first.order && !m.district)) {
    first.kind = "building";
  }
}

/**
 * Without a pincode, a directory town of one state written as the last name after a city of another state
 * ("NH 17, Gandhinagar, Kumta", "Bilaspur Bye Pass Road, Jagadhri"): where the places disagree, the last one
 * written decides, and the city before it is a locality or a road named after a place. A written district, or
 * a written state other than the town's, keeps the city.
 */
function townAfterCity(kept: readonly Chunk[], rec: PincodeRecord | null, city: CityDef | null, mentions: readonly Mention[]): string | null {
  if (rec || !city || mentions.some((m) => m.kind === "district")) return null;
  const at = Math.max(...mentions.map((m) => (m.kind === "city" ? m.order : -1)));
  const last = [...kept].reverse().find(isPlainName);
  if (!last || last.order < at || !last.tokens.every((t) => t.type === WORD)) return null;
  const found = writtenTown(placeNameKey(nameOf(last)), null, null);
  const state = found ? only(found.areas.map((a) => a.state)) : null;
  if (!state || mentions.some((m) => m.kind === "state" && m.state !== state)) return null;
  return city.districts.some((d) => directoryDistricts().get(d) === state) ? null : state;
}

/**
 * A state's own development agencies, whose estates and colonies addresses name ("GIDC Estate", "MIDC Area", "RIICO
 * Industrial Area"): the agency is of one state (GIDC is the Gujarat Industrial Development Corporation). Not HUDA
 * (Haryana's, and Hyderabad's before 2008) nor BDA (Bangalore, Bhopal, Bhubaneswar…).
 */
// prettier-ignore
const STATE_AGENCIES: ReadonlyMap<string, string> = new Map([
  ["gidc", "Gujarat"], ["midc", "Maharashtra"], ["cidco", "Maharashtra"], ["mhada", "Maharashtra"], ["riico", "Rajasthan"],
  ["kiadb", "Karnataka"], ["hsiidc", "Haryana"],
]);

/** The state whose agency the address names, where it names one state's only. */
function agencyState(kept: readonly Chunk[]): string | null {
  return only(kept.flatMap((c) => c.tokens.flatMap((t) => STATE_AGENCIES.get(t.key) ?? [])));
}

/** The district and state: written, else the pincode's, else found from the places the text names. */
function resolvedArea(
  rec: PincodeRecord | null,
  city: CityDef | null,
  kept: Chunk[],
  line: ReadonlyArray<{ text: string }>,
  leftoverCities: ReadonlyArray<{ text: string }>,
  rural: boolean,
  town: Chunk | null,
  r: Reading,
  stated: { state: boolean; bareDistrict: boolean },
  quarterSpelt: { chunk: Chunk; name: string } | null,
  cityText: string | null,
) {
  // A state written as it was before a split ("Khammam Dist. AP" for Telangana, "Dehradun, U.P."): the place's state.
  const placeState = rec
    ? rec.states.length === 1
      ? rec.entry.state
      : null
    : r.statedDistrict
      ? (directoryDistricts().get(r.statedDistrict) ?? null)
      : city
        ? only(city.districts.map((d) => directoryDistricts().get(d)))
        : null;
  // Not where the written state has a town of the city's name ("Rudrapur, Uttar Pradesh": a town of Deoria).
  if (
    r.statedState &&
    placeState &&
    SPLIT_FROM[placeState] === r.statedState &&
    !(!rec && !r.statedDistrict && !!city && !!townNamed(placeNameKey(city.name))?.areas.some((a) => a.state === r.statedState))
  )
    r.statedState = placeState;
  // Without a pincode, a district written with its marker decides over the state of a city outside it ("Baikunthpur,
  // Distt. Rewa" is the Baikunthpur of Rewa, Madhya Pradesh, not the town of Koriya, Chhattisgarh).
  const marked = !rec && !stated.state && !stated.bareDistrict && r.statedDistrict;
  const markedState = marked && city && !city.districts.includes(marked) ? districtState(marked) : null;
  if (markedState) r.statedState = markedState;
  let stateFromLocality = false;
  // With a pincode, a district written in a form that is no directory district (a town or taluk after the marker:
  // `Kasba Dist.`; words run into it: `Dist. Rampur Uttar Pradeshpin`; a district made after the directory's data:
  // `Dist. Palghar`) is the pincode's district (contract: the district comes from the pincode), unless it is a near
  // spelling of a district of the pincode's state (`Dist. Srawasti`), read as that district as one spelt right is; the
  // line keeps what was written.
  const unread = !!rec && !!r.statedDistrict && !directoryDistricts().has(r.statedDistrict);
  const spelt = unread ? (districtRunOn(r.statedDistrict as string) ?? nearDistrict((r.statedDistrict as string).toLowerCase())) : null;
  const near = spelt && rec?.states.includes(directoryDistricts().get(spelt) ?? "") ? spelt : null;
  let district = (unread ? near : r.statedDistrict) ?? rec?.entry.district ?? null;
  let state = r.statedState ?? rec?.entry.state ?? null;
  if (!rec && !state && !district) {
    ({ state, district } = subDistrictArea(kept));
    // Not written into the line, as a locality's state: read again, it would be a written state and change the city read.
    stateFromLocality = state !== null;
  }
  // Without a pincode, a town or sub-district written as the district ("Dist - Hosadurga", a taluk; "Dist. Palghar",
  // made a district after the directory's data) is in the directory's district of that town, where it lies in one
  // (within the written state); the line keeps what was written.
  // Not a sub-district the directory knows by the whole name: "Dist. Bilaspur Sadar" is Himachal's, of a district's name
  // two states have.
  if (!rec && district && !directoryDistricts().has(district)) {
    const runOn = districtRunOn(district);
    if (!(runOn && !districtState(runOn) && writtenTown(placeNameKey(district), state, null))) district = runOn ?? district;
  }
  if (!rec && district && !directoryDistricts().has(district)) {
    const town = writtenTown(placeNameKey(district), state, null);
    const area = town ? only(town.areas.map((a) => `${a.district}|${a.state}`)) : null;
    if (area) {
      // Not written into the line: the town's state, read again from the line, would make a name there a town.
      stateFromLocality = state === null;
      [district, state] = area.split("|") as [string, string];
    } else if (town) {
      // A town of several districts of one state ("Dist. Vangara", a mandal's town): its state, and no district, which
      // is always one the directory has.
      const own = only(town.areas.map((a) => a.state));
      stateFromLocality = state === null && own !== null;
      state ??= own;
      district = null;
    }
  }
  // A district the directory does not know and spells near none, written as a list shortens the district of the town
  // read as the city ("Parvathipuram, VZM Dist.", Vizianagaram's; "Kankavli, Dist. Sindhurga"): that district, and its
  // state, as where no district is written (contract: a town alone names its state). The line keeps what was written.
  const shortened = !rec && district && !directoryDistricts().has(district) ? shortenedTownDistrict(district, r.statedCity ?? cityText) : null;
  if (shortened && (!state || districtState(shortened) === state) && !nearDistrict((district as string).toLowerCase())) {
    // Not written into the line, as with a town written as the district (below).
    stateFromLocality = state === null;
    state ??= districtState(shortened);
    district = shortened;
  }
  if (!rec && (!district || !state)) {
    const cityDef = r.statedCity ? getGazetteer().citiesByName.get(r.statedCity) : undefined;
    const names = [...(r.statedCity ? [r.statedCity] : []), ...(cityDef ? [] : leftoverCities.map((m) => m.text))];
    // A metro of several districts: the district of the locality's post office there.
    if (!district && cityDef && cityDef.districts.length > 1) {
      const inCity = line.flatMap((p) => recordsNamed(placeNameKey(p.text)).filter((r) => cityDef.districts.includes(r.entry.district)));
      district = only(inCity.map((r) => r.entry.district)) ?? (inCity.length === 0 ? dividedOfficeDistrict(line, cityDef) : null);
    }
    // A directory district written with its marker names its state before a place of that name elsewhere does ("P.O.
    // Rampur, Dist. Bhagalpur" is a Rampur of Bihar, not the city of Uttar Pradesh); a bare one may be a locality's name.
    if (!state && district && r.districtMarked && district === r.statedDistrict) state = districtState(district);
    ({ district, state } = (!state && !district && (officeBesideOffice(names[0], kept) || officeQualifiedBy(names[0], kept))) || placeArea(names, rural, state, district));
    if (!state && district) state = districtState(district);
    if (!state || !district) {
      const before = state;
      // An agency's estate names its state before any place is looked up in it ("GIDC Vapi": Vapi of Gujarat).
      state ??= agencyState(kept);
      // The town read as the city was looked up as the city just now: read again as a locality, it would name
      // places the reading without it (a town read from the directory, which leaves the parts) does not.
      // A metro's quarter misspelt is looked up in the directory's spelling (`metroQuarter`).
      const places = (town ? kept.filter((c) => c !== town) : kept).map((c) =>
        c === quarterSpelt?.chunk ? { ...c, tokens: quarterSpelt.name.split(" ").map((w) => ({ ...(c.tokens[0] as Token), raw: w, key: w.toLowerCase() })) } : c,
      );
      const local = localityArea(places, district, state, state ? null : roadState(places));
      // A state read from a place is that place's own: a locality may name its district, never the state it was split from
      // ("Ghat Road, Mawana": Ghat is an office of Uttarakhand, Mawana a town of Uttar Pradesh). A written one may ("U.P.").
      if (!before || r.statedState || local.state === before) ({ district, state } = local);
      // Last, a name spelt near a directory place (`spelledArea`); the town read as the city too, looked up as written only.
      if (!state && !district) ({ district, state } = spelledArea(town ? [...places, town] : places) ?? { district, state });
      // Written into the line, that state would make the locality a town on the next reading (idempotence).
      stateFromLocality ||= before === null && state !== null;
    }
    if (state && !district) district = districtWithinState(kept, names, state);
    if (state && !district) district = metroQuarterWithin(kept, names, state, rural);
    // A place found in the state its own was split from ("Nirmal, Andhra Pradesh"): the place's state.
    const own = district ? directoryDistricts().get(district) : undefined;
    if (own && state && SPLIT_FROM[own] === state) state = own;
  }
  // Without a pincode, a written state or district, the names written decide between the places of a name where two or
  // more meet in one district of one state: left null, or read from one name of several places ("Siddapur, Bijapur": a
  // district of Chhattisgarh and Karnataka's old name of Vijayapura, where a Siddapur is).
  if (!rec && !r.statedState && (!r.statedDistrict || !state)) {
    const cityDef = r.statedCity ? getGazetteer().citiesByName.get(r.statedCity) : undefined;
    const names = [...(r.statedCity ? [r.statedCity] : []), ...(cityDef ? [] : leftoverCities.map((m) => m.text))];
    const shared = sharedNamesArea(town ? [...kept, town] : kept, names, state ? null : district);
    if (shared.state && shared.state !== state) {
      stateFromLocality ||= state === null;
      ({ state, district } = shared);
    }
    // A name of several states read as the city, another name written a town of one of them ("Korba Road, Bilaspur");
    // not where the names written meet in one district, which decides more ("Main Road, Zari Chikhli": Zari (Chikhli)
    // is an office of Gujarat's Chikhli, though Zari alone is a town of Maharashtra).
    const place = r.statedDistrict || shared.state ? null : (r.statedCity ?? cityText);
    const told = place && state ? stateBesideShared(town ? kept.filter((c) => c !== town) : kept, place, state) : null;
    if (told && told !== state) {
      state = told;
      district = placeArea([place as string], rural, told, null).district;
    }
  }
  // The district is always one the directory has (contract): a name it does not know that is left here ("Dist.
  // Murshidbad", words run together) is the nearest district's spelling within the state, else the pincode's, else none.
  // The line keeps what was written.
  if (district && !directoryDistricts().has(district)) {
    const spelt = nearDistrict(district.toLowerCase());
    district = spelt && (!state || directoryDistricts().get(spelt) === state) ? spelt : (rec?.entry.district ?? null);
    // Else the district of the town written beside it, as where no district is written ("Kandi, Dist. Qwertabad").
    if (!district && state) district = districtWithinState(kept, r.statedCity ? [r.statedCity] : [], state);
  }
  return { district, state, stateFromLocality };
}

/** Kinds of parts whose name may be another town's: a road's, a landmark's, a locality's, a sub-district's or a post office's. */
const BESIDE_KINDS: ReadonlySet<string> = new Set(["street", "landmark", "locality", "unknown", "village", "post", "tehsil"]);

/**
 * Without a pincode or a written state or district, the state of a directory town of several states read as the city
 * (`place`: Bilaspur, a town of Himachal Pradesh, Chhattisgarh and Uttar Pradesh) where another part names a directory
 * town of one of those states and of no other of them: alone, or before a road's, chowk's, gate's or bus stand's words
 * ("Korba Road, Bilaspur": Korba is a town of Chhattisgarh), the state `read` being one of them. Never a state the place has no town in; parts that tell
 * two states, or a name of two of them, decide nothing (contract: "what else is written decides").
 */
function stateBesideShared(kept: readonly Chunk[], place: string, read: string): string | null {
  const key = placeNameKey(place);
  const city = getGazetteer().places.get(key)?.city;
  const states = new Set([...(townNamed(key)?.areas.map((a) => a.state) ?? []), ...(city?.districts.map((d) => directoryDistricts().get(d) ?? "") ?? [])]);
  // Only a state read from the place itself is the place's to change, not one another name gave.
  if (states.size < 2 || !states.has(read)) return null;
  // A district's seat (Dewas, Madhya Pradesh's) goes to a state where the name is a mere town (Haryana's Dewas) only
  // for a known city written beside it: a village's name may be a common word, a canal's or a gate's.
  const seats = new Set(
    townNamed(key)
      ?.areas.filter((a) => placeNameKey(a.district) === key)
      .map((a) => a.state),
  );
  const told = new Set<string>();
  for (const c of kept) {
    if (!BESIDE_KINDS.has(c.kind) || c.tokens.some((t) => t.type !== WORD)) continue;
    const words = c.tokens.map((t) => t.key);
    let end = words.length;
    while (end > 0 && (NOT_A_TOWN_WORD.has(words[end - 1] as string) || EVERY_TOWN_WORDS.has(words[end - 1] as string))) end--;
    if (end === 0 || words.slice(0, end).some((w) => NOT_A_TOWN_WORD.has(w))) continue;
    const other = placeNameKey(words.slice(0, end).join(" "));
    if (other === key || other.length < 4 || COMMON_WORDS.has(other) || everywhereName(other)) continue;
    const own = only([
      ...new Set(
        townNamed(other)
          ?.areas.map((a) => a.state)
          .filter((st) => states.has(st)),
      ),
    ]);
    if (own && (seats.size === 0 || seats.has(own) || getGazetteer().places.get(other)?.city)) told.add(own);
  }
  return only([...told]);
}

/**
 * The one district of the town `city` where a district's name the directory does not know begins as it does: its first
 * letter for a short form of four letters or fewer ("VZM", "Mur"), its first three for a longer spelling ("Sindhurga");
 * "E Chamaparan" (Bihar's) is no spelling of Barkagaon's Hazaribag.
 */
function shortenedTownDistrict(written: string, city: string | null): string | null {
  const town = city ? townNamed(placeNameKey(city)) : null;
  const own = town ? only(town.areas.map((a) => a.district)) : null;
  const key = placeNameKey(written);
  return own && key.length > 0 && placeNameKey(own).startsWith(key.slice(0, key.length <= 4 ? 1 : 3)) ? own : null;
}

export function normalizeAddress(text: string): NormalizedAddress {
  const read = normalizeReading(text, true);
  const { state, district } = read.components;
  if ((state && district) || typeof text !== "string" || text.length > UNBROKEN_MAX_CHARS) return read;
  // A comma closing the line breaks nothing: "Shanti Vihar Rampur, " reads as its normalized form without it does.
  const line = text.replace(/[\s,;]+$/, "");
  if (/[,;\n]/.test(line)) return read;
  if (!state) return readWithBreakGuessed(line) ?? read;
  // A state read from a road named after the town written first ("Hindupur Main Road Near Bus Stand"), no district:
  // the town is the place, its district too.
  const first = placeWrittenFirst(...lineWords(line), false);
  return first?.components.state === state && first.components.district ? first : read;
}

/** Past this length a line without commas is not read again (each reading costs a call: the worst case stays bounded). */
const UNBROKEN_MAX_CHARS = 160;
/** How many of the last words of a line without commas may be its place ("… Near Bus Stand Ghatkopar East"). */
const UNBROKEN_TAIL_WORDS = 3;

/** Words of a street's, a building's, a quarter's or a landmark's name, never of a town's. */
const NOT_A_TOWN_WORD: ReadonlySet<string> = new Set([
  ...STREET_WORDS,
  ...BUILDING_WORDS,
  ...LOCALITY_WORDS,
  ...QUARTER_WORDS,
  ...LANDMARK_NOUNS,
  ...TOWARD_WORDS,
  ...["cinema", "talkies", "theatre", "theater", "talab", "junction", "chungi", "railwaystation", "railway", "airport", "ward", "sector"],
  ...["bag", "pul", "gudi", "akhada", "peta", "phase", "stage", "block"],
]);

/** A line's words, brackets and dashes written apart kept with the word before them ("Ghatkopar ( East )" is two words), and each word's parts ("Nr.Rampur" is "nr" and "rampur"). */
function lineWords(text: string): [string[], string[][]] {
  const words = text
    .trim()
    .split(/\s+/)
    .reduce<string[]>((ws, w) => {
      if (ws.length > 0 && !/[\p{L}\p{N}]/u.test(w)) ws[ws.length - 1] += ` ${w}`;
      else ws.push(w);
      return ws;
    }, []);
  const parts = words.map((w) =>
    w
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean),
  );
  return [words, parts];
}

/**
 * A line written without commas ("Opposite City Bank Kalol", as buyers type on phones) in which no place was read:
 * its last words are read as a part of their own, as a comma would have set them, fewest words first; the first
 * reading that finds a state is the line's. A landmark or a street otherwise runs on over the place after it.
 */
function readWithBreakGuessed(text: string): NormalizedAddress | null {
  const [words, parts] = lineWords(text);
  for (let k = 1; k <= UNBROKEN_TAIL_WORDS && k < words.length; k++) {
    const tail = parts.slice(-k).flat();
    // A road named after a town is a part of its own ("Near Bus Stand Kunjpura Road") where a name is before the road's,
    // and two words before it: a line that is one road's name ("Race Course Road", "12 Irwin Road") stays whole. So is a
    // quarter ("Opp Post Office Banjara Hills"), where it names one district alone as it does after the comma.
    const headWords = parts.slice(0, -k).filter((p) => p.some((w) => w.length > 2)).length;
    const last = tail[tail.length - 1] ?? "";
    const road = STREET_WORDS.has(last) && headWords >= 2;
    const quarter = !road && tail.length >= 2 && headWords >= 2 && (LOCALITY_WORDS.has(last) || LOCALITY_TAIL.has(last));
    const name = road || quarter ? tail.slice(0, -1) : tail;
    // Not a name cut in two ("Rani Talab", "Gandhi Nagar", "Kalyan Hotel", a developer's "Prestige Shantiniketan"), a
    // landmark's name ("Near Kalyan"; but "Near Bus Station Kalol" ends its landmark) nor initials.
    if (
      (parts[words.length - k - 1] ?? []).some((p) => (PEEL_BLOCKERS.has(p) && p !== "station") || DEVELOPERS.has(p)) ||
      name.some((w) => NOT_A_TOWN_WORD.has(w)) ||
      !name.some((w) => w.length > 2)
    )
      continue;
    const headText = words.slice(0, -k).join(" ");
    const tailText = words.slice(-k).join(" ");
    const read = normalizeReading(`${headText}, ${tailText}`, true);
    // The words split off name the place, or the words before them do not: not a head that reads as one only once cut
    // ("Opp Bombay Dyeing"). A quarter names the place's district by itself ("Gandhi Nagar", in every state, names none).
    const state = read.components.state;
    if (!state) continue;
    const alone = normalizeReading(tailText, true).components;
    if (
      quarter
        ? !!read.components.district && alone.state === state && alone.district === read.components.district
        : // Or they are a town read as the line's city, of many states, whose state the head's town tells ("Kabaka Puttur").
          alone.state === state || (!!alone.city && read.components.city === alone.city) || normalizeReading(headText, true).components.state !== state
    )
      return read;
  }
  return placeBeforeRoad(words, parts) ?? placeWrittenFirst(words, parts);
}

/** How many words a town written first may have ("Maharaj Ganj Sadar"). */
const TOWN_FIRST_WORDS = 3;

/**
 * What an address goes on with after its town ("Hindupur Main Road", "… Railway Station Road", "… Near Bus Stand",
 * "… Gandhi Chowk", "… Court Road"): a road's or a facility's opening word, a person roads are named after, a landmark's
 * marker. Any other word may go on with a name ("Balaram Sharma Marg": Balaram is also a town of Tripura).
 */
const AFTER_TOWN: ReadonlySet<string> = new Set([
  ...ROAD_BEFORE,
  ...FACILITY_QUALIFIERS,
  ...[...TOWN_FACILITIES].map((f) => f.split(" ")[0] as string),
  ...PEOPLE,
  ...["near", "nr", "opp", "opposite", "behind", "beside", "besides", "infront", "national"],
]);
/** …and, a road's word after them, a market's or a station's ("Bazar Road", "Station Road": every town has one). */
const AFTER_TOWN_BEFORE_ROAD: ReadonlySet<string> = new Set(["bazar", "bazaar", "market", "mkt", "mandi", "chowk", "station"]);

/**
 * A line without commas that begins with its town, the street or landmark after it ("Hindupur Railway Station Road",
 * "Hindupur - Gandhi Chowk", "HINDUPUR BAZAR ROAD"): the first words are read as a part of their own where they are a
 * directory town or a known city that alone names the state so read, and the words after it open an address's part
 * (`AFTER_TOWN`), or a dash parts them, or, where nothing else names the state (`bare`), they name the same one by
 * themselves ("Penukonda Anantapur"). Not a road, gate or market named after the town ("Jhansi Road", "Delhi Gate",
 * "Puri Market"), nor a place named after it elsewhere ("Bara Bazar" of Kolkata after Bara, a town of Uttar Pradesh).
 * At most three readings: only the longest town name at the line's start is read.
 */
function placeWrittenFirst(words: string[], parts: string[][], bare = true): NormalizedAddress | null {
  // The line opens with a name: not a house's number ("12 Rampur Colony"), nor an address word.
  const opening = parts[0]?.[0];
  if (!opening || NOT_A_TOWN_WORD.has(opening) || !/^[a-z]/i.test(words[0] ?? "")) return null;
  // The longest name first ("Baloda Bazar" before Baloda); the first that is a town is the only one read. Names as the
  // directory or the gazetteer spells them first, then, where none is, a near spelling (`near`).
  for (const near of [false, true])
    for (let m = Math.min(TOWN_FIRST_WORDS, words.length - 1); m >= 1; m--) {
      const read = townWrittenFirst(words, parts, m, bare, near);
      if (read !== undefined) return read;
    }
  return null;
}

/**
 * `placeWrittenFirst` for the first `m` words: the line's reading, null where they are a town that must not be read so,
 * undefined where they are no town. `near`: a name no place is spelt as, of six letters or more, that sounds as a
 * directory town and alone is read as a town or known city of that sound (or as a directory town a letter off), by the near-spelling readings and guards a
 * name after a street has ("Hindupoor Railway Station Road": "Hindupoor" alone is Hindupur).
 */
function townWrittenFirst(words: string[], parts: string[][], m: number, bare: boolean, near: boolean): NormalizedAddress | null | undefined {
  const town = parts.slice(0, m).flat();
  if (town.some((w) => PEEL_BLOCKERS.has(w))) return undefined;
  // A town's name may end in an address word ("Jaswant Nagar", "Baloda Bazar", "Meerut Cantt"): a directory town's
  // whole name that no post office of another state has (a line that begins "Shastri Nagar Main Road" is that
  // quarter's road in any city; written with a comma, the name is read as the contract reads a town alone). Spelt so only.
  if (town.some((w) => NOT_A_TOWN_WORD.has(w))) {
    const key = placeNameKey(town.join(" "));
    const states = near ? undefined : townNamed(key)?.areas.map((a) => a.state);
    if (!states || recordsNamed(key).some((r) => r.states.some((st) => !states.includes(st)))) return undefined;
  }
  const first = parts[m]?.[0] ?? "";
  const then = parts[m]?.[1] ?? parts[m + 1]?.[0] ?? "";
  if (STREET_WORDS.has(first) ? first !== "main" : TOWARD_WORDS.has(first) || (AFTER_TOWN_BEFORE_ROAD.has(first) && !STREET_WORDS.has(then))) return undefined;
  const name = town.join(" ");
  const townText = words.slice(0, m).join(" ");
  const parted = /\s-+$/.test(townText);
  const written = townText.replace(/\s-+$/, "");
  let districts: readonly string[] | undefined;
  let alone: string | null | undefined;
  if (!near) districts = townNamed(placeNameKey(name))?.areas.map((a) => a.district) ?? getGazetteer().places.get(name)?.city?.districts;
  else {
    const key = placeNameKey(name);
    if (key.length < SPOKEN_TOWN_LETTERS || COMMON_WORDS.has(key) || isDirectoryName(key) || getGazetteer().places.has(name)) return undefined;
    // Only a name that sounds as a directory town or is a letter off one is read (index look-ups; a reading costs more).
    const sounds = spokenTownIndex().get(spokenKey(key)) ?? [];
    if (sounds.length === 0 && !townWithin(key, 1)) return undefined;
    const read = normalizeReading(written, true).components;
    const city = read.city ? placeNameKey(read.city) : null;
    // The same sound (`spokenKey`), or a directory town a letter off that is no known city ("Veraghattam": Veeraghattam,
    // as `nearTownWritten` reads it, no other town or office as near): a known city a letter or two off is as often
    // another state's ("Handwar" is Handwara, not Haridwar; "Barmur" is Barmura, not Barmer).
    const letterOff = !!city && !getGazetteer().places.get(city)?.city && !!townNamed(city) && swapDistance(key, city, 1) <= 1;
    if (!city || city === key || (spokenKey(key) !== spokenKey(city) && !letterOff)) return undefined;
    // Not a known city of one state whose name the directory gives a town of another ("Zirakpoor": a city of Punjab,
    // and the directory's Zirakpur of West Bengal): spelt otherwise, the name tells neither.
    // Nor a sound that directory towns of two states share ("Anuppur" of Madhya Pradesh, "Annuppura" of Rajasthan).
    const directory = townNamed(city);
    const elsewhere = (t: DirectoryTown | null) => !!t?.areas.some((a) => a.state !== read.state);
    if (elsewhere(directory) || sounds.some((k) => elsewhere(townNamed(k)))) return undefined;
    districts = directory?.areas.map((a) => a.district) ?? getGazetteer().places.get(read.city as string)?.city?.districts;
    alone = read.state;
  }
  if (!districts) return undefined;
  // The town's own place of that name is the town's ("Kumbakonam Bazar"); one elsewhere is another place.
  const joined = placeNameKey(`${name} ${first}`);
  const own = districts;
  if (townNamed(joined)?.areas.some((a) => !own.includes(a.district)) || recordsNamed(joined).some((r) => !r.districts.some((d) => own.includes(d)))) return null;
  const rest = words.slice(m).join(" ");
  // A name spelt otherwise is read where a street's last name is ("Gandhi Chowk, Hindupoor"): after the street.
  const read = normalizeReading(near ? `${rest.replace(/^-+\s*/, "")}, ${written}` : `${written}, ${rest}`, true);
  const state = read.components.state;
  if (!state || (alone === undefined ? normalizeReading(townText, true).components.state : alone) !== state) return null;
  if (parted || AFTER_TOWN.has(first) || AFTER_TOWN_BEFORE_ROAD.has(first)) return read;
  // Two places side by side, in a line where nothing else named the state: not a road between them ("Rampur Bareilly Road").
  return bare && !STREET_WORDS.has(then) && normalizeReading(rest, true).components.state === state ? read : null;
}

/** How many words a road after its town may have ("Old Grand Trunk Road"), and the town before it ("Navi Mumbai"). */
const ROAD_AFTER_TOWN_WORDS = 4;
const TOWN_BEFORE_ROAD_WORDS = 2;

/**
 * A line without commas that ends in a road ("Hathras Old Kachahari Road"): the road runs on over the town before it.
 * The town is read as a part of its own between the words before it and the road, shortest road first, where the town
 * is a known city or a district's (not any post office: a road is named after a person as often, "Ramesh Babu Road")
 * that alone names the state so read, and the road's name alone names no other ("Baroda Mumbai Highway" is a road
 * between towns) nor is a quarter's or a landmark's ("Rampur Colony Main Road": Rampur names the colony).
 */
function placeBeforeRoad(words: string[], parts: string[][]): NormalizedAddress | null {
  if (!STREET_WORDS.has(parts[parts.length - 1]?.at(-1) ?? "")) return null;
  for (let r = 2; r <= ROAD_AFTER_TOWN_WORDS && r < words.length; r++) {
    const roadName = parts.slice(-r).flat();
    while (roadName.length > 0 && STREET_WORDS.has(roadName[roadName.length - 1] ?? "")) roadName.pop();
    if (roadName.some((w) => NOT_A_TOWN_WORD.has(w) && !STREET_WORDS.has(w))) break;
    for (let m = 1; m <= TOWN_BEFORE_ROAD_WORDS && m + r <= words.length; m++) {
      const at = words.length - r - m;
      const town = parts.slice(at, at + m).flat();
      if (!getGazetteer().places.get(town.join(" "))?.city || (parts[at - 1] ?? []).some((p) => PEEL_BLOCKERS.has(p) || DEVELOPERS.has(p))) continue;
      const townText = words.slice(at, at + m).join(" ");
      const read = normalizeReading([...words.slice(0, at), ",", townText, ",", ...words.slice(-r)].join(" ").replace(/^ , /, ""), true);
      const state = read.components.state;
      if (!state || normalizeReading(townText, true).components.state !== state) continue;
      const roadState = roadName.length > 0 ? normalizeReading(roadName.join(" "), true).components.state : null;
      if (roadState === null || roadState === state) return read;
    }
  }
  return null;
}

/** `mayOverrule`: whether a directory town written after a city of another state may be read instead of it. */
function normalizeReading(text: string, mayOverrule: boolean): NormalizedAddress {
  const scan = scanText(typeof text === "string" ? text : "");
  const rec = scan.pincode ? pincodeRecord(scan.pincode) : null;
  const { chunks, mentions } = parseAddress(scan.text, rec);

  const area = writtenArea(mentions);
  // Without a pincode or a written state or district, a locality's name of many states is not the city (`everywhereName`).
  // A district written with its marker is written too ("Krishnanagar, Dist. Nadia"), though no mention.
  const chosen = chooseCity(
    rec || area.statedState || area.statedDistrict || chunks.some((c) => c.kind === "district")
      ? mentions
      : mentions.filter((m) => m.kind !== "city" || !m.city.keys.some((k) => everywhereName(placeNameKey(k)))),
    rec,
  );
  const quarterOf = cityOfQuarter(area.statedState, chosen, rec);
  const city = quarterOf ? (rec ? null : quarterOf) : chosen;
  const r: Reading = {
    statedState: area.statedState,
    statedDistrict: area.statedDistrict ?? (rec ? null : districtAfterTown(mentions, chosen)),
    districtWritten: area.districtWritten,
    districtOrder: area.districtOrder,
    statedCity: city?.name ?? null,
    cityWritten: city !== null,
    townFits: false,
    townOutside: false,
    neighbourDistrict: scan.pincode && !rec ? neighbourDistrict(scan.pincode) : null,
    districtMarked: false,
  };
  // What the text writes as a state, and whether a district is a bare name (a locality may bear one: "Ambedkar Nagar").
  const stated = { state: r.statedState !== null, bareDistrict: r.statedDistrict !== null };
  // "Delhi" written as the state is the city too; with a pincode the line writes that state, so it does not
  // stand for a written city when a far town is read ("Ambedkar Nagar, 110005" reads the same from its line).
  const cityFromState = !r.statedCity && !!r.statedState && CITY_STATES.has(r.statedState);
  if (cityFromState) r.statedCity = r.statedState;
  if (!r.statedState && r.statedCity) r.statedState = stateOfCity(r.statedCity);

  const { kept, careOf, meaningful, hasHouse, hasBuilding } = keptChunks(chunks, rec, r, mentions);
  townAfterLandmark(kept, rec, r.statedDistrict, r.statedState, city && !r.statedState ? (only(city.districts.map((d) => directoryDistricts().get(d))) ?? null) : null);
  const townState = mayOverrule ? townAfterCity(kept, rec, city, mentions) : null;
  const overruled = townState !== null;
  if (overruled) {
    r.statedCity = null;
    r.cityWritten = false;
    r.statedState = writtenArea(mentions).statedState;
  }
  const written = overruled ? null : city;
  const { town, rural, placeTown, displaced, nearTown } = readCity(text, kept, rec, written, overruled ? mentions.filter((m) => m.kind !== "city") : mentions, cityFromState, r);
  const acrossBorder = rec && !written && r.statedCity === null ? townAcrossBorder(mentions, rec, r.statedDistrict) : null;
  if (rec && acrossBorder) {
    r.statedCity = acrossBorder.name;
    r.cityWritten = true;
    // Near its pincode the town is not flagged; farther the pincode is wrong, as for a directory town.
    r.townFits = !farFrom(acrossBorder, rec.entry, NEAR_PINCODE_KM);
    r.townOutside = !r.townFits;
  }
  const leftoverCities = citiesBesides(mentions, rec, written, displaced, r);
  markBuilding(kept, hasHouse && !hasBuilding, leftoverCities, town);

  const unplaced = !town && !rural && !placeTown;
  const ownCity = !!rec && nearOwnCity(rec);
  const village =
    (!r.statedCity && unplaced && !ownCity
      ? (villageBeforeSubDistrict(kept) ??
        villageAtCrossroads(kept) ??
        villageBeforeDistrict(kept, rec, r) ??
        (rec ? placeBeforeDistrict(kept, r) : null) ??
        townOfSubDistrict(kept, rec, r, false))
      : null) ??
    (!r.statedCity && unplaced && ownCity ? townOfSubDistrict(kept, rec, r, true) : null) ??
    (unplaced && ownCity && !r.cityWritten ? villageOutsideOwnCity(kept, rec) : null) ??
    (!r.statedCity && unplaced && ownCity && rec ? villageWithTownPincode(kept, rec, r) : null);
  const misspelt = !r.statedCity && !town && !rural && !placeTown && !village && !rec && !written ? readMisspeltTown(kept, r, nearTown) : null;
  // With no state or district written, a metro's quarter misspelt is read as spelt right (`placeWrittenAsTown`): the
  // locality, as written, with no city; its district and state are the directory's spelling's. (Spelt right with its
  // state written, the quarter is read as the city on both spellings.)
  const quarterSpelt = misspelt && r.statedCity && !r.statedState && !r.statedDistrict && metroQuarter(placeNameKey(r.statedCity)) ? { chunk: misspelt, name: r.statedCity } : null;
  if (quarterSpelt) r.statedCity = null;
  const spoken = quarterSpelt ? null : misspelt;
  // A name in an Indian script is spelt letter by letter: not as the place writes itself.
  const alone =
    !r.statedCity && !town && !rural && !placeTown && !village && !misspelt && !rec && !written && !(NON_ASCII.test(text) && hasIndianScript(text)) ? placeWrittenAlone(kept, r) : null;
  const villageOrAlone = village ?? alone;
  const cityText = town
    ? chunkText(town)
    : placeTown && placeTown.tokens === placeTown.chunk.tokens
      ? chunkText(placeTown.chunk)
      : rural?.kind === "post"
        ? chunkText(rural)
        : (villageOrAlone ?? spoken)
          ? chunkText((villageOrAlone ?? spoken) as Chunk)
          : null;
  const { house, floors, buildings, streets, landmarks, line } = componentTexts(kept, leftoverCities, cityText);
  const { district, state, stateFromLocality } = resolvedArea(rec, written, kept, line, leftoverCities, !!rural, town, r, stated, quarterSpelt, cityText);
  // The town overrules the city only where it is then read as the place ("Bangalore, Indiranagar": a town in Kanpur
  // Nagar and an office in five states, so not read, and the state came from Bangalore; the line, which writes that
  // state, keeps the city, and so does this reading).
  if (overruled && state !== townState) return normalizeReading(text, false);
  const entry = rec?.entry ?? null;
  const components: Components = {
    house: joinParts(house.concat(floors)),
    building: joinParts(buildings),
    street: joinParts(streets),
    locality: joinParts(line.filter((p) => !p.notLocality).map((p) => p.text)),
    landmark: joinParts(landmarks),
    // Delhi, Chandigarh and Puducherry: the state (written, or read from a district) is the city.
    city:
      r.statedCity ??
      (villageOrAlone
        ? (townOfSide(villageOrAlone.tokens, rec, r) ?? render(villageOrAlone.tokens, false))
        : rec
          ? nearOwnCity(rec) && !districtElsewhere(rec, r.statedDistrict)
            ? (entry?.city ?? null)
            : null
          : state && CITY_STATES.has(state)
            ? state
            : null),
    district,
    state,
    pincode: scan.pincode,
  };

  const c = components;
  const tail = [stateFromLocality ? null : c.state, c.pincode].filter(Boolean).join(" ");
  const normalized = [
    careOf,
    c.house,
    c.building,
    c.street,
    c.landmark,
    joinParts(line.map((p) => p.text)),
    r.cityWritten && r.statedCity !== c.state ? r.statedCity : null,
    r.districtWritten && r.statedDistrict ? `District ${r.statedDistrict}` : null,
    tail,
  ]
    .filter(Boolean)
    .join(", ");

  const cityDef = r.statedCity ? getGazetteer().citiesByName.get(r.statedCity) : undefined;
  return {
    normalized,
    components,
    pincode: entry,
    signals: {
      pincodeInText: scan.pincode,
      pincodeKnown: rec !== null,
      statedState: r.statedState,
      statedCity: r.statedCity,
      statedDistrict: r.statedDistrict,
      stateMatchesPincode: r.statedState && rec ? rec.states.includes(r.statedState) : null,
      cityMatchesPincode: r.townFits ? true : r.townOutside ? false : cityDef && rec ? cityMatchesRecord(cityDef, rec) : null,
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
