/**
 * `npm run eval:outside`: the normaliser on address text nobody here wrote — the bank-branch and
 * hospital sets in ../shared/data/outside/ (read at run time, never copied: they are not ours to
 * publish; see their README). Per set: state and district right (overall, and where there is no
 * pincode but the text names a state, a district or a directory place), city right where the city
 * is written, written city dropped from the cleaned text, and the twenty most frequent misses.
 * Asserts nothing; exits 0 (also when ../shared is absent, saying so).
 *
 *   npm run eval:outside [-- --examples]
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { normalizeAddress, preloadPincodeDirectory } from "../server/addresses/index";
import { DISTRICT_FIXES } from "../server/addresses/cities";
import { allowedEdits, editDistance } from "../server/addresses/fuzzy";
import { getGazetteer } from "../server/addresses/gazetteer";
import { directoryDistricts, directoryTowns, distanceKm, placeNameKey, recordsNamed, townNamed } from "../server/addresses/pincodes";
import { stateAliasEntries } from "../server/addresses/states";
import { BUILDING_WORDS, LOCALITY_TAIL, LOCALITY_WORDS, STREET_WORDS } from "../server/addresses/lexicon";

interface OutsideRow {
  input: string;
  state: string | null;
  district: string | null;
  city: string | null;
  pincode: string | null;
  qa_flags: string[];
}

const DIR = join(process.cwd(), "..", "shared", "data", "outside");
const SETS = ["bank-branches.json", "hospitals.json"];
/** README: rows with these flags are left out when scoring state (their label or text is unreliable). */
const STATE_EXCLUDED = new Set(["text_names_other_state", "pincode_state_mismatch", "non_ascii_or_mojibake", "chandigarh_for_chhattisgarh"]);

if (!existsSync(DIR)) {
  console.log(`eval:outside: ${DIR} is absent (the outside sets live in the shared checkout, not in this repository); nothing to score.`);
  process.exit(0);
}
preloadPincodeDirectory();
const examples = process.argv.includes("--examples");
/** `--dump "city wrong"`: every miss whose pattern starts so, one a line, to read a class whole (never saved). */
const dumpAt = process.argv.indexOf("--dump");
const dump = dumpAt > 0 ? process.argv[dumpAt + 1] : undefined;

/**
 * The lists' old names and spellings of districts, as the directory (and the normaliser) names them;
 * renames and spelling variants only, never a different place (README: "compare allowing for renames").
 */
