/**
 * Place names recognised in text (states, cities, districts), keyed by token phrase.
 * Built once from the tables in states.ts / cities.ts and the directory's district list.
 */
import { CITIES, DISTRICT_CITY, DISTRICT_FIXES } from "./cities";
import { BUILDING_WORDS, LOCALITY_TAIL, LOCALITY_WORDS, PhraseTable, STREET_WORDS, tokenize } from "./lexicon";
import { directoryDistricts, directoryTowns, placeNameKey, townNamed, type PincodeRecord } from "./pincodes";
import { stateAliasEntries, type StateAlias } from "./states";

export interface CityDef {
  name: string;
  /** Official districts the city and its suburbs lie in. */
  districts: string[];
  /** Every phrase key the city is written as. */
  keys: string[];
  /** Listed in cities.ts (a known city), as opposed to derived from a district name. */
  curated: boolean;
}

export interface PlaceDef {
  state?: StateAlias;
  city?: CityDef;
  /** A district whose name is not a city name ("Ranga Reddy", "Gautam Buddha Nagar"). */
  district?: string;
}

export interface Gazetteer {
  places: Map<string, PlaceDef>;
  citiesByName: Map<string, CityDef>;
  districtsByKey: Map<string, string>;
  /** Place names of more than one word. */
  phrases: PhraseTable<true>;
}

/** Extra spellings of district names seen in addresses. */
// prettier-ignore
const DISTRICT_ALIASES: Record<string, string> = {
  rangareddy: "Ranga Reddy", "rr district": "Ranga Reddy", bangalore: "Bengaluru Urban", "bangalore urban": "Bengaluru Urban",
  "bangalore rural": "Bengaluru Rural", "gautam budh nagar": "Gautam Buddha Nagar", "gb nagar": "Gautam Buddha Nagar",
  "gir somnath": "Junagadh", fazilka: "Firozpur", "24 parganas north": "North 24 Parganas", "24 parganas south": "South 24 Parganas", "sas nagar": "Sahibzada Ajit Singh Nagar",
  // Old and other spellings the bank and hospital lists (and their clerks) write.
  kutch: "Kachchh", kachh: "Kachchh", "sabar kantha": "Sabarkantha", "banas kantha": "Banaskantha", "panch mahal": "Panchmahal",
  cuttak: "Cuttack", jagatsinghpur: "Jagatsinghapur", baleshwar: "Balasore",
  "cooch behar": "Cooch Behar", coochbehar: "Cooch Behar", "koch bihar": "Cooch Behar", hugli: "Hooghly", haora: "Howrah",
  maldah: "Malda", puruliya: "Purulia", "west midnapore": "Paschim Medinipur",
  "east medinipur": "Purba Medinipur", "purba midnapore": "Purba Medinipur", "west medinipur": "Paschim Medinipur",
  "spsr nellore": "Nellore", "sps nellore": "Nellore", "sri potti sriramulu nellore": "Nellore", "sri potti sri ramulu nellore": "Nellore",
  anantpur: "Anantapur", anantapuram: "Anantapur", mahbubnagar: "Mahabubnagar", mehboobnagar: "Mahabubnagar",
  "rae bareli": "Raebareli", "rai bareli": "Raebareli", sravasti: "Shravasti", kanauj: "Kannauj", "bara banki": "Barabanki",
  "buland shahar": "Bulandshahr", "kushi nagar": "Kushinagar", sonebhadra: "Sonbhadra", gazipur: "Ghazipur", balia: "Ballia",
  gorakpur: "Gorakhpur", hissar: "Hisar", ferozpur: "Firozpur", ferozepur: "Firozpur", bhatinda: "Bathinda",
  chittaurgarh: "Chittorgarh", chhattarpur: "Chhatarpur", narsimhapur: "Narsinghpur", sahebganj: "Sahibganj",
  "paschimi singhbhum": "West Singhbhum", "purbi singhbhum": "East Singhbhum", "paschimi champaran": "West Champaran",
  "purbi champaran": "East Champaran", bagalkote: "Bagalkot",
  // Old names and spellings of districts a list or a clerk still writes (hospdist3): the Kanara districts by their
  // colonial names, Bulsar and Dhulia, Ramabai Nagar (Kanpur Dehat's name in 2010-2012), the YSR district by its
  // initials.
  "north kanara": "Uttara Kannada", "kanara north": "Uttara Kannada", "uttar kannada": "Uttara Kannada",
  "south kanara": "Dakshina Kannada", "kanara south": "Dakshina Kannada", "south kannada": "Dakshina Kannada",
  "dakshin kannada": "Dakshina Kannada", bulsar: "Valsad", dhulia: "Dhule", "ramabai nagar": "Kanpur Dehat",
  "muktsar sahib": "Sri Muktsar Sahib", kadappa: "YSR Kadapa", ysr: "YSR Kadapa", "y s r": "YSR Kadapa",
  roopnagar: "Rupnagar", tehri: "Tehri Garhwal", "greater mumbai": "Mumbai", "greater bombay": "Mumbai", "sbs nagar": "Shaheed Bhagat Singh Nagar",
};

/**
 * Aliases read as a district only after a district's marker ("Distt. Ramabai Nagar", "YSR District"): elsewhere they are
 * a locality's or a person's name ("Karim Nagar" colonies, a "YSR Statue", a "Roopnagar" quarter).
 */
const MARKER_ONLY_DISTRICT = (raw: string): boolean => / nagar$/i.test(raw) || raw === "ysr" || raw === "y s r" || raw === "roopnagar";

