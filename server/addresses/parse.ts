/**
 * Cuts an address (phones and pincode already removed) into typed chunks and takes state, city
 * and district names off the chunks' ends.
 *
 * Every rule looks only at a chunk's own words, never at where the chunk sits in the address:
 * the normalized form reorders chunks, and re-parsing it must give the same result.
 */
import { SUFFIX_STOPLIST } from "./cities";
import { allowedEdits, editDistance, townWithin } from "./fuzzy";
import { DISTRICT_SHORT_FORMS, cityMatchesRecord, getGazetteer, type CityDef } from "./gazetteer";
import {
  BUILDING_WORDS,
  CROSSROADS,
  crossroadsAt,
  ESTATES,
  FEET,
  HASH,
  INITIALS,
  LOCALITY_TAIL,
  LOCALITY_WORDS,
  MANDAL_MARKERS,
  MANDAL_SHORT_FORMS,
  MARKERS,
  NUMBER,
  ORDINAL_WORDS,
  ROMAN,
  RELATION,
  STREET_WORDS,
  SUB_DISTRICT_MARKER_WORDS,
  TOWARD_WORDS,
  TOWN_SUFFIXES,
  WORD,
  isLocalityWord,
  PhraseTable,
  QUARTER_WORDS,
  tokenize,
  type Marker,
  type Token,
} from "./lexicon";
import {
  districtState,
  headOfficeRecords,
  isDirectoryName,
  isOfficeQualifier,
  isPlaceOfDistrict,
  officeNameKeys,
  placeNameKey,
  qualifiedRecords,
  recordsNamed,
  townNamed,
  type PincodeRecord,
} from "./pincodes";
import { AMBIGUOUS_ABBREVIATIONS, NCR, NCR_STATES, SPLIT_FROM } from "./states";

export type ChunkKind = "house" | "floor" | "building" | "street" | "landmark" | "locality" | "unknown" | "village" | "post" | "tehsil" | "district" | "recipient";

export interface Chunk {
  kind: ChunkKind;
  /** Canonical marker wording: "Flat", "Near", "Village"…; for floors the whole text. */
  label: string;
  tokens: Token[];
  /** Position in the input, for keeping written order within a component. */
  order: number;
  segment: number;
}

export type Mention = { kind: "state"; state: string; order: number } | { kind: "city"; city: CityDef; order: number } | { kind: "district"; district: string; order: number };

export interface Parsed {
  chunks: Chunk[];
  mentions: Mention[];
}

const SEGMENT_BREAK = /[,;|()[\]{}<>\n]+/;
/** "Andheri (East)" is one name, not two segments. */
const BRACKETED_DIRECTION = /\s*\((east|west|north|south)\)/gi;
/** A side of a town written short at a part's end: "Malad (W)", "Dahisar E", "Malad - W", "Goregaon(E", "Hindupur (N)". */
const SHORT_DIRECTION = /\b([A-Za-z]{3,})[ \t]*(\([ \t]*|-[ \t]*)?\b([EWNS])\b\.?[ \t]*\)?(?=[ \t]*(?:[,;/\n]|$))/g;
const SIDE_NAMES: Readonly<Record<string, string>> = { E: "East", W: "West", N: "North", S: "South" };

/**
 * "Malad (W)" → "Malad West", where the directory knows a town or post office by the name with that side (Malad West
 * is a Mumbai suburb; Malad alone is also a Pune village, and Goregaon alone a town of Gondia), or the name alone is a
 * directory town ("Hindupur (E)", "Dera Baba Nanak (E)": the town's side, which the line keeps). Elsewhere ("Block E", "Airoli (E)": no
 * office of that name) the letter is left as written. `N` and `S` only in brackets, and a town's letter not before a
 * slash ("Rampur S/O …", "W/O …" are relations).
 */
function spellShortDirections(text: string): string {
  if (!/\b[EWNS]\b/.test(text)) return text;
  return text.replace(SHORT_DIRECTION, (all, name: string, open: string | undefined, side: string, at: number) => {
    const upper = side.toUpperCase();
    if ((upper === "N" || upper === "S") && !open?.startsWith("(")) return all;
    const spelt = `${name} ${SIDE_NAMES[upper] as string}`;
    const key = placeNameKey(spelt);
    // The town may be of several words ("Dera Baba Nanak (E)").
    const words = [...wordsBefore(text, at), name];
    // Not an office the directory writes with the letter ("Ranpur (S)"), read as written, nor a station town ("Nashik
    // Road"), whose road's word would end its name.
    const town =
      !STREET_WORDS.has(name.toLowerCase()) &&
      words.some((_, k) => !!townNamed(placeNameKey(words.slice(k).join(" ")))) &&
      !text
        .slice(at + all.length)
        .trimStart()
        .startsWith("/") &&
      qualifiedRecords(placeNameKey(`${name} ${side}`)).length === 0;
    return isDirectoryName(key) || qualifiedRecords(key).length > 0 || town ? spelt : all;
  });
}

/** A town's word in brackets ("Hindupur (Town)", "Behat (Rural)"; `TOWN_SUFFIXES`). */
const BRACKETED_TOWN_WORD = /\s*\(\s*([A-Za-z]{4,6})\s*\)/g;

/**
 * Whether a town's word after these words goes with them (`joinBracketedTownWords`, `joinTownWords`): they are a
 * directory town, not a known city, district or state, which the gazetteer reads apart as before ("Puri (Rural)").
 */
function takesTownWord(words: readonly string[]): boolean {
  return !getGazetteer().places.has(words.join(" ").toLowerCase()) && !!townNamed(placeNameKey(words.join("")));
}

/**
 * "Hindupur (Town)" → "Hindupur Town", where the words before are a directory town (`takesTownWord`): the town with its
 * word, as written without the brackets, not a place and a second name "Town" in the line.
 */
function joinBracketedTownWords(text: string): string {
  return text.replace(BRACKETED_TOWN_WORD, (all, word: string, at: number) => {
    if (!TOWN_SUFFIXES.has(word.toLowerCase())) return all;
    const words = wordsBefore(text, at);
    return words.some((_, k) => takesTownWord(words.slice(k))) ? ` ${word}` : all;
  });
}

/** A word or a few in brackets ("Goyala (Mokhra)"), bounded so a run of brackets costs in proportion to its length. */
const BRACKETED_WORDS = /\(\s*([A-Za-z][A-Za-z .]{0,30}?)\s*\)/g;
const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Up to three words ending the text before `at` (spaces, dots or hyphens between them), a scan back over them only. */
function wordsBefore(text: string, at: number): string[] {
  const words: string[] = [];
  let end = at;
  while (end > 0 && (text[end - 1] === " " || text[end - 1] === "\t")) end--;
  while (words.length < 3) {
    let start = end;
    while (start > 0 && isAsciiLetter(text.charCodeAt(start - 1))) start--;
    if (start === end) break;
    words.unshift(text.slice(start, end));
    end = start;
    while (end > 0 && (text[end - 1] === " " || text[end - 1] === "." || text[end - 1] === "-")) end--;
    if (end === start) break;
  }
  return words;
}

/** A name that, read alone, is a known city or a district's town none of these offices' districts has ("Aurangabad"). */
function readsElsewhere(name: string, offices: readonly PincodeRecord[]): boolean {
  const city = getGazetteer().places.get((name.toLowerCase().match(/[a-z]+/g) ?? []).join(" "))?.city;
  return !!city && !city.districts.some((d) => offices.some((r) => r.districts.includes(d)));
}

/**
 * "Goyala (Mokhra)" → "Goyala Mokhra", where the directory has an office of the name with that word after it in brackets
 * (`qualifiedRecords`): one name, not a place and another place (Mokhra is a town of another state). Not where the word in
 * brackets is the office's district, or a town or sub-district of it ("Kallur (Khammam)"): that reads as the district,
 * unless a name of the two read alone is a city elsewhere ("Aurangabad (Murshidabad)": not the city in Maharashtra).
 */
function joinBracketedQualifiers(text: string): string {
  return text.replace(BRACKETED_WORDS, (all, written: string, at: number) => (joinsQualifier(text, written, at) ? ` ${written}` : all));
}

/** Whether `written`, a qualifier written after the words before `at`, is part of an office's name (`joinBracketedQualifiers`). */
function joinsQualifier(text: string, written: string, at: number, part?: string): boolean {
  const qualifier = placeNameKey(written);
  const words = wordsBefore(text, at);
  for (let n = words.length; n >= 1; n--) {
    const name = placeNameKey(words.slice(-n).join(""));
    // Where asked, the name is its part's whole text.
    if (part !== undefined && name !== part) continue;
    const offices = qualifiedRecords(name + qualifier);
    if (offices.length === 0) continue;
    const town = townNamed(qualifier);
    const ownArea = offices.every((r) => r.districts.some((d) => placeNameKey(d) === qualifier || !!town?.areas.some((a) => a.district === d)));
    return !ownArea || readsElsewhere(words.slice(-n).join(" "), offices) || readsElsewhere(written, offices);
  }
  return false;
}

/** The longest part after a comma asked about: a qualifier is a word or a few. */
const QUALIFIER_CHARS = 32;

/**
 * "Goyala, Mokhra" → "Goyala Mokhra": a qualifier the directory writes in brackets after an office's name, written as
 * the next part, is that office's name as `joinBracketedQualifiers` joins it; read apart, the qualifier was a town of
 * another state, or nothing.
 */