// prettier-ignore
const DISTRICT_VARIANTS: Record<string, string> = {
  greaterbombay: "mumbai", greatermumbai: "mumbai", mumbaisuburban: "mumbai", mumbaicity: "mumbai", bombay: "mumbai",
  nasik: "nashik", ysr: "ysrkadapa", kadapa: "ysrkadapa", cuddapah: "ysrkadapa", bangalore: "bengaluruurban",
  bangaloreurban: "bengaluruurban", bangalorerural: "bengalururural", bengaluru: "bengaluruurban", mysore: "mysuru",
  belgaum: "belagavi", gulbarga: "kalaburagi", bellary: "ballari", shimoga: "shivamogga", tumkur: "tumakuru",
  bijapur: "vijayapura", chikmagalur: "chikkamagaluru", mangalore: "dakshinakannada", gurgaon: "gurugram",
  allahabad: "prayagraj", faizabad: "ayodhya", hoshangabad: "narmadapuram", aurangabad: "chhatrapatisambhajinagar",
  osmanabad: "dharashiv", ahmednagar: "ahilyanagar", ahmadnagar: "ahilyanagar", rangareddy: "rangareddy",
  kvrangareddy: "rangareddy", rangareddi: "rangareddy", trivandrum: "thiruvananthapuram", calicut: "kozhikode",
  cannanore: "kannur", quilon: "kollam", alleppey: "alappuzha", palghat: "palakkad", trichur: "thrissur",
  tuticorin: "thoothukudi", nilgiris: "thenilgiris", kanchipuram: "kancheepuram", tiruvallur: "thiruvallur",
  villupuram: "viluppuram", ropar: "rupnagar", mohali: "sahibzadaajitsinghnagar", sasnagar: "sahibzadaajitsinghnagar",
  nawanshahr: "shaheedbhagatsinghnagar", muktsar: "srimuktsarsahib", ganganagar: "sriganganagar", baroda: "vadodara",
  panchmahals: "panchmahal", dangs: "dang", kachchh: "kachchh", kutch: "kachchh", mahesana: "mehsana",
  khorda: "khordha", baleswar: "balasore", keonjhar: "kendujhar", sundergarh: "sundargarh", burdwan: "bardhaman",
  darjiling: "darjeeling", eastmidnapore: "purbamedinipur", westmidnapore: "paschimmedinipur",
  northdinajpur: "uttardinajpur", southdinajpur: "dakshindinajpur", hooghly: "hooghly", hugli: "hooghly", howrah: "howrah",
  calcutta: "kolkata", madras: "chennai", hyderabadurban: "hyderabad", secunderabad: "hyderabad", visakhapatanam: "visakhapatnam",
  vishakhapatnam: "visakhapatnam", vizag: "visakhapatnam", anantapur: "anantapur", ananthapur: "anantapur", ananthapuramu: "anantapur",
  nellore: "spsrnellore", sripottisriramulunellore: "spsrnellore", spsnellore: "spsrnellore", kurnool: "kurnool",
  mahbubnagar: "mahabubnagar", mahaboobnagar: "mahabubnagar", karimnagar: "karimnagar", nizamabad: "nizamabad",
  davangere: "davanagere", chamrajnagar: "chamarajanagar", chikkaballapur: "chikkaballapura", ramanagar: "ramanagara",
  kasargod: "kasaragod", kasargode: "kasaragod", palamau: "palamu", giridh: "giridih", sibsagar: "sivasagar",
  marigaon: "morigaon", northcacharhills: "dimahasao", eastnimar: "khandwa", westnimar: "khargone", jalor: "jalore",
  jhujhunu: "jhunjhunu", jhunjhunun: "jhunjhunu", kawardha: "kabirdham", bagpat: "baghpat", kheri: "lakhimpurkheri",
  shrawasti: "shravasti", santravidasnagar: "bhadohi", jyotibaphulenagar: "amroha", eastsikkim: "gangtok",
  northgoa: "northgoa", southgoa: "southgoa", pondicherry: "puducherry", dehradun: "dehradun", dehradoon: "dehradun",
  vishakapatnam: "visakhapatnam", khurda: "khordha", anantpur: "anantapur", haora: "howrah", gorakpur: "gorakhpur",
  chittaurgarh: "chittorgarh", jagatsinghpur: "jagatsinghapur", narsimhapur: "narsinghpur", baleshwar: "balasore",
  gautamboddanagar: "gautambuddhanagar", purbichamparan: "eastchamparan", paschimisinghbhum: "westsinghbhum",
  tiruchirapalli: "tiruchirappalli", kanpurcity: "kanpurnagar", barddhaman: "bardhaman",
};

/**
 * Labels of a district since divided, or of a whole territory, that the directory names by its parts (DELHI: North West
 * Delhi; BARDHAMAN: Purba and Paschim Bardhaman): any part is that label. Not the reverse (a label of a newer district
 * cut from ours, such as Palwal from Faridabad, is one we do not give).
 */
const UNDIVIDED: ReadonlySet<string> = new Set(["delhi", "bardhaman", "medinipur"]);

