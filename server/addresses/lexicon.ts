/**
 * Tokens and the word lists the parser classifies them with. Everything here is keyed by a
 * token's `key`: lower case, dots dropped.
 */

export const WORD = 0;
/** Dotted initials: K.A., U.P., M.G. */
export const INITIALS = 1;
/** Anything containing a digit: 12, 4B, 12-3-456, A-101, 3rd. */
export const NUMBER = 2;
/** S/O, C/O, W/O, D/O, H/O, F/O. */
export const RELATION = 3;
export const HASH = 4;
const AMPERSAND = 5;

export interface Token {
  raw: string;
  key: string;
  type: number;
  /** A short word in capitals, or dotted (matters for state abbreviations that are also English words). */
  upper: boolean;
  /** 3rd, 12th, First, Second… */
  ordinal: boolean;
  /** Written more than once in a row in the text, and read once ("Kaiserganj Kaiserganj": a list's two fields). */
  repeated?: boolean;
}

/** Ordinal words, keyed by token key (a Map: keys come from user text, "constructor" included). */
// prettier-ignore
export const ORDINAL_WORDS: ReadonlyMap<string, string> = new Map([
  ["first", "1st"], ["second", "2nd"], ["third", "3rd"], ["fourth", "4th"], ["fifth", "5th"], ["sixth", "6th"],
  ["seventh", "7th"], ["eighth", "8th"], ["ninth", "9th"], ["tenth", "10th"],
]);

const ORDINAL = /^\d+(?:st|nd|rd|th)$/;
const ORDINAL_SUFFIX = /(?<=\d)(?:ST|ND|RD|TH)\b/g;

const TOKEN =
  /([scwdhf]\/o)(?![\p{L}\p{N}])|((?:\p{L}\.){2,})|(\p{N}[\p{L}\p{N}]*(?:[-/][\p{L}\p{N}]+)*|\p{L}{1,3}[-/]?\p{N}[\p{L}\p{N}]*(?:[-/][\p{L}\p{N}]+)*)|([\p{L}\p{M}]+(?:'[\p{L}\p{M}]+)*)|(#)|(&)/giu;
/** Letter prefixes glued to a number that are words, not part of an ID: Sec62, NH48, No12. */
const SPLIT_PREFIX = /^(sec|blk|pkt|no|nh|sh|rd|st)[-/]?(?=\p{N})/iu;
const LOWER = /\p{Ll}/u;
const DIGIT_FIRST = /^\p{N}/u;

/** Address words as typists misspell them, read (and written back) as the word: "Sirsa Raod" is a road. */
const MISSPELT_WORDS: ReadonlyMap<string, string> = new Map([["raod", "road"]]);

function token(raw: string, key: string, type: number, upper: boolean): Token {
  return { raw, key, type, upper, ordinal: type === NUMBER ? ORDINAL.test(key) : type === WORD && ORDINAL_WORDS.has(key) };
}

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
    if (m[1] !== undefined) out.push(token(m[1], m[1].toLowerCase(), RELATION, true));
    else if (m[2] !== undefined) out.push(token(m[2], m[2].replace(/\./g, "").toLowerCase(), INITIALS, true));
    else if (m[3] !== undefined) {
      const raw = m[3];
      const split = DIGIT_FIRST.test(raw) ? null : SPLIT_PREFIX.exec(raw);
      if (split) {
        const word = split[1] as string;
        out.push(token(word, word.toLowerCase(), WORD, !LOWER.test(word)));
        const rest = raw.slice(split[0].length);
        out.push(token(rest, rest.toLowerCase(), NUMBER, false));
      } else out.push(token(raw, raw.toLowerCase(), NUMBER, false));
    } else if (m[4] !== undefined) {
      const raw = m[4];
      const key = raw.toLowerCase();
      out.push(token(raw, MISSPELT_WORDS.get(key) ?? key, WORD, raw.length <= 3 && !LOWER.test(raw)));
    } else if (m[5] !== undefined) out.push(token("#", "#", HASH, false));
    else out.push(token("&", "&", AMPERSAND, false));
  }
  return out;
}

/** Phrase → value, matched on consecutive token keys, longest first. */
export class PhraseTable<T> {
  private readonly byFirst = new Map<string, Array<{ keys: string[]; value: T }>>();