function joinQualifiersAfterComma(text: string): string {
  let out = "";
  let from = 0;
  // One scan: each part is read once, as letters, and asked about only if the directory writes it as a qualifier.
  for (let at = text.indexOf(","); at >= 0; at = text.indexOf(",", at + 1)) {
    let key = "";
    let end = at + 1;
    for (; end < text.length && end - at <= QUALIFIER_CHARS; end++) {
      const c = text.charCodeAt(end);
      if (isAsciiLetter(c)) key += text[end] as string;
      else if (c !== 32 && c !== 46) break;
    }
    if (end < text.length && !",;|\n".includes(text[end] as string)) continue;
    key = key.toLowerCase();
    // Not two letters: a part of its own, they are as often a state's initials ("Atmakur, NL").
    if (key.length < 3 || !isOfficeQualifier(key)) continue;
    const written = text.slice(at + 1, end).trim();
    // A state or a known city written as a part of its own is that ("…, Chennai"), however an office is qualified.
    const known = getGazetteer().places.get(written.toLowerCase());
    // The part before is the office's name alone: "Near Bus Stand Goyala, Mokhra" is read as a landmark and a place.
    const start = Math.max(text.lastIndexOf(",", at - 1), text.lastIndexOf(";", at - 1), text.lastIndexOf("\n", at - 1));
    if (known?.state || known?.city || !joinsQualifier(text, written, at, placeNameKey(text.slice(start + 1, at)))) continue;
    out += `${text.slice(from, at)} `;
    from = at + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * A mandal's marker in brackets: spelt out, or cut short to "M" alone ("Narsapur (M)"; "(MD)" is a doctor's degree).
 * "(Mandalam)" was never read here, and is left so.
 */
const BRACKETED_MANDAL: readonly string[] = [...MANDAL_MARKERS.filter((m) => m !== "mandalam"), ...MANDAL_SHORT_FORMS.filter((m) => m.length === 1)];
/** "Rampur (Vill)", "Narsapur (Mdl)", "Medak (Dt)": a marker written after its value, in brackets. */
const BRACKETED_MARKER = new RegExp(
  `\\s*\\(\\s*(vill|village|v|po|p\\.o|post|${BRACKETED_MANDAL.join("|")}|tq|tal|taluk|taluka|teh|tehsil|dt|dist|distt|district|ps|thana)\\.?\\s*\\)`,
  "gi",
);
const SHORT_MARKERS: Record<string, string> = { v: "vill", m: "mdl" };

/**
 * "Rampur (V) Narsapur (M)" → "Vill Rampur, Mdl Narsapur,": the marker before its value (the text
 * back to the previous comma or bracket), one segment each. Written as a scan, not one pattern with
 * a lazy value before the marker: that pattern retries from every position and is quadratic.
 */
function moveBracketedMarkers(text: string): string {
  let out = "";
  let pos = 0;
  BRACKETED_MARKER.lastIndex = 0;
  for (let m = BRACKETED_MARKER.exec(text); m !== null; m = BRACKETED_MARKER.exec(text)) {
    let start = m.index;
    while (start > pos && !VALUE_END.has(text.charCodeAt(start - 1))) start--;
    const value = text.slice(start, m.index).trim();
    if (start === m.index) continue;
    const marker = (m[1] as string).toLowerCase();
    out += `${text.slice(pos, start)}, ${SHORT_MARKERS[marker] ?? m[1]} ${value},`;
    pos = m.index + m[0].length;
  }
  return pos === 0 ? text : out + text.slice(pos);
}
/** Characters that end a bracketed marker's value on its left: `,`, `(`, `)`. */
const VALUE_END: ReadonlySet<number> = new Set([44, 40, 41]);
const FILLER: ReadonlySet<string> = new Set(["address", "addr"]);
/** A place name right after these is part of a landmark or a marker's value, not the address's city. */
export const PEEL_BLOCKERS: ReadonlySet<string> = new Set([
  "of",
  "to",
  "and",
  "&",
  "near",
  "nr",
  "opp",
  "opposite",
  "behind",
  "beside",
  "besides",
  "adj",
  "adjacent",
  "front",
  "above",
  "below",
  "off",
  "landmark",
  "lm",
  "lmk",
  "vill",
  "village",
  "vil",
  "vlg",
  "gram",
  "grama",
  "vpo",
  "post",
  "po",
  ...SUB_DISTRICT_MARKER_WORDS,
  "ps",
  "thana",
  "station",
  "distt",
  "dist",
  "dis",
  "district",
  "dt",
  "dst",
  "zilla",
  "zila",
  "jila",
  "jilla",
  "via",
  "in",
  "s/o",
  "c/o",
  "w/o",
  "d/o",
  "h/o",
  "f/o",
]);
const FLOOR_WORDS: ReadonlySet<string> = new Set(["floor", "flr", "fl"]);
/** Street words that may directly follow another ("Main Road", "Cross Lane"). */
const STREET_TAIL: ReadonlySet<string> = new Set(["road", "rd", "street", "lane", "marg"]);
const OPAQUE: ReadonlySet<ChunkKind> = new Set(["landmark", "recipient", "village", "post", "tehsil", "district"]);
/** Marker kinds that may follow their value: "Hosakote Taluk", "Bareilly District". */
/** What a district runs, named after it: "District Hospital", "District Court", "Zilla Parishad", "District Co-operative Bank". */
// prettier-ignore
const DISTRICT_OFFICES: ReadonlySet<string> = new Set([
  "hospital", "court", "courts", "jail", "office", "collectorate", "library", "stadium", "treasury", "parishad", "parishat", "panchayat",
  "bank", "co", "coop", "cooperative",
]);

/** Words after a tehsil's or mandal's marker that make it the name of its office ("Mandal Office", "Tehsil Head Quarters"). */
const SUB_DISTRICT_OFFICES: ReadonlySet<string> = new Set(["office", "head", "headquarter", "headquarters", "hq", "parishad", "parishat", "praja"]);

const PANCHAYAT: ReadonlySet<string> = new Set(["panchayat", "panchayath", "sabha"]);

const POSTFIX: ReadonlySet<string> = new Set(["tehsil", "district", "post", "village"]);

/** A post office's short marker ("PO", "P.O.") between a landmark's words and a name: the landmark ends before it. */
function postAfterLandmark(tokens: readonly Token[], i: number, j: number, o: Chunk): boolean {
  const marker = tokens
    .slice(i, j)
    .map((t) => t.key)
    .join(" ");
  const name = tokens[j];
  return (
    (marker === "po" || marker === "p o" || marker === "p 0") &&
    o.tokens.length > 0 &&
    name?.type === WORD &&
    name.key.length >= 3 &&
    !STREET_WORDS.has(name.key) &&
    !BUILDING_WORDS.has(name.key) &&
    !LOCALITY_WORDS.has(name.key) &&
    !QUARTER_WORDS.has(name.key) &&
    name.key !== "office"
  );
}

/** One or two words of letters at `j`, then a tehsil's, taluk's, mandal's or district's marker. */
function areaAfterName(tokens: readonly Token[], j: number): boolean {
  for (let k = j + 1; k <= j + 2 && k < tokens.length; k++) {
    if ((tokens[k - 1] as Token).type !== WORD) return false;
    const kind = MARKERS.match(tokens, k)?.value.kind;
    if (kind === "tehsil" || kind === "district") return true;
  }
  return false;
}

function ordinal(n: string): string {
  const v = Number(n) % 100;
  const suffix = v >= 11 && v <= 13 ? "th" : (["th", "st", "nd", "rd"][v % 10] ?? "th");
  return `${Number(n)}${suffix}`;
}

function isLetter(t: Token | undefined): boolean {
  return !!t && t.type === WORD && t.key.length === 1 && t.key >= "a" && t.key <= "z";
}

function isPlainNumber(t: Token | undefined): boolean {
  return !!t && t.type === NUMBER && !t.ordinal;
}

/** Tokens after a house marker that form the number: "12", "A-101", "B 101". */
function houseArgLength(tokens: Token[], j: number): number {
  const a = tokens[j];
  if (a?.type === HASH) return isPlainNumber(tokens[j + 1]) ? 2 : 0;
  if (isPlainNumber(a)) return 1;
  if (isLetter(a) && isPlainNumber(tokens[j + 1]) && /^\d/.test((tokens[j + 1] as Token).key)) return 2;
  return 0;
}

/** Tokens after an area marker that form its number: "62", "C", "II", "No. 4". */
function areaArgLength(tokens: Token[], j: number): number {
  const skip = tokens[j]?.key === "no" ? 1 : 0;
  const a = tokens[j + skip];
  if (!a) return 0;
  if (isPlainNumber(a) || isLetter(a) || (a.type === WORD && ROMAN.has(a.key))) return skip + 1;
  return 0;
}

/** Buildings roads are named after ("Civil Hospital Road", "Power House Road", "Raj Bhavan Road"); not homes ("Sunrise Apartments Main Road"). */
// prettier-ignore
const ROAD_NAMING_BUILDINGS: ReadonlySet<string> = new Set([
  "hospital", "college", "school", "house", "court", "palace", "mahal", "bhavan", "bhawan", "hotel", "hostel", "lodge",
  "mall", "tower", "castle",
]);

/**
 * A crossroads' word ("Chowrasta") or "X Roads": the crossroads is named after the place before it, whose name it
 * continues even where that name ends like a locality's ("Rampet X Roads"); the "X" is no Roman ten.
 */
const crossRoads = (tokens: readonly Token[], i: number): boolean => crossroadsAt(tokens, i) > 0;

function isStreetWord(tokens: Token[], i: number): boolean {
  const t = tokens[i] as Token;
  if (t.type !== WORD || !STREET_WORDS.has(t.key)) return false;
  const next = tokens[i + 1];
  // "5th Main" is taken whole where the ordinal is read; alone, only "Main Road" / "Cross Road".
  if (t.key === "main" || t.key === "cross") return next?.key === "road" || next?.key === "rd";
  // "St"/"Ln" end a street ("Park St"); before a word they are something else ("St Mary's").
  if (t.key === "st" || t.key === "ln") return !next || next.type !== WORD || MARKERS.match(tokens, i + 1) !== null;
  return true;
}

/** Tokens after a street word that still belong to it, and whether they number it ("Road No. 12"). */
function streetTail(tokens: Token[], j: number): { length: number; numbered: boolean } {
  let length = 0;
  while (tokens[j + length] && STREET_TAIL.has((tokens[j + length] as Token).key)) length++;
  const a = tokens[j + length];
  if (a?.key === "no" && isPlainNumber(tokens[j + length + 1])) return { length: length + 2, numbered: true };
  if (isPlainNumber(a) && !FEET.has(tokens[j + length + 1]?.key ?? "")) return { length: length + 1, numbered: false };
  return { length, numbered: false };
}

/** Whether the words from `j` to the next marker (or the end) are a state's name, "India" or both, and nothing else. */
function onlyStateFrom(tokens: readonly Token[], j: number): boolean {
  const places = getGazetteer().places;
  let k = j;
  for (; k < tokens.length && MARKERS.match(tokens, k) === null; k++) {
    const key = (tokens[k] as Token).key;
    if (key !== "india" && !places.get(key)?.state) return false;
  }
  return k > j;
}

/** A district's name, or the name of the one district's town it is named after ("Kadapa" for YSR Kadapa). */
function namesDistrict(key: string): boolean {
  const gaz = getGazetteer();
  return gaz.districtsByKey.has(key) || gaz.places.get(key)?.city?.districts.length === 1;
}

/** Whether a word is a district's name or its short form ("Nellore", "EG"). */
function isDistrictKey(key: string): boolean {
  return getGazetteer().districtsByKey.has(key) || Object.hasOwn(DISTRICT_SHORT_FORMS, key);
}

/** Whether one or two words of letters are a district's name or its short form ("Nellore", "E Godavari", "R R"). */
function namesDistrictIn(tokens: readonly Token[]): boolean {
  if (tokens.length === 0 || tokens.length > 2 || !tokens.every((t) => t.type === WORD)) return false;
  const key = tokens.map((t) => t.key).join(" ");
  return namesDistrict(key) || Object.hasOwn(DISTRICT_SHORT_FORMS, key);
}

/**
 * Words after an office's name that name no village: a station, a development block ("Jaulka Rly", "Pindrahat Block"),
 * its market, a crossroads or an industrial estate named after it ("Rampur Bazar", "Rampur Crossing", "Rampur GIDC").
 */
const STATION_WORDS: ReadonlySet<string> = new Set(["rly", "railway", "station", "stn", "rs", "block", "bazar", "bazaar", ...ESTATES, ...CROSSROADS]);
/** The words an address is made of around its places: a street, a building, a quarter, a station. */
const ADDRESS_WORDS: readonly ReadonlySet<string>[] = [STREET_WORDS, BUILDING_WORDS, LOCALITY_WORDS, QUARTER_WORDS, STATION_WORDS];

/**
 * Whether the words of a value after its first `n` name no village of their own: the first words again, towns or
 * districts, a station ("Rly Station"), address words, or a name ending in one ("Janki Market").
 */
function restIsNoPlace(tokens: readonly Token[], n: number): boolean {
  const head = new Set(tokens.slice(0, n).map((t) => t.key));
  const last = (tokens[tokens.length - 1] as Token).key;
  if (LOCALITY_WORDS.has(last) || QUARTER_WORDS.has(last)) return true;
  const places = getGazetteer().places;
  return tokens.slice(n).every((t) => head.has(t.key) || STATION_WORDS.has(t.key) || STREET_WORDS.has(t.key) || BUILDING_WORDS.has(t.key) || !!places.get(t.key) || !!townNamed(t.key));
}

/**
 * The post office at the head of a marker's value that is no place as a whole ("P.O. Masaurhi Janki Market", "VPO
 * Ranipur Tarabganj Gonda", "At Po Jaulka Rly"): lists run the office into what follows it (a market, a station, its
 * tehsil or district). The first one or two words, where they are one of the pincode's offices or an office or town of
 * its district (without a pincode, of the written district), are the place; else the value whole. Not before "Khurd",
 * "Kalan" or a direction, which make another village's name. A name written twice is that name.
 */
export function officeAtHead(written: readonly Token[], rec: PincodeRecord | null, writtenDistrict: string | null): readonly Token[] {
  // A name written twice, as lists that join two fields holding it do ("VPO Amethi Amethi"), is that name.
  const half = written.length / 2;
  if (Number.isInteger(half) && half > 0 && written.slice(0, half).every((t, k) => t.key === (written[half + k] as Token).key)) return written.slice(0, half);
  const named = withoutStrayLetters(written);
  if (named !== written) return officeAtHead(named, rec, writtenDistrict);
  if (written.length < 2 || !written.every((t) => t.type === WORD)) return written;
  const whole = partKey(written);
  if (isDirectoryName(whole)) return written;
  const { tokens, district: namedDistrict } = firstPlace(written);
  const district = writtenDistrict ?? namedDistrict;
  if (tokens.length < 2) return tokens;
  if (!(rec || district)) return withoutSpotAfter(tokens);
  const districts = rec ? rec.districts : [district as string];
  const offices = rec ? officeNameKeys(rec) : [];
  for (let n = Math.min(2, tokens.length - 1); n >= 1; n--) {
    if (LOCALITY_TAIL.has((tokens[n] as Token).key)) continue;
    if (!restIsNoPlace(tokens, n)) continue;
    const key = partKey(tokens.slice(0, n));
    // One of the pincode's offices may be spelt a letter off ("Bhadrla" for the office Bhadrala).
    const limit = allowedEdits(key.length);
    const office =
      offices.some((o) => o === key || (limit > 0 && o[0] === key[0] && editDistance(o, key, limit) <= limit)) ||
      recordsNamed(key).some((r) => r.districts.some((d) => districts.includes(d)));
    if (key.length >= 4 && (office || townNamed(key)?.areas.some((a) => districts.includes(a.district)))) return tokens.slice(0, n);
  }
  return withoutSpotAfter(tokens);
}

/**
 * A name without a letter or two before it, where the rest is a name the directory knows and the whole is none, nor
 * one spelt near: a house number's letter ("14 L Rampur Village") or a marker misspelt ("Vill-Pi-Rampur") is no part of the place.
 */
export function withoutStrayLetters(written: readonly Token[]): readonly Token[] {
  const rest = written.slice(1);
  const stray = written.length >= 2 && /^[a-z]{1,2}$/.test((written[0] as Token).key) && rest.every((t) => t.type === WORD);
  // Not where the whole is a directory name spelt a letter or two apart: "A Kondur" is A. Konduru, no Kondur.
  return stray && isDirectoryName(partKey(rest)) && !isDirectoryName(partKey(written)) && !townWithin(partKey(written), 2) ? rest : written;
}

/** Station words that name a spot after a village, not the village: its station, block or crossroads (not its market). */
const SPOT_WORDS: ReadonlySet<string> = new Set([...STATION_WORDS].filter((w) => w !== "bazar" && w !== "bazaar"));

/**
 * A value no office heads, without the spot written after its village: a station, a development block or a crossroads
 * named after it ("Vill. & P.O. Rampur Railway Station", "Rampur Block", "Rampur Crossing"), or a road named after a town
 * ("Village Rampur Barhni Road"): the village is the place (contract). A value of one name, a road's alone ("Khariar
 * Road" is a town of its own), or with no letters left stays whole.
 */
export function withoutSpotAfter(tokens: readonly Token[]): readonly Token[] {
  let end = tokens.length;
  while (end > 1 && SPOT_WORDS.has((tokens[end - 1] as Token).key)) end--;
  if (end === tokens.length && end >= 3 && STREET_WORDS.has((tokens[end - 1] as Token).key)) {
    // The road's own name: one or two words before it that are a town, post office or city of the directory.
    for (let n = Math.max(1, end - 3); n < end - 1 && end === tokens.length; n++) {
      const name = tokens.slice(n, end - 1);
      if (isDirectoryName(partKey(name)) || getGazetteer().places.get(name.map((t) => t.key).join(" "))?.city) end = n;
    }
  }
  const head = tokens.slice(0, end);
  return end < tokens.length && !SPOT_WORDS.has((head[0] as Token).key) && head.some((t) => t.type === WORD && t.key.length >= 3) ? head : tokens;
}

/** Words that open another place's name in a list run together ("Rampur Pargana Bhojpur"). */
const PLACE_OPENERS: ReadonlySet<string> = new Set(["pargana", "parganah"]);
/** Words that close a place's name in a list run together ("Bhojpur Sadar", the sub-district around a district's town). */
export const PLACE_CLOSERS: ReadonlySet<string> = new Set(["sadar"]);

/**
 * The first place of a marker's value that runs several fields together with no comma ("VPO Nandpur Kaiserganj Kaiserganj
 * Bahraich": the village, its tehsil twice, its district): it ends before a name written again (or twice in a row, read
 * once: `dropFiller`), before "Pargana" or after
 * "Sadar". A district's name ending the value is returned: the place is then sought among that district's offices.
 */
function firstPlace(tokens: readonly Token[]): { tokens: readonly Token[]; district: string | null } {
  let end = tokens.length;
  let district: string | null = null;
  const districts = getGazetteer().districtsByKey;
  for (let n = 2; n >= 1 && !district; n--)
    if (tokens.length > n)
      district =
        districts.get(
          tokens
            .slice(-n)
            .map((t) => t.key)
            .join(" "),
        ) ?? null;
  for (let k = 1; k < end; k++) {
    const key = (tokens[k] as Token).key;
    if (PLACE_OPENERS.has(key)) end = k;
    else if (PLACE_CLOSERS.has(key)) end = k + 1;
  }
  // A word written again: the name it starts is another field's (or, written first, the place itself).
  const last = new Map<string, number>();
  for (const [j, t] of tokens.entries()) last.set(t.key, j);
  for (let k = 0; k < end; k++) {
    const key = (tokens[k] as Token).key;
    if (k > 0 && tokens[k]?.repeated) {
      end = k;
      break;
    }
    if (key.length < 3 || (last.get(key) as number) <= k) continue;
    if (k > 0) end = k;
    else {
      const again = tokens.findIndex((t, j) => j > 0 && t.key === key);
      let n = 1;
      while (n < again && tokens[again + n]?.key === (tokens[n] as Token).key) n++;
      end = n;
    }
    break;
  }
  return { tokens: tokens.slice(0, end), district };
}

/** The `placeNameKey` of some words. */
function partKey(part: readonly Token[]): string {
  return placeNameKey(part.map((t) => t.key).join(" "));
}

/**
 * Where a sub-district's name starts in a name written before its marker with no comma ("Velivolu Ghantasala
 * Mandal", "Katevaram Tenali Mandal"): its last one or two words are a directory town or sub-district and the
 * words before them a post office or town of the same district. 0 when the whole name is the sub-district's.
 */
function villageBeforeSubdistrict(tokens: readonly Token[]): number {
  if (!tokens.every((t) => t.type === WORD)) return 0;
  for (let n = 1; n <= 2 && n < tokens.length; n++) {
    const at = tokens.length - n;
    const town = townNamed(partKey(tokens.slice(at)));
    if (!town || townNamed(partKey(tokens))) continue;
    const village = partKey(tokens.slice(0, at));
    const districts = new Set(town.areas.map((a) => a.district));
    const inDistrict = recordsNamed(village).some((r) => r.districts.some((d) => districts.has(d))) || !!townNamed(village)?.areas.some((a) => districts.has(a.district));
    // A village the directory knows nowhere ("Chinnakonda Kundurpi Mandal"), or only in other districts (a namesake's):
    // one word of letters before a sub-district's town of one word, neither an address word nor a district's or a
    // gazetteer place's name.
    const unknown =
      n === 1 &&
      at === 1 &&
      !getGazetteer().places.has(village) &&
      tokens.every((t) => t.key.length >= 5 && !isLocalityWord(t.key) && !STREET_WORDS.has(t.key) && !BUILDING_WORDS.has(t.key));
    if (village.length >= 4 && (inDistrict || unknown)) return at;
  }
  // A sub-district's town of one word that the directory spells otherwise ("Vadlamudi Chebrollu Mandal", Chebrole), after a
  // directory post office or town of five letters or more: the village.
  const at = tokens.length - 1;
  const sub = partKey(tokens.slice(at));
  const village = partKey(tokens.slice(0, at));
  if (at === 0 || sub.length < 6 || isDirectoryName(partKey(tokens)) || isDirectoryName(sub)) return 0;
  return village.length >= 5 && isDirectoryName(village) && townWithin(sub, 2) ? at : 0;
}

/**
 * Kind of an unmarked name once it is closed: a street if it was cut right after "St"/"Ln" (the
 * next word started another chunk), a locality if it ends in a locality word ("East", "II", "2" aside).
 */
function nameKind(tokens: Token[]): ChunkKind {
  let k = tokens.length - 1;
  const last = (tokens[k] as Token).key;
  if (k > 0 && (last === "st" || last === "ln")) return "street";
  while (k > 0 && (LOCALITY_TAIL.has((tokens[k] as Token).key) || ROMAN.has((tokens[k] as Token).key) || isPlainNumber(tokens[k]))) k--;
  return isLocalityWord((tokens[k] as Token).key) ? "locality" : "unknown";
}

class SegmentChunker {
  private open: Chunk | null = null;
  private readonly first: number;

  constructor(
    private readonly tokens: Token[],
    private readonly base: number,
    private readonly segment: number,
    private readonly out: Chunk[],
  ) {
    this.first = out.length;
  }

  run(): void {
    let i = 0;
    while (i < this.tokens.length) i = this.step(i);
    // "Kattavaram Ponnur Mandal Guntur 522124", "… Mandal E Godavari": a district's name ending the part after a mandal's
    // marker, with a name right before the marker, is the district, as where "District" follows it; lists write a
    // mandal after its name, so the marker follows the name before it.
    const o = this.open;
    if (o?.kind === "tehsil" && o.label === "Mandal" && this.subDistrictBefore(o)) {
      this.push("district", "District", o.tokens, o.order - this.base + 1);
      return;
    }
    this.close();
  }

  /**
   * "Kovur Mandal Nellore District": where a taluk's or mandal's marker is followed only by a district's name, and a
   * name with no label runs right up to the marker, the marker follows that name (as "Rampur (M)" does) and the words
   * after it are the district. Makes the name before the sub-district (or the village's part of it, see
   * `villageBeforeSubdistrict`) and drops the open part; the caller pushes the district.
   */
  private subDistrictBefore(o: Chunk): boolean {
    const before = this.out[this.out.length - 1];
    if (!namesDistrictIn(o.tokens) || !before || this.out.length === this.first || before.segment !== o.segment) return false;
    // "Opp Market <village> <town> Mandal Guntur": a landmark runs to the marker and takes the sub-district's town with it;
    // its last one or two words, a directory town, are the sub-district's (the village before them is found in the
    // landmark as any place is, `townAfterLandmark`).
    if (before.kind === "landmark") {
      if (this.base + this.tokens.lastIndexOf(before.tokens[before.tokens.length - 1] as Token) + 1 !== o.order) return false;
      const n = [2, 1].find((k) => k < before.tokens.length && before.tokens.slice(-k).every((t) => t.type === WORD) && !!townNamed(partKey(before.tokens.slice(-k))));
      if (!n) return false;
      this.out.push({ kind: "tehsil", label: o.label, tokens: before.tokens.splice(-n), order: o.order - n, segment: before.segment });
      this.open = null;
      return true;
    }
    if ((before.kind !== "unknown" && before.kind !== "locality") || before.label || before.order + before.tokens.length !== o.order) return false;
    const split = villageBeforeSubdistrict(before.tokens);
    if (split > 0) this.out.push({ kind: "tehsil", label: o.label, tokens: before.tokens.splice(split), order: before.order + split, segment: before.segment });
    else {
      before.kind = "tehsil";
      before.label = o.label;
    }
    this.open = null;
    return true;
  }

  private push(kind: ChunkKind, label: string, tokens: Token[], at: number): void {
    this.out.push({ kind, label, tokens, order: this.base + at, segment: this.segment });
  }

  private close(): void {
    const c = this.open;
    this.open = null;
    if (!c || c.tokens.length === 0) return;
    // A name left open for a street word that never came ("Banjara Hills" + "Road No. 12").
    if (c.kind === "unknown") c.kind = nameKind(c.tokens);
    this.out.push(c);
  }

  private unknown(at: number): Chunk {
    this.open ??= { kind: "unknown", label: "", tokens: [], order: this.base + at, segment: this.segment };
    return this.open;
  }

  /** Sector/Phase/Block/Stage/Pocket: part of the locality or building it follows, else a locality. */
  private area(tokens: Token[], at: number): void {
    const o = this.open;
    if (o && (o.kind === "unknown" || OPAQUE.has(o.kind))) {
      o.tokens.push(...tokens);
      if (o.kind === "unknown") {
        o.kind = "locality";
        this.close();
      }
      return;
    }
    const last = this.out[this.out.length - 1];
    if (!o && last && this.out.length > this.first && (last.kind === "building" || last.kind === "locality")) {
      last.tokens.push(...tokens);
      return;
    }
    this.close();
    this.push("locality", "", tokens, at);
  }

  private marker(m: Marker, i: number, j: number): number {
    const tokens = this.tokens;
    switch (m.kind) {
      case "house": {
        const arg = houseArgLength(tokens, j);
        if (arg === 0) return -1;
        this.close();
        this.push(
          "house",
          m.label,
          tokens.slice(j, j + arg).filter((t) => t.type !== HASH),
          i,
        );
        return j + arg;
      }
      case "floor":
        this.close();
        this.push("floor", m.label, [], i);
        return j;
      case "area": {
        const arg = areaArgLength(tokens, j);
        // "Block Galsi II", "Block - Bakshi ka Talab": a development block, named like a tehsil; "Block C" divides a locality.
        const named = tokens[j];
        // A locality word is a block of a locality ("Block Market"); a name ending like one is a block's own ("Block Bhojpur").
        if (arg === 0 && m.label === "Block" && named?.type === WORD && named.key.length >= 3 && !LOCALITY_WORDS.has(named.key) && MARKERS.match(tokens, j) === null) {
          return this.marker({ kind: "tehsil", label: "Block" }, i, j);
        }
        // "Surada Block", "Pithapuram Block": a development block written after its name (open, or closed by its
        // ending), a town or sub-district of the directory.
        const atEnd = j >= tokens.length || MARKERS.match(tokens, j) !== null;
        const last = this.out[this.out.length - 1];
        const name = this.open ?? (last && this.out.length > this.first && last.kind === "locality" && last.order + last.tokens.length === this.base + i ? last : null);
        if (
          arg === 0 &&
          m.label === "Block" &&
          atEnd &&
          name &&
          (name.kind === "unknown" || name.kind === "locality") &&
          !name.label &&
          name.tokens.every((t) => t.type === WORD) &&
          townNamed(partKey(name.tokens))
        ) {
          name.kind = "tehsil";
          name.label = "Block";
          this.close();
          return j;
        }
        if (arg === 0) return -1;
        this.area(tokens.slice(i, j + arg), i);
        return j + arg;
      }
      default: {
        const o = this.open;
        // Inside a landmark, "Post Office" or "Police Station" is part of the landmark; a taluk,
        // district or village marker starts the next part ("opp Temple Taluk Sagara").
        // But "PO" and a name after a landmark's words is the address's post office ("Opp Shiv Mandir PO Mallawan").
        if (o?.kind === "landmark" && (m.kind === "post" || m.label === "Police Station") && !postAfterLandmark(tokens, i, j, o)) return -1;
        // "District Hospital", "Sub District Ayurveda Hospital", "Zilla Parishad": an office of the district, no district
        // ("Distt: Opposite Bank of Baroda" is the district's label before a landmark).
        if (m.kind === "district" && MARKERS.match(tokens, j) === null && (DISTRICT_OFFICES.has(tokens[j]?.key ?? "") || DISTRICT_OFFICES.has(tokens[j + 1]?.key ?? ""))) return -1;
        // So is "Mandal Office", "Tehsil Head Quarters": the sub-district's office, a landmark's words ("Near Mandal Office").
        // "Office" is also a house's marker ("Office No. 4"), which must not make "Tehsil" a marker again.
        if (m.kind === "tehsil" && SUB_DISTRICT_OFFICES.has(tokens[j]?.key ?? "")) return -1;
        // "Gram Panchayat" is the village council and "Post Office Road", "Police Station Road" streets: names, not markers.
        // Only a marker of two words: the line writes "Post Office Road" whole, but "Post" with its value "Road".
        if (PANCHAYAT.has(tokens[j]?.key ?? "") && m.label === "Village") return -1;
        if (m.kind !== "landmark" && j - i >= 2 && j < tokens.length && isStreetWord(tokens, j) && !streetTail(tokens, j + 1).numbered) return -1;
        // "Bargarh Dist. Odisha": only a state's name after a district's marker, which then follows its name. "Chinnakonda
        // Village Kundurpi Mandal", "Chinnakonda Village Anantapur Dist": a village's marker between two names, the second
        // its sub-district's or district's with its own marker after it, follows the name before it.
        // "Tallarevu EG Dist. AP": so does a district's name (or its short form) ending the name before it (below).
        // "Near Temple Kodad Nalgonda Dt": so does one ending a landmark's run, which has no comma to stop it before the town.
        const districtTail = (o?.kind === "unknown" || o?.kind === "landmark") && o.tokens.length > 1 && isDistrictKey(o.tokens[o.tokens.length - 1]?.key ?? "");
        // The value may already be closed as a locality by its ending ("Narsapur Mdl"; "Therlam Vizianagaram Dt. AP": the
        // district's own name ends like a locality's, so it is read as the open name is, alone or ending the name).
        const last = this.out[this.out.length - 1];
        const closed = !o && last && this.out.length > this.first && last.kind === "locality" && !last.label && last.order + last.tokens.length === this.base + i ? last : null;
        const closedDistrict = !!closed && (closed.tokens.length === 1 || getGazetteer().districtsByKey.has((closed.tokens[closed.tokens.length - 1] as Token).key));
        const atEnd =
          j >= tokens.length ||
          MARKERS.match(tokens, j) !== null ||
          (m.kind === "district" && (o?.tokens.length === 1 || districtTail || closedDistrict || (o?.kind === "tehsil" && namesDistrictIn(o.tokens))) && onlyStateFrom(tokens, j)) ||
          (m.label === "Village" && o?.kind === "unknown" && o.tokens.length > 0 && areaAfterName(tokens, j));
        // "Ta" marks a taluka only before its name ("Ta. Halol"); alone it is a list's cut-off word ("Chennai, TA").
        if (atEnd && (tokens[i] as Token).key === "ta") return -1;
        // "Vill. Jhingri Mohallah": a mohalla word after a name ends that name (a post office of 713302), no label of it.
        if (atEnd && m.label === "Mohalla" && o && o.tokens.length > 0) return -1;
        // "Madanmohanpur Purba Medinipur Dist", "Tallarevu EG Dist": a district's name (or its short form) ending the name
        // before "Dist" is the district's value.
        const tail = o?.tokens[o.tokens.length - 1];
        if (atEnd && m.kind === "district" && districtTail && tail) {
          o.tokens.pop();
          this.close();
          this.push("district", m.label, [tail], i - 1);
          return j;
        }
        if (atEnd && POSTFIX.has(m.kind) && o?.kind === "unknown" && o.tokens.length > 0) {
          // "Velivolu Ghantasala Mandal": a village before its sub-district's town, no comma between; the marker takes the town.
          const split = m.kind === "tehsil" ? villageBeforeSubdistrict(o.tokens) : 0;
          if (split > 0) {
            const value = o.tokens.splice(split);
            this.close();
            this.push(m.kind, m.label, value, i - value.length);
            return j;
          }
          // "Survey No. 12 of Almel Village": the "of" joins the name to what came before it, not to the village.
          if (o.tokens.length > 1 && (o.tokens[0] as Token).key === "of") o.tokens.shift();
          o.kind = m.kind;
          o.label = m.label;
          this.close();
          return j;
        }
        // "Kovur Mandal Nellore District": between a name and a district closed by its marker, the taluk or
        // mandal marker follows the name before it, as "Rampur (M)" does.
        if (atEnd && m.kind === "district" && o?.kind === "tehsil" && this.subDistrictBefore(o)) {
          this.push("district", m.label, o.tokens, i - o.tokens.length);
          return j;
        }
        // "Mandal Narsapur Medak Dist": the last word of a labelled part is the district's value.
        if (atEnd && m.kind === "district" && o && (o.kind === "village" || o.kind === "post" || o.kind === "tehsil") && o.tokens.length >= 2) {
          const value = o.tokens.pop() as Token;
          this.close();
          this.push("district", m.label, [value], i - 1);
          return j;
        }
        if (atEnd && POSTFIX.has(m.kind) && closed) {
          const end = closed.tokens[closed.tokens.length - 1] as Token;
          if (m.kind === "district" && closed.tokens.length > 1 && getGazetteer().districtsByKey.has(end.key)) {
            closed.tokens.pop();
            // What is left is read by its own ending: "Gurgaon" made "Prestige Shantiniketan Gurgaon" a locality.
            closed.kind = nameKind(closed.tokens);
            this.push("district", m.label, [end], i - 1);
            return j;
          }
          // "Kalavakur Vetapalem Mandal": the village before its sub-district's town, as where the name is still open.
          const split = m.kind === "tehsil" ? villageBeforeSubdistrict(closed.tokens) : 0;
          if (split > 0) {
            this.out.push({ kind: m.kind, label: m.label, tokens: closed.tokens.splice(split), order: closed.order + split, segment: closed.segment });
            closed.kind = nameKind(closed.tokens);
            return j;
          }
          closed.kind = m.kind;
          closed.label = m.label;
          return j;
        }
        // "Vill. PO. PS. Rampur", "Vill & PO Rampur", "Vill Post Police Station Rampur": markers with no name between
        // them name the one place after them, the village and its post office (`VPO`). With nothing after them they name
        // the place before them ("Keesara Village & Mandal", kept apart).
        const shared =
          j < tokens.length &&
          !!o &&
          (o.kind === "village" || o.kind === "post") &&
          o.kind !== m.kind &&
          o.tokens.every((t) => t.key === "&" || t.key === "and") &&
          (m.kind === "village" || m.kind === "post" || m.label === "Police Station");
        if (shared) this.open = null;
        this.close();
        // A post office shared with its police station stays the post office ("PO & PS Barhni").
        const vpo = shared && (o.kind === "village" || m.kind === "village");
        const kind = vpo ? "village" : shared ? "post" : m.kind;
        if (j < tokens.length) this.open = { kind, label: vpo ? "VPO" : shared ? "Post" : m.label, tokens: [], order: this.base + i, segment: this.segment };
        return j;
      }
    }
  }

  private step(i: number): number {
    const tokens = this.tokens;
    const t = tokens[i] as Token;
    const next = tokens[i + 1];
    const found = MARKERS.match(tokens, i);
    if (found) {
      const j = this.marker(found.value, i, i + found.length);
      if (j >= 0) return j;
    }
    if (t.type === RELATION || t.type === HASH) return i + 1;

    if (next && (t.ordinal || isPlainNumber(t) || isLetter(t) || (t.type === WORD && ROMAN.has(t.key)))) {
      if (FLOOR_WORDS.has(next.key) && (t.ordinal || /^\d+$/.test(t.key))) {
        this.close();
        this.push("floor", `${ORDINAL_WORDS.get(t.key) ?? ordinal(t.key.replace(/\D+$/, ""))} Floor`, [], i);
        return i + 2;
      }
      const am = MARKERS.match(tokens, i + 1);
      if (am && am.value.kind === "area" && am.length === 1 && !isPlainNumber(t) && areaArgLength(tokens, i + 2) === 0) {
        this.area(tokens.slice(i, i + 2), i);
        return i + 2;
      }
      if (t.ordinal && (next.key === "main" || next.key === "cross")) {
        const tail = streetTail(tokens, i + 2);
        this.close();
        this.push("street", "", tokens.slice(i, i + 2 + tail.length), i);
        return i + 2 + tail.length;
      }
    }
    // A care-of name ends where a house number starts: "S/O Ram Lal 45 Gandhi Chowk", "C/O Anil Patel A-89 Link Road".
    if (this.open?.kind === "recipient" && this.open.tokens.length > 0 && isPlainNumber(t)) {
      this.close();
      return i;
    }
    if (isPlainNumber(t)) {
      // A number that starts a chunk is a house number; inside a name it is part of the name.
      if (!this.open && !FEET.has(next?.key ?? "")) {
        this.push("house", "", [t], i);
        return i + 1;
      }
      this.unknown(i).tokens.push(t);
      return i + 1;
    }
    if ((t.key === "nh" || t.key === "sh") && isPlainNumber(next)) {
      this.close();
      this.push("street", "", [t, next as Token], i);
      return i + 2;
    }
    if (t.key === "floor" && next && /^\d+$/.test(next.key)) {
      this.close();
      this.push("floor", `${ordinal(next.key)} Floor`, [], i);
      return i + 2;
    }
    const o = this.open;
    if (o && OPAQUE.has(o.kind)) {
      o.tokens.push(t);
      return i + 1;
    }
    const named = !!o && o.tokens.length > 0;
    if (isStreetWord(tokens, i)) {
      const tail = streetTail(tokens, i + 1);
      const end = i + 1 + tail.length;
      if (tail.numbered || (!named && tail.length > 0)) {
        this.close();
        this.push("street", "", tokens.slice(i, end), i);
        return end;
      }
      if (named) {
        o.tokens.push(...tokens.slice(i, end));
        o.kind = "street";
        this.close();
        return end;
      }
    }
    if (t.type === WORD && BUILDING_WORDS.has(t.key)) {
      const tail = next && (isLetter(next) || isPlainNumber(next) || ROMAN.has(next.key)) ? 1 : 0;
      // A road named after a building ("Civil Hospital Road", "Club House Road") is a street, not a building and a "Road".
      // Not before a numbered road, a street of its own ("Forum Mall, Road No. 12").
      if (named && tail === 0 && ROAD_NAMING_BUILDINGS.has(t.key) && next && isStreetWord(tokens, i + 1) && !streetTail(tokens, i + 2).numbered) {
        o.tokens.push(t);
        return i + 1;
      }
      if (named || tail > 0) {
        const c = this.unknown(i);
        c.tokens.push(...tokens.slice(i, i + 1 + tail));
        c.kind = "building";
        this.close();
        return i + 1 + tail;
      }
    }
    if (t.type === WORD && isLocalityWord(t.key)) {
      const c = this.unknown(i);
      c.tokens.push(t);
      let j = i + 1;
      for (let a = tokens[j]; a && !crossRoads(tokens, j) && (LOCALITY_TAIL.has(a.key) || ROMAN.has(a.key) || (isPlainNumber(a) && !FEET.has(tokens[j + 1]?.key ?? ""))); a = tokens[++j]) {
        c.tokens.push(a);
      }
      const after = tokens[j];
      // A locality word (not a name with its ending) that is also a town's name, alone before a road's name of one or two
      // more words ("Mandi Samiti Road", "Mandi Samiti Ganj Road"), is the road's first word: read alone it was that
      // town, taken out of the road.
      const heads =
        c.tokens.length === 1 &&
        LOCALITY_WORDS.has(t.key) &&
        !!getGazetteer().places.get(t.key)?.city &&
        [1, 2].some((n) => j + n < tokens.length && tokens.slice(j, j + n).every((w, k) => w.type === WORD && MARKERS.match(tokens, j + k) === null) && isStreetWord(tokens, j + n));
      // A name ending like a locality's before a word that, with it, is a post office's name ("Tarapur Khelma": an
      // office of Cachar's; Khelma alone is an office of Nagaland's): one name.
      const office = !!after && c.tokens.length === 1 && !LOCALITY_WORDS.has(t.key) && after.type === WORD && recordsNamed(placeNameKey(`${t.key}${after.key}`)).length > 0;
      // A town's name ending like a locality's ("Kolhapur", "Palanpur") before a gate's or toll post's word is that gate's name.
      const toward = !!after && c.tokens.length === 1 && TOWARD_WORDS.has(after.key);
      const continues = after && (heads || office || toward || crossRoads(tokens, j) || isStreetWord(tokens, j) || BUILDING_WORDS.has(after.key) || isLocalityWord(after.key));
      if (!continues) {
        c.kind = "locality";
        this.close();
      }
      return j;
    }
    this.unknown(i).tokens.push(t);
    return i + 1;
  }
}

/**
 * Where place names are peeled off a chunk: anywhere in an unmarked name, or after a marker's value
 * (never the whole value: "Post Bareilly" names the post office, "Near Lucknow" is no city).
 * Recipients keep everything.
 */
type PeelMode = "name" | "value";
const PEEL_MODE: Partial<Record<ChunkKind, PeelMode>> = {
  unknown: "name",
  locality: "name",
  village: "value",
  post: "value",
  tehsil: "value",
  district: "value",
  landmark: "value",
};

/**
 * Whether the words before `end` (repeats of the name at `end` aside) are a post office or town of one of
 * `districts`: then a common-word city or district after them is that place's district ("P.O. Paraspur Gonda").
 */
function placeIn(tokens: readonly Token[], end: number, districts: readonly string[]): boolean {
  const name = (tokens[end] as Token).key;
  let stop = end;
  while (stop > 0 && (tokens[stop - 1] as Token).key === name) stop--;
  const before = tokens.slice(0, stop);
  if (before.length === 0 || !before.every((t) => t.type === WORD)) return false;
  const key = placeNameKey(before.map((t) => t.key).join(" "));
  if (recordsNamed(key).some((r) => districts.some((d) => r.districts.includes(d))) || !!townNamed(key)?.areas.some((a) => districts.includes(a.district))) return true;
  // A village the directory lists elsewhere or not at all ("Vill. Kodiya Gonda", a district split since): the district
  // ends it, unless the words before name a town of their own ("P.O. Sitapur Gonda") or the value whole is a place.
  // A locality's word ends a name of its own ("Behind Galla Mandi", a market; not Mandi, Himachal Pradesh).
  if (LOCALITY_WORDS.has(name)) return false;
  const places = getGazetteer().places;
  const whole = partKey(tokens);
  return !townNamed(key) && !before.some((t) => places.has(t.key) || townNamed(t.key)) && recordsNamed(whole).length === 0 && !townNamed(whole);
}

/**
 * Whether the word before `start` is a name's word, not a marker's, a number or a place's own name: a town's name after
 * it ends a longer name ("Chinna Rampur"), which is the place where the town does not fit the pincode.
 */
function nameBefore(tokens: readonly Token[], start: number): boolean {
  const before = tokens[start - 1] as Token;
  // Not a place's own name: "Rampura Dewas Bhopal" writes the district, then a city of another.
  return before.type === WORD && before.key.length >= 3 && MARKERS.match(tokens, start - 1) === null && !getGazetteer().places.has(before.key);
}

/**
 * Removes state, city and district names (and "India") from the end of a chunk, recording them
 * as mentions. A name right after "of", "near", "Distt." and the like is left in place.
 */
function peel(tokens: Token[], base: number, rec: PincodeRecord | null, mentions: Mention[], mode: PeelMode): Token[] {
  const places = getGazetteer().places;
  const least = mode === "value" ? 1 : 0;
  // A value that is one of the pincode's post offices is that place, whole ("Vill. Kohka Bhilai").
  if (mode === "value" && rec && tokens.length > 1 && rec.placeKeys.includes(tokens.map((t) => t.key).join(" "))) return tokens;
  // "Kamrup Sadar": the sub-district around a district's town, named after it, closes the name; the name before it is
  // peeled, the word stays. Not where the directory knows the whole name ("Bilaspur Sadar" is Himachal's sub-district).
  const closer = mode === "name" && tokens.length > 1 && PLACE_CLOSERS.has((tokens[tokens.length - 1] as Token).key) ? tokens[tokens.length - 1] : undefined;
  const whole = closer ? partKey(tokens) : "";
  const closed = !!closer && !townNamed(whole) && recordsNamed(whole).length === 0;
  let end = closed ? tokens.length - 1 : tokens.length;
  // Multi-word names are single tokens by now (mergePlaceNames), so one token at a time.
  while (end > least) {
    const start = end - 1;
    if (start > 0 && PEEL_BLOCKERS.has((tokens[start - 1] as Token).key)) break;
    const t = tokens[start] as Token;
    if (t.key !== "india") {
      const def = places.get(t.key);
      if (!def) break;
      const whole = start === 0;
      // "noida up": an ambiguous abbreviation right after a city name is the state.
      const afterCity = start > 0 && !!places.get((tokens[start - 1] as Token).key)?.city;
      // The qualifier of an office the directory writes with it: a state's initials ("Atmakur (NL)"), or a district after
      // a city of another ("Aurangabad (Murshidabad)", a village of West Bengal): one name, read whole.
      if ((t.key.length === 2 || (afterCity && def.district)) && qualifiesOffice(tokens, start)) break;
      if (def.state && (whole || afterCity || !def.state.abbreviation || !AMBIGUOUS_ABBREVIATIONS.has(t.key) || t.upper)) {
        const ncrElsewhere = def.state.state === NCR && !!rec && rec.states.some((s) => NCR_STATES.has(s));
        if (!ncrElsewhere) mentions.push({ kind: "state", state: def.state.state === NCR ? "Delhi" : def.state.state, order: base + start });
      } else if (
        def.city &&
        (whole || !SUFFIX_STOPLIST.has(t.key) || (mode === "value" && placeIn(tokens, start, def.city.districts))) &&
        !(mode === "value" && rec && !cityMatchesRecord(def.city, rec)) &&
        !(rec && start > 0 && !def.city.curated && !cityMatchesRecord(def.city, rec) && nameBefore(tokens, start))
      ) {
        // A marker's value ends in a city only when the city fits the pincode: "Vill. Nangal Poona" (Delhi) is a village; so
        // does a longer name, unless a well-known city's: "Pedda Ongole" with a pincode of Kadapa's is that village.
        mentions.push({ kind: "city", city: def.city, order: base + start });
      } else if (def.district && (rec ? rec.districts.includes(def.district) : whole || !SUFFIX_STOPLIST.has(t.key) || (mode === "value" && placeIn(tokens, start, [def.district])))) {
        // Without a pincode a district's name is read as the district (the state follows from it).
        mentions.push({ kind: "district", district: def.district, order: base + start });
      } else break;
    }
    end = start;
  }
  if (closed) return end === tokens.length - 1 ? tokens : [...tokens.slice(0, end), closer];
  return end === tokens.length ? tokens : tokens.slice(0, end);
}

/** The word at `at` with the one or two words before it: the name and qualifier of an office (`qualifiedRecords`). */
function qualifiesOffice(tokens: readonly Token[], at: number): boolean {
  const t = tokens[at] as Token;
  if (at === 0) return false;
  const one = placeNameKey((tokens[at - 1] as Token).key);
  if (qualifiedRecords(one + t.key).length > 0) return true;
  return at > 1 && qualifiedRecords(placeNameKey((tokens[at - 2] as Token).key) + one + t.key).length > 0;
}

/**
 * Joins multi-word place names into one token, so that "Dadra and Nagar Haveli" or "Gautam
 * Buddha Nagar" is not cut at its "Nagar".
 */
function mergePlaceNames(tokens: Token[]): Token[] {
  return mergePhrases(tokens, getGazetteer().phrases);
}

/** Each run of words that `phrases` knows becomes one word token; the same array when none is found. */
function mergePhrases(tokens: Token[], phrases: Pick<PhraseTable<unknown>, "match">): Token[] {
  let out: Token[] | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const m = phrases.match(tokens, i);
    if (!m) {
      out?.push(tokens[i] as Token);
      continue;
    }
    out ??= tokens.slice(0, i);
    const words = tokens.slice(i, i + m.length);
    out.push({ raw: words.map((t) => t.raw).join(" "), key: words.map((t) => t.key).join(" "), type: WORD, upper: false, ordinal: false });
    i += m.length - 1;
  }
  return out ?? tokens;
}