const districtKey = (d: string): string => {
  const fixed = DISTRICT_FIXES[d] ?? d;
  const k = placeNameKey(fixed).replace(/district$/, "");
  return DISTRICT_VARIANTS[k] ?? placeNameKey(DISTRICT_FIXES[fixed] ?? fixed);
};
const sameDistrict = (label: string, got: string | null): boolean => {
  if (!got) return false;
  const a = districtKey(label);
  const b = districtKey(got);
  return a === b || (Math.min(a.length, b.length) >= 5 && (a.startsWith(b) || b.startsWith(a))) || nearKey(a, b) || (UNDIVIDED.has(a) && b.endsWith(a));
};
/** One or two letters apart in a long name ("Jhunjhunun"): the lists' own misspellings. */
const nearKey = (a: string, b: string): boolean => {
  if (a.length < 6 || Math.abs(a.length - b.length) > 2) return false;
  let diff = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; i++, j++) if (a[i] !== b[j]) diff++;
  return diff + Math.abs(a.length - b.length) <= 2;
};
/**
 * Our city is the directory's spelling of the label's ("Paradeep" is the directory's Paradip, "Kadiam" its Kadiyam):
 * a few letters apart, as the normaliser's own near-spelling allows, and our spelling not itself written in the
 * text (where it is, it is another place the text names, not the label's written otherwise) unless it holds the label's
 * spelling whole (the text writes "Aluru" where the label has "Alur").
 */
const spelledOtherwise = (text: string, got: string, want: string): boolean =>
  got !== "" &&
  editDistance(got, want, allowedEdits(Math.max(got.length, want.length))) <= allowedEdits(Math.max(got.length, want.length)) &&
  (!placeNameKey(text).includes(got) || got.includes(want));
/** A city as the gazetteer knows it (Bombay → Mumbai), else its letters. */
const cityKey = (c: string): string => {
  const def = getGazetteer().places.get(
    c
      .toLowerCase()
      .replace(/[^a-z]+/g, " ")
      .trim(),
  )?.city;
  return placeNameKey(def?.name ?? c);
};

/** Names the text gives that a reader can place: states, districts, directory towns and post offices (1–3 words). */
const stateKeys = new Map<string, string>();
for (const [alias, def] of stateAliasEntries()) if (!def.abbreviation) stateKeys.set(placeNameKey(alias), def.state);
const districtKeys = new Map<string, string>();
for (const [d, s] of directoryDistricts()) districtKeys.set(placeNameKey(d), s);
for (const [raw, d] of Object.entries(DISTRICT_FIXES)) districtKeys.set(placeNameKey(raw), directoryDistricts().get(d) ?? "");
/**
 * Address words are no place names, though a post office somewhere is called "Bank", "Road" or "Mandir"; nor are the
 * words of a crossing or a gate ("Char Rasta" is a crossroads, "Hanuman More", "Delhi Gate"), which the normaliser
 * reads as the spot, not a place.
 */
// prettier-ignore
const ADDRESS_WORDS: ReadonlySet<string> = new Set([
  ...STREET_WORDS, ...BUILDING_WORDS, ...LOCALITY_WORDS, ...LOCALITY_TAIL, "bank", "mandir", "city", "main", "char",
  "chawk", "more", "morh", "tiraha", "chauraha", "gate", "darwaja", "darwaza", "naka", "phata",
]);

/**
 * Words after which a name is the start of a longer name, a locality's or a building's own ("Krishna Nagar" is no
 * Krishna district, "Shri Krishna Complex", "Karnataka Bank"). Not the words that divide a town or name a spot in
 * it ("Ambala Cantt", "Pune Camp", "Hosahalli Circle"): the normaliser reads those as the place.
 */
// prettier-ignore
const NAME_ENDS: ReadonlySet<string> = new Set([
  ...BUILDING_WORDS, "nagar", "nagara", "nagaram", "colony", "colny", "layout", "vihar", "puram", "bagh", "ganj", "kunj",
  "park", "garden", "gardens", "enclave", "basti", "puri", "dham", "vatika", "agraharam", "bank",
]);
/** What parts an address: a name is not written across a comma (a bracket holds a name's direction: "Mulund (West)"). */
const PARTS = /[,;|/\n]/;
/** A post office's marker after a name: "Kamla Palace P.O.", "Kamla Palace, P.O." name the office. */
const OFFICE_AFTER = /^[\s.,]*(?:p[\s.]*o\b|post\b)/i;

interface Word {
  word: string;
  at: number;
  end: number;
}