  add(phrase: string, value: T): void {
    const keys = tokenize(phrase).map((t) => t.key);
    const first = keys[0];
    if (first === undefined) return;
    const list = this.byFirst.get(first) ?? [];
    if (list.some((p) => p.keys.join(" ") === keys.join(" "))) return;
    list.push({ keys, value });
    list.sort((a, b) => b.keys.length - a.keys.length);
    this.byFirst.set(first, list);
  }

  /** Whether the table holds no phrase. */
  get empty(): boolean {
    return this.byFirst.size === 0;
  }

  /** The longest phrase starting at `i`. */
  match(tokens: readonly Token[], i: number): { value: T; length: number } | null {
    const list = this.byFirst.get(tokens[i]?.key ?? "");
    if (!list) return null;
    outer: for (const p of list) {
      if (i + p.keys.length > tokens.length) continue;
      for (let j = 1; j < p.keys.length; j++) if ((tokens[i + j] as Token).key !== p.keys[j]) continue outer;
      return { value: p.value, length: p.keys.length };
    }
    return null;
  }
}

export type MarkerKind = "house" | "floor" | "landmark" | "recipient" | "village" | "post" | "tehsil" | "district" | "area";

export interface Marker {
  kind: MarkerKind;
  /** Canonical wording in the normalized address ("" = just the number for house markers). */
  label: string;
}

/**
 * A mandal's marker (Andhra Pradesh's and Telangana's sub-district) spelt out: a marker wherever it is written. Every
 * other list of the marker's spellings (the glued forms, the bracketed ones, the parser's blockers) is made from this
 * one and `MANDAL_SHORT_FORMS`.
 */
export const MANDAL_MARKERS: readonly string[] = ["mandal", "mdl", "mandalam"];
/**
 * The marker cut short ("Talluru M", "Kothapeta Md", "Podili Man"), longest first: read as the marker only right after
 * a mandal's name, since alone "M", "Md" and "Ma" are initials (a name's, a doctor's degree) and "Man" a word.
 */
export const MANDAL_SHORT_FORMS: readonly string[] = ["man", "md", "ma", "m"];