const officePhrases = new WeakMap<PincodeRecord, PhraseTable<true>>();
const lastOffices: { rec: PincodeRecord | null; phrases: PhraseTable<true> | undefined } = { rec: null, phrases: undefined };

/**
 * The pincode's own post offices of several words, as plain names ("Basti Guzan", "Kohka Bhilai",
 * "Nangal Poona"): one place, so a locality word or a city name inside one does not cut it.
 */
function mergeOfficeNames(tokens: Token[], rec: PincodeRecord | null): Token[] {
  if (!rec) return tokens;
  // An address's segments all ask for the same pincode's table, one after another.
  let phrases = rec === lastOffices.rec ? lastOffices.phrases : officePhrases.get(rec);
  if (!phrases) {
    phrases = new PhraseTable<true>();
    for (const key of rec.placeKeys) {
      const words = tokenize(key);
      if (words.length > 1 && words.every((t, k) => t.type === WORD && MARKERS.match(words, k) === null && !STREET_WORDS.has(t.key))) phrases.add(key, true);
    }
    officePhrases.set(rec, phrases);
  }
  lastOffices.rec = rec;
  lastOffices.phrases = phrases;
  return phrases.empty ? tokens : mergePhrases(tokens, phrases);
}

/**
 * Not a place whose name is a word twice ("Budge Budge"), nor a city or district, whose repeats the chunker reads
 * ("District Hardoi, Hardoi"), nor an address's own word: "Near Water Tank Tank Road" is a landmark and a road, and
 * "Gandhi Nagar Nagar Road" a road named after the quarter, so neither word is the buyer's slip.
 */