/** The text's words, by parts. */
function partsOf(text: string): Word[][] {
  const parts: Word[][] = [[]];
  let end = 0;
  for (const m of text.matchAll(/[A-Za-z]+/g)) {
    if (PARTS.test(text.slice(end, m.index))) parts.push([]);
    parts[parts.length - 1]?.push({ word: m[0].toLowerCase(), at: m.index, end: m.index + m[0].length });
    end = m.index + m[0].length;
  }
  return parts;
}

/**
 * Whether the words i..j (inclusive) of a part are written as a place's name, not as the start of a longer name of
 * something else: not right before a locality's or building's word ("Krishna Nagar", "Shri Krishna Complex"; a
 * bracket between them parts them), not after "of" ("Bank of Maharashtra"), and not a building's own name ("Civil
 * Hospital": a post office in one city, and a building in every town) unless a post office's marker follows it.
 */
function writtenAsName(text: string, words: readonly Word[], i: number, j: number): boolean {
  const last = words[j] as Word;
  const next = words[j + 1];
  if (next && NAME_ENDS.has(next.word) && !/[()]/.test(text.slice(last.end, next.at))) return false;
  if (words[i - 1]?.word === "of") return false;
  return !BUILDING_WORDS.has(last.word) || OFFICE_AFTER.test(text.slice(last.end));
}

/**
 * What the text names of the labelled state: "decides" where it writes the state, one of its districts, or a
 * directory town or post office found in that state only; "shared" where every place it names in that state is
 * also a place in another state (the issue: "where nothing decides, state and district stay null"); else null.
 * A name counts where it is written as a name (`writtenAsName`), within one part.
 */
function namesPlaceIn(text: string, state: string): "decides" | "shared" | null {
  let shared = false;
  for (const words of partsOf(text)) {
    for (let i = 0; i < words.length; i++) {
      let key = "";
      for (let n = 0; n < 3 && i + n < words.length; n++) {
        key += words[i + n]?.word;
        if (key.length < 4 || ADDRESS_WORDS.has(key) || !writtenAsName(text, words, i, i + n)) continue;
        if (stateKeys.get(key) === state || districtKeys.get(key) === state) return "decides";
        const states = new Set([
          ...(directoryTowns()
            .get(key)
            ?.areas.map((a) => a.state) ?? []),
          ...recordsNamed(key).flatMap((r) => r.states),
        ]);
        if (!states.has(state)) continue;
        if (states.size === 1) return "decides";
        shared = true;
      }
    }
  }
  return shared ? "shared" : null;
}

/** A marker before a district's or sub-district's name makes that name the area, not the city ("Dist. Akola"). */
const AREA_BEFORE = /(?:^|[^A-Z])(?:DIST|DISTT|DISST|DISTRICT|DT|ZILLA|TEH|TEHSIL|TAHSIL|TQ|TAL|TALUK|TALUKA|MANDAL|BLOCK)[\s.:\-&]*$/;
/** After the name: a postfix marker closing the part ("Nellore Dist, AP"), or a bank's name ("Akola District Central Co-op Bank"). */
const AREA_AFTER =
  /^[\s.:\-)]*(?:(?:DIST|DISTT|DISTRICT|DT|TQ|TEH|TEHSIL|TALUK|TALUKA|MANDAL|MDL)[\s.:\-)]*(?![\s.:\-)])(?:[^A-Z]|$|(?:A\.?P|U\.?P|M\.?P|W\.?B|[A-Z]+ ?PRADESH|BIHAR|ORISSA|ODISHA|PUNJAB|GUJARAT|RAJASTHAN|MAHARASHTRA|KARNATAKA|KERALA|TAMIL ?NADU|TELANGANA|HARYANA|JHARKHAND|ASSAM|WEST BENGAL)(?![A-Z]))|(?:DISTRICT )?(?:CENTRAL|CO\W?OP|BANK))/;