const MARKER_PHRASES: Array<[MarkerKind, string, readonly string[]]> = [
  [
    "house",
    "",
    [
      "h no",
      "hno",
      "h n",
      "house no",
      "house number",
      "house num",
      "house",
      "door no",
      "door number",
      "d no",
      "dno",
      "door",
      "no",
      "number",
      "#",
      "ghar no",
      "ghar",
      "makan no",
      "makaan no",
      "makan",
    ],
  ],
  ["house", "Flat", ["flat no", "flat number", "flat", "flt no", "flt", "f no", "apartment no", "apt no", "apt", "apartment number"]],
  ["house", "Plot", ["plot no", "plot number", "plot", "p no"]],
  ["house", "Shop", ["shop no", "shop number", "shop"]],
  ["house", "Office", ["office no", "office number", "office"]],
  ["house", "Room", ["room no", "room number", "room"]],
  ["house", "Quarter", ["quarter no", "quarter", "qtr no", "qtr", "qr no", "quarters no"]],
  ["house", "Villa", ["villa no", "villa"]],
  ["house", "Unit", ["unit no", "unit"]],
  ["house", "Khasra", ["khasra no", "khasra"]],
  ["house", "Survey", ["survey no", "survey", "sy no", "s no"]],
  ["house", "Building", ["building no", "building", "bldg no"]],
  ["house", "TC", ["tc", "tc no"]],
  // A town survey number, not Telangana ("T.S. No. 156", as lists in Tamil Nadu and Kerala write a plot's number).
  ["house", "TS No.", ["ts no", "t s no"]],
  // A post box, not Punjab ("PB No. 3", "P.B. No. 3", "Post Box No. 4").
  ["house", "PB No.", ["pb no", "p b no", "pb", "post box no", "post box", "po box no", "po box", "p o box", "p 0 box", "box no"]],
  ["floor", "Ground Floor", ["ground floor", "ground flr", "gf", "g f"]],
  ["floor", "Upper Ground Floor", ["upper ground floor", "ugf"]],
  ["floor", "Lower Ground Floor", ["lower ground floor", "lgf"]],
  ["floor", "Basement", ["basement"]],
  ["floor", "Top Floor", ["top floor"]],
  ["floor", "Mezzanine Floor", ["mezzanine floor", "mezzanine"]],
  ["landmark", "Opposite", ["opp", "opposite", "opp to", "opposite to", "opp of", "opposite of"]],
  ["landmark", "Near", ["near", "nr", "near to", "nearby", "close to", "landmark", "land mark", "lm", "lmk"]],
  ["landmark", "Behind", ["behind", "back side of", "backside of"]],
  ["landmark", "Beside", ["beside", "besides", "by the side of"]],
  ["landmark", "Next to", ["next to"]],
  ["landmark", "Adjacent to", ["adjacent to", "adjacent", "adj to", "adj"]],
  ["landmark", "In front of", ["in front of", "infront of", "front of"]],
  ["landmark", "Above", ["above"]],
  ["landmark", "Below", ["below"]],
  ["landmark", "Off", ["off"]],
  // The parcel is handed to a care-of name: it stays at the front of the line; relations are dropped.
  ["recipient", "C/O", ["c/o", "care of"]],
  ["recipient", "", ["s/o", "w/o", "d/o", "h/o", "f/o", "son of", "wife of", "daughter of", "husband of", "attn"]],
  ["village", "Village", ["vill", "village", "vil", "vlg", "gram", "grama"]],
  [
    "village",
    "VPO",
    [
      "vpo",
      "v po",
      "at post",
      "at po",
      "at & post",
      "at and post",
      "at p o",
      "vill & post",
      "vill and post",
      "vill post",
      "village & post",
      "village and post",
      "a/p",
      // "Ap Post X", "A.P. Post X": Maharashtra's at-post written without its slash, not Andhra Pradesh.
      "ap post",
      "a p post",
      "at/post",
      "at/po",
      "at p by o",
      // "Vill. & P.O. X", "P.O. & Vill X": village and post office of one name.
      "vill & po",
      "vill and po",
      "vill po",
      "village & po",
      "village and po",
      "po & vill",
      "po and vill",
      "po & village",
      "po and village",
      "post & vill",
      "post and vill",
      "at & po",
      "at and po",
      // "Village & Post Office X": the office's own word, not an office called "Office X".
      "village & post office",
      "village and post office",
      "vill & post office",
      "vill and post office",
    ],
  ],
  ["village", "Mohalla", ["mohalla", "mohallah", "muhalla", "mohala", "mohlla"]],
  // "P.0." with a zero, as lists type it; "P By O" and "P. Office", as Odisha's and other lists write the marker.
  ["post", "Post", ["post", "po", "p o", "p 0", "post office", "p by o", "p office"]],
  // "Vill. & P.O. Gohagram via Adrahati": the office the mail goes through.
  ["post", "Via", ["via"]],
  ["tehsil", "Tehsil", ["teh", "tehsil", "tah", "tahsil"]],
  // "Ta." is Gujarat's taluka, "Taluq" and "T Q" the Telugu and Tamil lists' spellings.
  ["tehsil", "Taluk", ["tq", "t q", "taluk", "taluka", "taluq", "tal", "ta", "tk"]],
  ["tehsil", "Mandal", MANDAL_MARKERS],
  ["tehsil", "Police Station", ["ps", "p s", "police station", "thana"]],
  ["district", "District", ["distt", "disst", "dist", "dis", "district", "dt", "dst", "zilla", "zila", "jila", "jilla"]],
  ["area", "Sector", ["sector", "sec", "sect"]],
  ["area", "Phase", ["phase"]],
  ["area", "Block", ["block", "blk", "block no"]],
  ["area", "Pocket", ["pocket", "pkt"]],
  ["area", "Stage", ["stage"]],
  ["area", "Ward", ["ward", "ward no"]],
];

/** The one-word spellings of a tehsil's, taluk's and mandal's markers (a police station is no sub-district). */
export const SUB_DISTRICT_MARKER_WORDS: readonly string[] = MARKER_PHRASES.filter(([kind, label]) => kind === "tehsil" && label !== "Police Station").flatMap(([, , phrases]) =>
  phrases.filter((p) => !p.includes(" ")),
);