const repeated = (tokens: readonly Token[], k: number): boolean => {
  const t = tokens[k] as Token;
  if (k === 0 || t.type !== WORD || t.key.length < 4 || t.key !== tokens[k - 1]?.key) return false;
  if (STREET_WORDS.has(tokens[k + 1]?.key ?? "") || ADDRESS_WORDS.some((words) => words.has(t.key))) return false;
  const twice = placeNameKey(t.key + t.key);
  return !getGazetteer().places.has(t.key) && recordsNamed(twice).length === 0 && !townNamed(twice);
};

/** The states whose sub-districts are mandals (a Mandal marker's name elsewhere is a town of another kind). */
export const MANDAL_STATES: ReadonlySet<string> = new Set(["Andhra Pradesh", "Telangana"]);
/** `MANDAL_SHORT_FORMS` to look a token's key up in. */
const MANDAL_SHORT_FORM_KEYS: ReadonlySet<string> = new Set(MANDAL_SHORT_FORMS);

/**
 * "Talluru M, Prakasam Dist", "Kothapeta Md East Godavari Dt", "Podili Man": a mandal's marker cut short after the
 * mandal's name is the marker ("Mdl"), where it ends its segment or a pincode, a district's marker or a district's
 * name follows, and the one to three words before it are a town, sub-district or post office of the states with
 * mandals: of those states only, or of one of them that the pincode or the district written next names ("Rampur M,
 * Sitapur" is no mandal, though Telangana has a Rampur too). Read as part of the name, it made the city "Talluru M".
 * `segments`' tokens, changed in place.
 */