let gazetteer: Gazetteer | null = null;

function phraseKey(text: string): string {
  return tokenize(text)
    .map((t) => t.key)
    .join(" ");
}

function build(): Gazetteer {
  const places = new Map<string, PlaceDef>();
  const citiesByName = new Map<string, CityDef>();
  const districtsByKey = new Map<string, string>();
  const register = (phrase: string, def: PlaceDef) => {
    const key = phraseKey(phrase);
    if (!key) return;
    const slot = places.get(key) ?? {};
    slot.state ??= def.state;
    slot.city ??= def.city;
    slot.district ??= def.district;
    places.set(key, slot);
  };
  const addCityKey = (city: CityDef, phrase: string) => {
    const key = phraseKey(phrase);
    if (!key || city.keys.includes(key)) return;
    city.keys.push(key);
    register(phrase, { city });
  };

  // "Uttaranchal State", "Orissa State": any name of a state with "State" after it.
  for (const [alias, state] of stateAliasEntries()) for (const phrase of state.abbreviation ? [alias] : [alias, `${alias} state`]) register(phrase, { state });

  for (const [name, aliases, districts] of CITIES) {
    const city: CityDef = { name, districts: [...districts], keys: [], curated: true };
    citiesByName.set(name, city);
    addCityKey(city, name);
    for (const alias of aliases) addCityKey(city, alias);
  }

  const rawNames = new Map<string, string[]>();
  for (const [raw, official] of [...Object.entries(DISTRICT_FIXES), ...Object.entries(DISTRICT_ALIASES)]) {
    districtsByKey.set(phraseKey(raw), official);
    // "Karim Nagar"-style spellings are also common locality names: after "Distt." only.
    if (!MARKER_ONLY_DISTRICT(raw)) rawNames.set(official, [...(rawNames.get(official) ?? []), raw]);
  }

  for (const district of directoryDistricts().keys()) {
    const names = [district, ...(rawNames.get(district) ?? [])];
    districtsByKey.set(phraseKey(district), district);
    const cityName = DISTRICT_CITY[district] ?? district;
    let city = citiesByName.get(cityName);
    if (!city) {
      city = { name: cityName, districts: [], keys: [], curated: false };
      citiesByName.set(cityName, city);
    }
    if (!city.districts.includes(district)) city.districts.push(district);
    addCityKey(city, cityName);
    if (cityName === district) for (const n of names) addCityKey(city, n);
    else for (const n of names) register(n, { district });
  }
  const phrases = new PhraseTable<true>();
  for (const key of places.keys()) if (key.includes(" ")) phrases.add(key, true);
  // A directory town of several words ("Mandi Dabwali", "Fatehpur Shekhawati", "S Kota") is one word, so that
  // a place or a locality word inside it does not cut it; names ending in an address word already chunk whole.
  for (const town of directoryTowns().values()) {
    const key = phraseKey(town.name);
    const cut = key.lastIndexOf(" ");
    const end = key.slice(cut + 1);
    if (cut > 0 && !places.has(key) && !LOCALITY_WORDS.has(end) && !LOCALITY_TAIL.has(end) && !STREET_WORDS.has(end) && !BUILDING_WORDS.has(end)) phrases.add(key, true);
  }
  return { places, citiesByName, districtsByKey, phrases };
}

export function getGazetteer(): Gazetteer {
  gazetteer ??= build();
  return gazetteer;
}

/**
 * Whether a city written in the text fits the pincode: same city, same district(s), one of its post offices, or a
 * pincode of the town of its name (a district made after the directory's keeps its town's pincodes in the old one:
 * Sircilla's 505301 is filed under Karimnagar).
 */
export function cityMatchesRecord(city: CityDef, rec: PincodeRecord): boolean {
  if (rec.entry.city === city.name) return true;
  if (city.districts.some((d) => rec.districts.includes(d))) return true;
  return city.keys.some((k) => rec.placeKeys.some((p) => namesPlace(k, p)) || !!townNamed(placeNameKey(k))?.codes.includes(rec.entry.code));
}

/** `name` is the post office `place` or its first words ("noida" → "noida sector 27"). */
export function namesPlace(name: string, place: string): boolean {
  return place.startsWith(name) && (place.length === name.length || place.charCodeAt(name.length) === 32);
}

/** A direction after a town's name ("Kalyan West", "Badlapur E"): a part of that town. */
export const DIRECTIONS: ReadonlySet<string> = new Set(["east", "west", "north", "south", "e", "w"]);

/** District names as lists and clerks shorten them after "Dist." ("E.G. Dist", "R.R. Dist", "Visakha Dt"). */
// prettier-ignore
export const DISTRICT_SHORT_FORMS: Readonly<Record<string, string>> = {
  eg: "East Godavari", "e g": "East Godavari", "d dinajpur": "Dakshin Dinajpur", "n dinajpur": "Uttar Dinajpur", "u dinajpur": "Uttar Dinajpur", wg: "West Godavari", "w g": "West Godavari", "e godavari": "East Godavari", "w godavari": "West Godavari", rr: "Ranga Reddy", "r r": "Ranga Reddy",
  visakha: "Visakhapatnam", "e champaran": "East Champaran", "w champaran": "West Champaran", "purbi champaran": "East Champaran",
  "paschim champaran": "West Champaran", "purba champaran": "East Champaran", ananthapuram: "Anantapur", ananthapuramu: "Anantapur",
};