export const MARKERS = new PhraseTable<Marker>();
for (const [kind, label, phrases] of MARKER_PHRASES) for (const p of phrases) MARKERS.add(p, { kind, label });

/** Words that end a street name. `main`, `cross`, `st` and `ln` are conditional (see the parser). */
// prettier-ignore
export const STREET_WORDS: ReadonlySet<string> = new Set([
  "road", "rd", "street", "st", "marg", "lane", "ln", "gali", "galli", "gully", "path", "highway", "hwy", "salai",
  "veedhi", "veethi", "rasta", "avenue", "ave", "boulevard", "bypass", "expressway", "sarani", "sarak", "sadak",
  "main", "cross", "drive",
]);

/** Words that end a building name. */
// prettier-ignore
export const BUILDING_WORDS: ReadonlySet<string> = new Set([
  "apartment", "apartments", "apartmnt", "appartment", "appartments", "apts", "appts", "apt", "appt", "tower", "towers",
  "twr", "residency", "residences", "residence", "enclave", "complex", "society", "soc", "chs", "chsl", "niwas",
  "nivas", "bhavan", "bhawan", "heights", "plaza", "mansion", "mansions", "chambers", "chamber", "building", "bldg",
  "bldng", "arcade", "court", "villas", "homes", "house", "sadan", "kutir", "kuteer", "nilayam", "nilaya", "illam",
  "castle", "manor", "centre", "center", "mall", "hostel", "quarters", "qtrs", "palace", "lodge", "flats", "greens",
  "wing", "annexe", "mahal", "hotel", "hospital", "school", "college",
]);

/** Words that end a locality name. */
// prettier-ignore
export const LOCALITY_WORDS: ReadonlySet<string> = new Set([
  "nagar", "nagara", "nagaram", "colony", "colny", "layout", "vihar", "puram", "bagh", "ganj", "extension", "extn",
  "ext", "basti", "bazar", "bazaar", "market", "mkt", "mandi", "wadi", "wada", "pada", "palya", "halli", "palli",
  "pally", "peth", "pet", "pete", "chowk", "kunj", "park", "garden", "gardens", "town", "township", "estate",
  "cantonment", "cantt", "camp", "tola", "tolla", "para", "khand", "sarai", "kheda", "khera", "circle", "agraharam",
  "palem", "guda", "gudem", "puri", "hills", "hill", "area", "lines", "dham", "vatika", "gaon", "garh",
]);

/** What a town's name is written with for the sub-district around it: "Behat Rural", "Behat Urban", "Behat Gramin". */
export const AREA_SUFFIXES: ReadonlySet<string> = new Set(["rural", "urban", "gramin"]);

/** What a town's name is written with and still means the town or its sub-district: "Hindupur Town", "Nawalgarh City". */
export const TOWN_SUFFIXES: ReadonlySet<string> = new Set(["town", "city", ...AREA_SUFFIXES]);

/** Words that end the name of a quarter or a spot inside a town, never a town's own name ("NGO Colony", "College Campus", "Bus Stand"). */
// prettier-ignore
export const QUARTER_WORDS: ReadonlySet<string> = new Set([
  "colony", "colny", "campus", "complex", "market", "mkt", "stand", "panchayat", "panchayath", "camp", "layout", "enclave", "township", "nagar", "lines",
]);

/** Locality endings written joined to the name: Indiranagar, Malleshwaram, Chickpet, Goregaon. */
const GLUED_LOCALITY = /(?:nagar|nagaram|puram|pura|bagh|ganj|vihar|palya|halli|palli|pally|pet|pete|peta|wadi|wada|gaon|puri|kunj|khand|guda|gudem|palem|kheda|khera|pur)$/;

export function isLocalityWord(key: string): boolean {
  return LOCALITY_WORDS.has(key) || (key.length >= 7 && GLUED_LOCALITY.test(key));
}

/** Words that may follow a locality word and still belong to it: "Model Town East", "Nagar Extn", "Vadgaon Budruk". */
export const LOCALITY_TAIL: ReadonlySet<string> = new Set(["east", "west", "north", "south", "extension", "extn", "ext", "budruk", "bk", "khurd", "kh", "kalan"]);

/** A number followed by one of these is a road's width ("100 Feet Road"), not a house number or a pincode. */
export const FEET: ReadonlySet<string> = new Set(["feet", "ft", "foot"]);