function spellMandalShortForms(segments: Token[][], rec: PincodeRecord | null): void {
  for (let s = 0; s < segments.length; s++) {
    const tokens = segments[s] as Token[];
    for (let k = 1; k < tokens.length; k++) {
      const t = tokens[k] as Token;
      if (t.type !== WORD || !MANDAL_SHORT_FORM_KEYS.has(t.key)) continue;
      // The district written next: in the segment, or opening the next one ("Kodumur M, Kurnool"; "…, Dist. Kurnool").
      const after = k + 1 < tokens.length ? districtAfter(tokens, k + 1) : districtAfter(segments[s + 1] ?? [], 0);
      if (after === null) continue;
      const within = rec ? rec.states.some((st) => MANDAL_STATES.has(st)) : !!after && MANDAL_STATES.has(districtState(after) ?? "");
      if (mandalNameBefore(tokens, k, within)) tokens[k] = { ...t, key: "mdl" };
    }
  }
}

/**
 * "Village & Post Rampur The Nadbai Dist Bharatpur": "The" between a name and a tehsil's is the tehsil's marker cut
 * short ("Teh"), where the one or two words after it are a sub-district or town of the district written next or of
 * the pincode's; elsewhere "The" is the article ("Near The Mall"). Read as a word, it made the city "Rampur the
 * Nadbai". `segments`' tokens, changed in place.
 */