/**
 * Whether the label's city is written as the address's city: not inside a longer place ("New Delhi", "Navi
 * Mumbai" for Delhi and Mumbai) and not only as the district, tehsil or taluk ("Dist. Akola", "Tq. Udupi",
 * "Nellore Dist") or in a bank's name ("The Akola District Central Coop. Bank"). README: the city label is the
 * RBI centre, "sometimes a larger place than the one in the text"; written only as the district, it is that.
 * A name glued to another word ("Brodipetguntur") is written: the parser is to find it.
 */
function cityWrittenAsCity(text: string, city: string): boolean {
  const up = text.toUpperCase();
  const name = city
    .toUpperCase()
    .replace(/[^A-Z]+/g, " ")
    .trim();
  const places = getGazetteer().places;
  for (const m of up.matchAll(new RegExp(name.replace(/ /g, "[^A-Z]*"), "g"))) {
    const before = up.slice(0, m.index);
    const after = up.slice(m.index + m[0].length);
    const glued = /[A-Z]$/.test(before);
    const previous = /([A-Z]+)[^A-Z]*$/.exec(before)?.[1]?.toLowerCase() ?? "";
    const longer = places.get(`${previous} ${name.toLowerCase()}`)?.city !== undefined || (glued && places.get(`${previous}${name.toLowerCase()}`)?.city !== undefined);
    if (longer || (!glued && AREA_BEFORE.test(before)) || AREA_AFTER.test(after)) continue;
    return true;
  }
  return false;
}

/** The text's letters as words, for finding one name after another. */
const words = (text: string): string =>
  ` ${text
    .toUpperCase()
    .replace(/[^A-Z]+/g, " ")
    .trim()} `;
const POST_MARKER = / (?:P ?O|POST|POST OFFICE|PO OFFICE|VIA|AT PO|AT POST)(?: AND)? $/;
const RURAL_MARKER = / (?:VILL|VILLAGE|VIL|P ?O|POST|AT)(?: AND| AND P ?O| P ?O)? $/;

/**
 * How the contract reads a city miss (Components: in a rural address the city is the post office the address names,
 * else the village; in a city address the city is the city and the area is the locality, even with its own office):
 * `village` where the label is kept in the line and our city is a directory office a post-office marker names;
 * `area` where the label is kept in the line and our city is a city written after it; `district` where the label is
 * the district we give and our city is a directory office written after a village or post-office marker, or a town of
 * its own written before the district's headquarters (the contract: the town the parcel goes to, never the district's
 * headquarters); else null (ours).
 */
function contractReading(
  text: string,
  label: string,
  c: { city: string | null; district: string | null; locality: string | null; street: string | null; building: string | null; landmark: string | null; house: string | null },
): "village" | "area" | "district" | null {
  if (!c.city) return null;
  const known = getGazetteer().places.get(c.city.toLowerCase())?.city !== undefined || recordsNamed(placeNameKey(c.city)).length > 0;
  if (known && sameDistrict(label, c.district) && (RURAL_MARKER.test(words(text).slice(0, words(text).indexOf(words(c.city)) + 1)) || townOutsideLabel(text, label, c.city)))
    return "district";
  const kept = [c.locality, c.street, c.building, c.landmark, c.house].some((part) => part && placeNameKey(part).includes(placeNameKey(label)));
  if (!kept) return null;
  const all = words(text);
  const city = words(c.city).trim();
  const at = all.indexOf(` ${city} `);
  if (at < 0) return null;
  const isCity = getGazetteer().places.get(c.city.toLowerCase())?.city !== undefined;
  if (POST_MARKER.test(all.slice(0, at + 1))) return isCity || recordsNamed(placeNameKey(c.city)).length > 0 ? "village" : null;
  const labelAt = all.indexOf(words(label));
  return isCity && labelAt >= 0 && labelAt < at ? "area" : null;
}

/**
 * Our city is a town of its own written before the label, the district's headquarters: the label's town has none of
 * our town's pincodes (no quarter of it), so the contract's "not the district's headquarters" makes ours the city.
 */