/** A crossroads' word: the crossroads is named after the place it is in ("Mahmudabad Chauraha", "Rampur Chowrasta"), as a bank's branch is; it is no town itself. */
export const CROSSROADS: ReadonlySet<string> = new Set(["chauraha", "chowraha", "tiraha", "crossing", "chowrasta", "chowrastha", "chourasta", "courastha"]);

/**
 * A gate, a toll post, a fork or a crossing named after the town its road leads to: "Rohtak Gate" (in Bhiwani), "Kolhapur
 * Naka" (in Karad), "Dehu Phata", "Palanpur Patia" (in Surat). The town so named is not where the address is.
 */
export const TOWARD_WORDS: ReadonlySet<string> = new Set(["gate", "darwaja", "darwaza", "naka", "phata", "patia", "patiya"]);

/** What a market sells, or how old it is, written before its word ("Sabzi Mandi", "Anaj Mandi", "Kapda Bazar"): no town's name. */
// prettier-ignore
export const MARKET_GOODS: ReadonlySet<string> = new Set([
  "anaj", "anaaj", "anaz", "sabzi", "sabji", "subzi", "subji", "galla", "gallah", "krishi", "upaj", "dhan", "grain",
  "fruit", "phal", "kapda", "kabadi", "lakad", "lakkad", "kirana", "purani", "naveen", "navin", "nai", "naya",
  "new", "old",
]);

/** A state's industrial estates (Gujarat's, Maharashtra's), named after their town. */
export const ESTATES: ReadonlySet<string> = new Set(["gidc", "midc"]);

/** How many words a crossroads' name takes from `i`: one for its word ("Chowrasta"), two for "X Roads" (no Roman ten), else 0. */
export function crossroadsAt(tokens: readonly Token[], i: number): number {
  const key = tokens[i]?.key ?? "";
  if (CROSSROADS.has(key)) return 1;
  return key === "x" && ["road", "roads", "rd"].includes(tokens[i + 1]?.key ?? "") ? 2 : 0;
}
export const ROMAN: ReadonlySet<string> = new Set(["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"]);

/** Housing developers whose project names carry no building word ("Prestige Shantiniketan"). */
// prettier-ignore
export const DEVELOPERS: ReadonlySet<string> = new Set([
  "prestige", "sobha", "brigade", "dlf", "lodha", "godrej", "purva", "puravankara", "mantri", "salarpuria",
  "hiranandani", "raheja", "oberoi", "kalpataru", "ozone", "embassy", "shapoorji", "mahindra", "tata", "ajmera",
  "rustomjee", "runwal", "nirmal", "unitech", "ats", "supertech", "gaur", "mahagun", "jaypee", "ireo", "emaar",
  "m3m", "vatika", "bptp", "omaxe", "ansal", "parsvnath", "assetz", "sattva", "casagrand", "dosti", "vtp",
  "kolte", "paranjape", "gera", "nyati", "aparna", "myhome", "rajapushpa", "provident", "shriram", "adarsh",
]);

/** Abbreviations spelt out in the normalized form. `st` and `ln` only at the end of a street. */
// prettier-ignore
const WORD_FORMS: ReadonlyMap<string, string> = new Map(Object.entries({
  rd: "Road", apts: "Apartments", appts: "Apartments", appt: "Apartment", apt: "Apartment", apartmnt: "Apartment",
  appartment: "Apartment", appartments: "Apartments", bldg: "Building", bldng: "Building", soc: "Society",
  extn: "Extension", ext: "Extension", hwy: "Highway", mkt: "Market", twr: "Tower", stn: "Station", sec: "Sector",
  sect: "Sector", blk: "Block", pkt: "Pocket", colny: "Colony", flr: "Floor", jn: "Junction", sq: "Square",
  ave: "Avenue", qtrs: "Quarters", hsg: "Housing",
}));
export const STREET_END_FORMS: ReadonlyMap<string, string> = new Map([
  ["st", "Street"],
  ["ln", "Lane"],
]);