function spellTehsilThe(segments: Token[][], rec: PincodeRecord | null): void {
  for (let s = 0; s < segments.length; s++) {
    const tokens = segments[s] as Token[];
    for (let k = 1; k < tokens.length - 1; k++) {
      const t = tokens[k] as Token;
      if (t.key !== "the" || tokens[k - 1]?.type !== WORD) continue;
      for (const n of [2, 1]) {
        const words = tokens.slice(k + 1, k + 1 + n);
        if (words.length < n || !words.every((w) => w.type === WORD)) continue;
        const key = placeNameKey(words.map((w) => w.key).join(" "));
        const areas = townNamed(key)?.areas;
        if (!areas) continue;
        // "The Dangs" is a place's own name.
        if (isDirectoryName(`the${key}`)) break;
        const end = k + 1 + n;
        const district = end < tokens.length ? districtAfter(tokens, end) : districtAfter(segments[s + 1] ?? [], 0);
        if (areas.some((a) => a.district === district || rec?.districts.includes(a.district))) tokens[k] = { ...t, key: "teh" };
        break;
      }
    }
  }
}

/**
 * After a mandal's short form at `at`: the district's name written there (its marker first or after it, or alone at the
 * segment's end), "" where a pincode follows or the segment ends with no district, null where anything else does.
 */