function townOutsideLabel(text: string, label: string, city: string): boolean {
  const all = words(text);
  const at = all.indexOf(words(city));
  const labelAt = all.lastIndexOf(words(label));
  if (at < 0 || labelAt <= at) return false;
  const labelCodes = new Set(townNamed(placeNameKey(label))?.codes ?? recordsNamed(placeNameKey(label)).map((r) => r.entry.code));
  if (labelCodes.size === 0) return false;
  const key = placeNameKey(city);
  const ours = [...(townNamed(key)?.codes ?? []), ...recordsNamed(key).map((r) => r.entry.code)];
  if (ours.length > 0 && !ours.some((code) => labelCodes.has(code))) return true;
  // A sub-district lists its villages' pincodes: then our town is its own where its offices lie 15 km or more from
  // every office named after the label (the normaliser's own distance for a town of its own).
  const labelAts = recordsNamed(placeNameKey(label)).map((r) => r.entry);
  const ourAts = recordsNamed(key).map((r) => r.entry);
  return labelAts.length > 0 && ourAts.length > 0 && ourAts.every((o) => labelAts.every((l) => distanceKm(o.lat, o.lng, l.lat, l.lng) >= 15));
}

interface Figures {
  rows: number;
  stateScored: number;
  stateRight: number;
  districtScored: number;
  districtRight: number;
  noPinNamed: number;
  noPinState: number;
  noPinDistrict: number;
  noPinShared: number;
  noPinSharedState: number;
  noPinSharedNull: number;
  noPinUnnamed: number;
  noPinUnnamedState: number;
  cityLabelled: number;
  cityWritten: number;
  cityRight: number;
  cityVillage: number;
  cityArea: number;
  cityDistrict: number;
  cityDropped: number;
  misses: Map<string, { count: number; example: string }>;
}

function miss(f: Figures, pattern: string, input: string): void {
  if (dump !== undefined && pattern.startsWith(dump)) console.log(`DUMP ${pattern}: ${input}`);
  const m = f.misses.get(pattern);
  if (m) m.count++;
  else f.misses.set(pattern, { count: 1, example: input });
}

const pct = (n: number, d: number) => (d === 0 ? "-" : `${(n / d).toFixed(3)} (${n}/${d})`);