/** Upper-case acronyms that contain a vowel (vowel-less words are upper-cased anyway). */
// prettier-ignore
const ACRONYMS: ReadonlySet<string> = new Set([
  "hal", "dda", "lig", "mig", "hig", "ews", "iit", "iim", "isro", "itpl", "epip", "huda", "mhada", "bda", "rbi",
  "sbi", "lic", "ongc", "ntpc", "bhel", "gail", "aiims", "pgi", "iti", "bel", "hmt", "drdo", "kiadb", "midc",
  "gidc", "riico", "sidco", "uit", "jda", "nit", "vip", "gpo", "ito", "isbt", "ida", "ioc", "iocl", "ecil", "iaf",
  "ho", "hsiidc", "ats", "vtp", "iisc", "it",
]);
/**
 * Vowel-less words that are abbreviations of words, not acronyms; and "ch", which in capitals
 * would read back as Chandigarh.
 */
const NOT_ACRONYMS: ReadonlySet<string> = new Set(["dr", "mr", "mrs", "ms", "smt", "pvt", "ltd", "sm", "st", "ch"]);
const SMALL_WORDS: ReadonlySet<string> = new Set(["of", "and", "the", "in", "on", "at", "to", "by", "for", "da"]);
const NOT_WORD = -1;
const NO_VOWEL = 0;
const HAS_VOWEL = 1;

/** Whether a key is an ASCII word (a–z and apostrophes), and if so whether it has a vowel (y counts). */
function shape(key: string): number {
  let vowel = false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c === 39) continue;
    if (c < 97 || c > 122) return NOT_WORD;
    vowel ||= c === 97 || c === 101 || c === 105 || c === 111 || c === 117 || c === 121;
  }
  return vowel ? HAS_VOWEL : NO_VOWEL;
}

/**
 * Display form of a word. Depends on the key alone (so "M.G." and "MG" agree, and re-parsing
 * the output gives the output): vowel-less words and known acronyms in capitals, others title-cased.
 */
export function displayWord(t: Token, first: boolean): string {
  const key = t.key;
  const kind = shape(key);
  if (kind === NOT_WORD) return t.raw;
  const form = WORD_FORMS.get(key);
  if (form) return form;
  if (ACRONYMS.has(key) || ROMAN.has(key) || (kind === NO_VOWEL && !NOT_ACRONYMS.has(key) && !key.includes("'"))) {
    return key.toUpperCase();
  }
  if (!first && SMALL_WORDS.has(key)) return key;
  return key.charAt(0).toUpperCase() + key.slice(1);
}

const PLAIN_DIGITS = /^[\d/-]+$/;

/** Display form of a number-bearing token: ASCII letters upper-cased, ordinal suffixes lower. */
export function displayNumber(t: Token): string {
  if (PLAIN_DIGITS.test(t.raw)) return t.raw;
  return t.raw.replace(/[a-z]+/g, (s) => s.toUpperCase()).replace(ORDINAL_SUFFIX, (s) => s.toLowerCase());
}

const REPEATED = /^(.)\1+$/;
const KEYBOARD_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm", "poiuytrewq", "lkjhgfdsa", "mnbvcxz"];
// prettier-ignore
const JUNK_WORDS: ReadonlySet<string> = new Set([
  "test", "testing", "tester", "asdf", "qwerty", "dummy", "sample", "xyz", "abc", "abcd", "abcde", "na", "nil",
  "null", "none", "undefined", "nan", "foo", "bar", "baz", "lorem", "ipsum", "dolor", "hello", "hii", "demo", "fake",
  "blah", "random", "nothing", "tbd", "unknown",
]);

/** Keyboard mash, placeholders and filler. */
export function isJunkWord(key: string): boolean {
  if (JUNK_WORDS.has(key)) return true;
  const kind = shape(key);
  if (kind === NOT_WORD || key.length < 3) return false;
  if (REPEATED.test(key)) return true;
  if (key.length >= 4 && KEYBOARD_ROWS.some((row) => row.includes(key))) return true;
  if (key.length >= 5 && kind === NO_VOWEL) return true;
  return key.length >= 6 && atMostTwoLetters(key);
}

/** Whether an ASCII word uses two different characters or fewer ("ababab"). */
function atMostTwoLetters(key: string): boolean {
  const a = key.charCodeAt(0);
  let b = -1;
  for (let i = 1; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c === a || c === b) continue;
    if (b !== -1) return false;
    b = c;
  }
  return true;
}