function districtAfter(tokens: readonly Token[], at: number): string | null {
  if (at >= tokens.length || tokens[at]?.type === NUMBER) return "";
  const from = MARKERS.match(tokens, at)?.value.kind === "district" ? at + 1 : at;
  for (const n of [2, 1]) {
    const words = tokens.slice(from, from + n);
    const end = from + n;
    if (words.length < n || !namesDistrictIn(words)) continue;
    if (end < tokens.length && from === at && MARKERS.match(tokens, end)?.value.kind !== "district" && !isPlainNumber(tokens[end])) continue;
    const key = words.map((w) => w.key).join(" ");
    const gaz = getGazetteer();
    return gaz.districtsByKey.get(key) ?? DISTRICT_SHORT_FORMS[key] ?? gaz.places.get(key)?.city?.districts[0] ?? "";
  }
  return from > at ? "" : null;
}

/**
 * Whether the longest place's name of one to three words before `k` is a place of the states with mandals only, or of
 * one of them where `within` ("D.S. Boni M" is West Bengal's office, though Boni is one of Andhra Pradesh's).
 */
function mandalNameBefore(tokens: readonly Token[], k: number, within: boolean): boolean {
  for (let n = Math.min(3, k); n >= 1; n--) {
    const words = tokens.slice(k - n, k);
    // Initials are part of a mandal's name ("G.K. Palle M"); one word alone is a name of three letters or more.
    if (!words.every((w) => w.type === WORD || w.type === INITIALS) || (n === 1 && (words[0] as Token).key.length < 3)) continue;
    const key = placeNameKey(words.map((w) => w.key).join(" "));
    const states = [...(townNamed(key)?.areas.map((a) => a.state) ?? []), ...recordsNamed(key).flatMap((r) => r.states)];
    if (states.length > 0) return within ? states.some((st) => MANDAL_STATES.has(st)) : states.every((st) => MANDAL_STATES.has(st));
  }
  return false;
}

/** "Address:", "Address line 1" and a "#" with no number after it carry nothing. */
function dropFiller(tokens: Token[]): Token[] {
  // A name written again right after itself ("Palani Palani Palani", "Sangamner Sangamner": a list's village, post
  // office and tehsil columns of one name) is that name once, marked so a run of fields still ends there (`firstPlace`).
  if (tokens.some((t, k) => repeated(tokens, k))) {
    const again = tokens.map((_, k) => repeated(tokens, k));
    tokens = tokens.flatMap((t, k) => (again[k] ? [] : again[k + 1] ? [{ ...t, repeated: true }] : [t]));
  }
  if (!tokens.some((t) => FILLER.has(t.key) || t.type === HASH)) return tokens;
  return tokens.filter((t, k) => !FILLER.has(t.key) && !(t.key === "line" && FILLER.has(tokens[k - 1]?.key ?? "")) && !(t.type === HASH && !isPlainNumber(tokens[k + 1])));
}

const PLACE_KINDS: ReadonlySet<ChunkKind> = new Set(["unknown", "locality", "village", "post", "tehsil"]);

/** Whether the chunk `back` from the end of `out` (a district's, then) follows a place: a name, or a city taken off one. */
function placeBefore(out: readonly Chunk[], mentions: readonly Mention[], back: number): boolean {
  const district = out[out.length - back + 1];
  const before = out[out.length - back];
  const from = before?.order ?? -1;
  return (!!before && PLACE_KINDS.has(before.kind)) || mentions.some((m) => m.kind === "city" && m.order > from && (!district || m.order < district.order));
}

/**
 * Chunks a segment, then takes place names off each chunk as if it stood alone, because in the
 * normalized form it will ("Bangalore - 3rd Cross" → "3rd Cross, Bengaluru"). What is left of
 * a name is chunked again: its last word may now read differently ("Park St Bangalore").
 */
function chunkAndPeel(tokens: Token[], base: number, segment: number, rec: PincodeRecord | null, mentions: Mention[], out: Chunk[], peeled: Peeled[]): void {
  const local: Chunk[] = [];
  new SegmentChunker(tokens, base, segment, local).run();
  joinHeadOffices(local);
  joinTownWords(local);
  for (const c of local) {
    // "P.O. & Dist. Bankura": the post office and the district share the one name after them; the post office is the
    // town the parcel goes to ("P.O. & Dist. Hooghly Hooghly": the name once, its repeat the district's again).
    // Only a place's name: "P.O. & Dist. Purba Medinipur" names no post office.
    const shared = out[out.length - 1];
    if (c.kind === "district" && shared?.kind === "post" && shared.tokens.every((t) => t.key === "&" || t.key === "and")) {
      const name = c.tokens[0];
      const key = name?.type === WORD ? placeNameKey(name.key) : "";
      if (name && key && (getGazetteer().places.get(name.key)?.city || isDirectoryName(key))) shared.tokens = [name];
      else out.pop();
    }
    // "Mirik, Dist. Darjeeling, Darjeeling", "Sinnar Dist. Nasik Nasik": after a place, a list's district column
    // repeating the marker's value is the district again, no town of its name; the place before stays the city.
    // Not initials ("R R Dist" is Ranga Reddy).
    if (c.kind === "district" && placeBefore(out, mentions, 1)) c.tokens = c.tokens.filter((t, k) => k === 0 || t.key.length < 3 || t.key !== (c.tokens[k - 1] as Token).key);
    const prev = out[out.length - 1];
    if (!c.label && (c.kind === "unknown" || c.kind === "locality") && prev?.kind === "district" && partKey(c.tokens) === partKey(prev.tokens) && placeBefore(out, mentions, 2)) continue;
    const mode = PEEL_MODE[c.kind];
    const before = mentions.length;
    const kept = mode ? peel(c.tokens, c.order, rec, mentions, mode) : c.tokens;
    const mention = mentions[before];
    if (mode === "name" && kept.length === 0 && c.tokens.length === 1 && mentions.length === before + 1 && mention?.kind === "district") peeled.push({ chunk: c, mention, at: out.length });
    if (kept.length === c.tokens.length) out.push(c);
    else if (kept.length > 0 && mode === "name") chunkAndPeel(kept, c.order, segment, rec, mentions, out, peeled);
    else if (kept.length > 0) out.push({ ...c, tokens: kept });
  }
}