for (const file of SETS) {
  const path = join(DIR, file);
  if (!existsSync(path)) {
    console.log(`${file}: absent`);
    continue;
  }
  const rows = JSON.parse(readFileSync(path, "utf8")) as OutsideRow[];
  const f: Figures = {
    rows: rows.length,
    stateScored: 0,
    stateRight: 0,
    districtScored: 0,
    districtRight: 0,
    noPinNamed: 0,
    noPinState: 0,
    noPinDistrict: 0,
    noPinShared: 0,
    noPinSharedState: 0,
    noPinSharedNull: 0,
    noPinUnnamed: 0,
    noPinUnnamedState: 0,
    cityLabelled: 0,
    cityWritten: 0,
    cityRight: 0,
    cityVillage: 0,
    cityArea: 0,
    cityDistrict: 0,
    cityDropped: 0,
    misses: new Map(),
  };
  for (const row of rows) {
    const r = normalizeAddress(row.input);
    const c = r.components;
    const scoreState = row.state !== null && !row.qa_flags.some((q) => STATE_EXCLUDED.has(q));
    const noPin = r.signals.pincodeInText === null;
    if (scoreState && row.state) {
      const right = c.state === row.state;
      f.stateScored++;
      const named = noPin ? namesPlaceIn(row.input, row.state) : null;
      if (right) f.stateRight++;
      else
        miss(f, `state ${c.state ? "wrong" : "null"}${named === "decides" ? " (no pincode, a place named)" : noPin ? " (no pincode)" : ""}: ${c.state ?? "-"} for ${row.state}`, row.input);
      if (noPin) {
        if (named === "decides") {
          f.noPinNamed++;
          if (right) f.noPinState++;
          if (row.district && sameDistrict(row.district, c.district)) f.noPinDistrict++;
        } else if (named === "shared") {
          f.noPinShared++;
          if (right) f.noPinSharedState++;
          if (c.state === null) f.noPinSharedNull++;
        } else {
          f.noPinUnnamed++;
          if (right) f.noPinUnnamedState++;
        }
      }
      if (row.district) {
        f.districtScored++;
        if (sameDistrict(row.district, c.district)) f.districtRight++;
        else if (right) miss(f, `district ${c.district ? "wrong" : "null"}${noPin ? " (no pincode)" : ""}`, `${row.input}  [${c.district ?? "-"} for ${row.district}]`);
      }
    }
    if (row.city && !row.qa_flags.includes("city_label_not_in_text")) f.cityLabelled++;
    if (row.city && !row.qa_flags.includes("city_label_not_in_text") && cityWrittenAsCity(row.input, row.city)) {
      f.cityWritten++;
      const want = cityKey(row.city);
      const got = c.city ? cityKey(c.city) : "";
      if (got === want || nearKey(got, want) || spelledOtherwise(row.input, got, want)) f.cityRight++;
      else {
        const reading = contractReading(row.input, row.city, c);
        if (reading === "village") f.cityVillage++;
        if (reading === "area") f.cityArea++;
        if (reading === "district") f.cityDistrict++;
        const by =
          reading === null
            ? ""
            : { village: " (label the village, ours its post office)", area: " (label an area, ours its city)", district: " (label the district, ours a village, office or town of it)" }[
                reading
              ];
        miss(f, `city ${c.city ? "wrong" : "null"}${by}`, `${row.input}  [${c.city ?? "-"} for ${row.city}]`);
      }
      const line = placeNameKey(r.normalized);
      if (!line.includes(want) && !line.includes(placeNameKey(row.city))) {
        f.cityDropped++;
        miss(f, "city dropped from the line", `${row.input}  → ${r.normalized}`);
      }
    }
  }
  console.log(`\n## ${file}: ${f.rows} rows\n`);
  console.log("| figure | value |\n|---|---|");
  console.log(`| state right (rows without the README's excluded flags) | ${pct(f.stateRight, f.stateScored)} |`);
  console.log(`| district right (same rows, renames and spellings allowed) | ${pct(f.districtRight, f.districtScored)} |`);
  console.log(`| no pincode, text names the state, a district or a directory place of that state only: state right | ${pct(f.noPinState, f.noPinNamed)} |`);
  console.log(`| … district right | ${pct(f.noPinDistrict, f.noPinNamed)} |`);
  console.log(`| no pincode, every place named is also in another state: state right / left null | ${pct(f.noPinSharedState, f.noPinShared)} / ${pct(f.noPinSharedNull, f.noPinShared)} |`);
  console.log(`| no pincode, text names no place: state right | ${pct(f.noPinUnnamedState, f.noPinUnnamed)} |`);
  console.log(`| city right where written (as the city: not only as the district or tehsil, nor inside a longer name) | ${pct(f.cityRight, f.cityWritten)} |`);
  console.log(
    `| … of the misses, the label is the village and we give the post office the text names (the contract's rural rule) / the label is an area and we give the city written after it (its city rule) / the label is the district and we give the village or office written after a rural marker, or a town of its own written before it (never the district's headquarters) | ${f.cityVillage} / ${f.cityArea} / ${f.cityDistrict} |`,
  );
  console.log(`| city right where written, read by the contract (those three counted right) | ${pct(f.cityRight + f.cityVillage + f.cityArea + f.cityDistrict, f.cityWritten)} |`);
  console.log(`| city labelled and in the text only as the district, tehsil or a longer name (not scored) | ${f.cityLabelled - f.cityWritten} |`);
  console.log(`| written city dropped from the line | ${f.cityWritten === 0 ? "-" : `${((100 * f.cityDropped) / f.cityWritten).toFixed(1)} % (${f.cityDropped}/${f.cityWritten})`} |`);
  const top = [...f.misses].sort((a, b) => b[1].count - a[1].count).slice(0, 20);
  console.log(`\nTwenty most frequent misses:\n`);
  for (const [pattern, m] of top) console.log(`${String(m.count).padStart(5)}  ${pattern}${examples ? `\n       e.g. ${m.example}` : ""}`);
}