/** A head office's kind written after its name ("Udaipur H.O.", "Kolkata GPO"). */
export const HEAD_KINDS: ReadonlySet<string> = new Set(["ho", "gpo"]);

/**
 * "Udaipur H.O.", "Krishna Nagar H.O.": the chunker ends a chunk after a known city or an address word, leaving the kind
 * alone, which reads as nothing; the city (of two states) or the locality is then read without it. Where the directory
 * has a head office of the one or two words before the kind, they go back together, so the head office decides.
 */
function joinHeadOffices(local: Chunk[]): void {
  for (let k = local.length - 1; k > 0; k--) {
    const kind = local[k] as Chunk;
    const name = local[k - 1] as Chunk;
    if (kind.label || kind.tokens.length !== 1 || !HEAD_KINDS.has((kind.tokens[0] as Token).key) || name.label || !PLACE_KINDS.has(name.kind)) continue;
    const words = name.tokens.slice(-2);
    if (!words.every((t) => t.type === WORD)) continue;
    if (headOfficeRecords(placeNameKey(words.map((t) => t.key).join(""))).length === 0 && headOfficeRecords(placeNameKey((words[words.length - 1] as Token).key)).length === 0) continue;
    local.splice(k - 1, 2, { ...name, kind: "unknown", tokens: [...name.tokens, ...kind.tokens] });
  }
}

/**
 * "Hindupur City", "Tanakpur Rural": the chunker ends a locality after a town whose name ends like one ("-pur"),
 * leaving the town's word alone, which the line wrote as a part of its own. After a directory town's name they go back
 * together, the town with its word (`suffixedTown` reads it).
 */
function joinTownWords(local: Chunk[]): void {
  for (let k = local.length - 1; k > 0; k--) {
    const word = local[k] as Chunk;
    const name = local[k - 1] as Chunk;
    if (word.label || word.tokens.length !== 1 || !TOWN_SUFFIXES.has((word.tokens[0] as Token).key) || name.label) continue;
    if ((name.kind !== "locality" && name.kind !== "unknown") || !name.tokens.every((t) => t.type === WORD)) continue;
    if (!takesTownWord(name.tokens.map((t) => t.key))) continue;
    local.splice(k - 1, 2, { ...name, kind: "unknown", tokens: [...name.tokens, ...word.tokens] });
  }
}

/** A name read whole as a district (`peel`), and where its chunk stood in the output. */
interface Peeled {
  chunk: Chunk;
  mention: Mention;
  at: number;
}

/**
 * "Bazar Lane, Hooghly, Dist. Hooghly", "Sector 4, Kheda, Distt. Gwalior": a district's name written alone right
 * before a district's marker is a place of that district, the town the parcel goes to, not the district said twice:
 * another district's name (Vaishali is a district of Bihar and a quarter of Ghaziabad) or the same one where
 * the directory has a town or post office of that name in it (Hooghly's office; Nadia, whose town is Krishnanagar,
 * names no place and stays the district). So is such a name written last where no city is written ("Gandhi Chowk,
 * Hooghly 712103"). The name goes back among the parts, in its place.
 */
function restorePlacesBeforeDistrict(chunks: Chunk[], mentions: Mention[], peeled: readonly Peeled[], rec: PincodeRecord | null): void {
  const districts = getGazetteer().districtsByKey;
  const cityWritten = mentions.some((m) => m.kind === "city");
  const marked = chunks.some((c) => c.kind === "district");
  for (let k = peeled.length - 1; k >= 0; k--) {
    const { chunk, mention, at } = peeled[k] as Peeled;
    if (mention.kind !== "district") continue;
    const next = chunks[at];
    const marker = next?.kind === "district" && !!next.label && next.tokens.length > 0;
    // Repeated right after its own marker with no place before it ("Main Road, Dist. Hooghly, Hooghly 712103"; after a
    // place the repeat is the district again and was never peeled), the name is the town, as a city's name is.
    const prev = chunks[at - 1];
    const repeat = !marker && at === chunks.length && !cityWritten && prev?.kind === "district" && !!prev.label && partKey(prev.tokens) === partKey(chunk.tokens);
    // Before places that all lie outside its district, the name is a locality named after it (`placeAfterOutside`).
    if (!marker && !repeat && placeAfterOutside(chunks, mentions, at, mention)) {
      chunks.splice(at, 0, chunk);
      mentions.splice(mentions.indexOf(mention), 1);
      continue;
    }
    // Written last with no city and no district's marker anywhere ("Gandhi Chowk, Hooghly 712103"; "<town> Dist, Hooghly"
    // names its town before the marker), the name is the town too where it is one of the pincode's own offices (without a
    // pincode it stays the district, which names the state).
    if (!marker && !repeat && (at < chunks.length || cityWritten || marked || !rec?.placeKeys.includes((chunk.tokens[0] as Token).key))) continue;
    const district = marker ? (districts.get(next.tokens.map((t) => t.key).join(" ")) ?? districts.get((next.tokens[0] as Token).key)) : mention.district;
    if (!district) continue;
    const key = placeNameKey((chunk.tokens[0] as Token).key);
    const place = isPlaceOfDistrict(key, district);
    if (district === mention.district && !place) continue;
    chunks.splice(at, 0, chunk);
    mentions.splice(mentions.indexOf(mention), 1);
  }
}

/**
 * "Ambedkar Nagar, Hindupur", "12, Ambedkar Nagar, Indore": an address runs from small to large, so a district's name
 * written alone before the places after it (cities, directory towns of one state, another state), none of which lies in
 * that district, is a locality named after it (colonies named after a leader or a district are in every city), not the
 * district; the places after it decide. Not where one of them lies in it ("Ambedkar Nagar, Akbarpur"). A village's name
 * may be any town's; a district's name two states have is not placed by a state.
 */
function placeAfterOutside(chunks: readonly Chunk[], mentions: readonly Mention[], at: number, mention: Mention & { kind: "district" }): boolean {
  const district = mention.district;
  const own = districtState(district);
  // Its marker after it ("R.R. District") writes the district; a place before it that lies in it ("Jalalpur, Ambedkar Nagar, Indore") is its town.
  if (chunks[at]?.kind === "district") return false;
  const before = chunks.slice(0, at).filter((c) => PLACE_KINDS.has(c.kind));
  if (before.some((c) => isPlaceOfDistrict(partKey(c.tokens), district)) || mentions.some((m) => m.kind === "city" && m.order < mention.order && m.city.districts.includes(district)))
    return false;
  const inside: boolean[] = [];
  for (const m of mentions) {
    if (m.order <= mention.order) continue;
    // A city lies where the directory's town of its name does too ("Nagaon": a city of one district, a town of two).
    // Not one taken off a landmark's value ("Near Bus Stand Thana" names a police station, not Thane).
    if (m.kind === "city" && chunks.some((c) => c.kind === "landmark" && c.order + c.tokens.length === m.order)) continue;
    if (m.kind === "city") inside.push(m.city.districts.includes(district) || m.city.keys.some((k) => !!townNamed(placeNameKey(k))?.areas.some((a) => a.district === district)));
    // A state of its own (or the one it was split from) is written after the town too: it places nothing.
    else if (m.kind === "state" && own !== null && own !== m.state && SPLIT_FROM[own] !== m.state) inside.push(false);
  }
  for (const c of chunks.slice(at)) {
    // Nor an address word the directory has as a town ("North", a sub-district of Delhi).
    const word = c.tokens.length === 1 ? (c.tokens[0] as Token).key : "";
    if (!PLACE_KINDS.has(c.kind) || c.kind === "village" || LOCALITY_TAIL.has(word) || LOCALITY_WORDS.has(word)) continue;
    const town = townNamed(partKey(c.tokens));
    if (town && new Set(town.areas.map((a) => a.state)).size === 1) inside.push(town.areas.some((a) => a.district === district));
  }
  return inside.length > 0 && !inside.includes(true);
}

export function parseAddress(text: string, rec: PincodeRecord | null): Parsed {
  const chunks: Chunk[] = [];
  const mentions: Mention[] = [];
  const peeled: Peeled[] = [];
  const spelt = spellShortDirections(text);
  const unbracketed = spelt.includes("(") ? moveBracketedMarkers(joinBracketedQualifiers(joinBracketedTownWords(spelt.replace(BRACKETED_DIRECTION, " $1")))) : spelt;
  const segments = joinQualifiersAfterComma(unbracketed).split(SEGMENT_BREAK);
  const tokenized = segments.map((segment) => dropFiller(tokenize(segment)));
  spellMandalShortForms(tokenized, rec);
  spellTehsilThe(tokenized, rec);
  let base = 0;
  for (let s = 0; s < tokenized.length; s++) {
    const all = mergeOfficeNames(mergePlaceNames(tokenized[s] as Token[]), rec);
    if (all.length === 0) continue;
    chunkAndPeel(all, base, s, rec, mentions, chunks, peeled);
    base += all.length;
  }
  restorePlacesBeforeDistrict(chunks, mentions, peeled, rec);
  // The name before "S/O …" (same segment, or the address's first segment) is the recipient too.
  for (let k = 1; k < chunks.length; k++) {
    const c = chunks[k] as Chunk;
    const prev = chunks[k - 1] as Chunk;
    if (c.kind === "recipient" && prev.kind === "unknown" && (k === 1 || prev.segment === c.segment)) prev.kind = "recipient";
  }
  mentions.sort((a, b) => a.order - b.order);
  return { chunks, mentions };
}
