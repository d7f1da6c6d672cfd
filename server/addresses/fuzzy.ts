/**
 * Misspelt place names: a written name within a small edit distance of a known city, scaled to
 * its length (none under 5 letters, 1 up to 6, 2 from 7), same first letter, and never a city of
 * another state than the one written. Used only for names nothing else recognised.
 */
import { getGazetteer, type CityDef } from "./gazetteer";
import { directoryDistricts, directoryTowns, officeNames } from "./pincodes";

type Candidates = Array<{ key: string; city: CityDef }>;
let byFirst: Map<string, Candidates[]> | null = null;

/** Files a value under its key's first letter, then its length: a name meets only keys within its edits in length. */
function addByFirstAndLength<T>(index: Map<string, T[][]>, key: string, value: T): void {
  const byLength = index.get(key[0] as string) ?? [];
  (byLength[key.length] ??= []).push(value);
  index.set(key[0] as string, byLength);
}

/**
 * The near-spelling candidates by first letter, then by length (a name only meets keys within its
 * allowed edits in length), built on first use (or by preloading).
 */
export function nearSpellingIndex(): Map<string, Candidates[]> {
  if (byFirst) return byFirst;
  byFirst = new Map();
  for (const [key, def] of getGazetteer().places) {
    if (!def.city || key.length < 4) continue;
    addByFirstAndLength(byFirst, key, { key, city: def.city });
  }
  return byFirst;
}

/** Edits allowed for a name of this many letters. */
export function allowedEdits(length: number): number {
  return length < 5 ? 0 : length < 7 ? 1 : 2;
}

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/**
 * Levenshtein distance, or `limit + 1` as soon as it must exceed `limit`. Only the cells within
 * `limit` of the diagonal are computed: a path through any other cell costs more than `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (b.length + 2 > rowA.length) {
    rowA = new Int32Array(b.length + 2);
    rowB = new Int32Array(b.length + 2);
  }
  const over = limit + 1;
  let prev = rowA;
  let row = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = Math.min(j, over);
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    // The cell left of the band, and the one right of it, which the next row reads.
    let best = (row[from - 1] = from === 1 ? Math.min(i, over) : over);
    if (to < b.length) row[to + 1] = over;
    const c = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const cost = c === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost, over);
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > limit) return over;
    const swap = prev;
    prev = row;
    row = swap;
  }
  return prev[b.length] as number;
}

const cityStates = new WeakMap<CityDef, ReadonlySet<string>>();

/** States a city lies in, from its districts; computed once per city. */
function statesOf(city: CityDef): ReadonlySet<string> {
  let states = cityStates.get(city);
  if (!states) {
    const districts = directoryDistricts();
    states = new Set(city.districts.map((d) => districts.get(d)).filter((s): s is string => !!s));
    cityStates.set(city, states);
  }
  return states;
}

/** The name's characters counted by their low six bits, and a copy spent against each key. */
const nameChars = new Int32Array(64);
const spent = new Int32Array(64);

/** Counts the name's characters into `nameChars`, for `charsApart` to spend against each key. */
function countChars(name: string): void {
  nameChars.fill(0);
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i) & 63;
    nameChars[c] = (nameChars[c] as number) + 1;
  }
}

/**
 * At least this many edits separate a key from the name counted in `nameChars`: the characters one
 * has and the other lacks. Counting by the low six bits merges characters, which can only lower it.
 */
function charsApart(key: string, nameLength: number): number {
  spent.set(nameChars);
  let shared = 0;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i) & 63;
    if ((spent[c] as number) > 0) {
      spent[c] = (spent[c] as number) - 1;
      shared++;
    }
  }
  return Math.max(nameLength - shared, key.length - shared);
}

/** A name's letters as a set of bits (a–z, anything else one more bit): an edit changes at most two of them. */
function letterBits(key: string): number {
  let bits = 0;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i) - 97;
    bits |= c >= 0 && c < 26 ? 1 << c : 1 << 26;
  }
  return bits;
}

function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Each filed list's letter bits, made on its first search: the lists are built once and never change. */
const listBits = new WeakMap<readonly unknown[], Int32Array>();

/**
 * The nearest of the values filed under the name's first letter within `limit` edits (`distance`), and whether
 * another value as near is not the same place (`same`); `accept` narrows the values. The outcome does not depend on
 * the order values are tried in.
 */
function nearest<T>(
  name: string,
  limit: number,
  byLength: ReadonlyArray<readonly T[] | undefined>,
  keyOf: (value: T) => string,
  distance: (a: string, b: string, limit: number) => number,
  accept: (value: T) => boolean,
  same: (a: T, b: T) => boolean,
): { best: T | null; distance: number; tie: boolean } {
  countChars(name);
  const nameBits = letterBits(name);
  let best: T | null = null;
  let bestDistance = limit + 1;
  let tie = false;
  for (let length = Math.max(0, name.length - limit); length <= name.length + limit && length < byLength.length; length++) {
    const list = byLength[length];
    if (!list) continue;
    let bits = listBits.get(list);
    if (!bits) listBits.set(list, (bits = Int32Array.from(list, (v) => letterBits(keyOf(v)))));
    for (let i = 0; i < list.length; i++) {
      // Most keys of a near length have other letters: comparing their sets, then counting them, is cheaper than the
      // edit distance.
      if (bitCount(nameBits ^ (bits[i] as number)) > 2 * limit) continue;
      const value = list[i] as T;
      const key = keyOf(value);
      if (charsApart(key, name.length) > limit) continue;
      const d = distance(name, key, limit);
      if (d > limit || d > bestDistance || !accept(value)) continue;
      if (d === bestDistance && best !== null && !same(best, value)) tie = true;
      else if (d < bestDistance) {
        best = value;
        bestDistance = d;
        tie = false;
      }
    }
  }
  return { best, distance: bestDistance, tie };
}

/**
 * The one city a misspelt name stands for, or null (unknown, too short, or two cities equally
 * close). `fits` narrows the candidates (the written state, the pincode).
 */
export function fuzzyCity(name: string, state: string | null, fits: (city: CityDef) => boolean): CityDef | null {
  const limit = allowedEdits(name.replace(/ /g, "").length);
  if (limit === 0 || name.length > 40) return null;
  const { best, tie } = nearest(
    name,
    limit,
    nearSpellingIndex().get(name[0] as string) ?? [],
    (c) => c.key,
    editDistance,
    ({ city }) => (!state || statesOf(city).has(state)) && fits(city),
    (a, b) => a.city === b.city,
  );
  return tie || !best ? null : best.city;
}

/**
 * Edit distance counting two neighbouring letters swapped as one edit ("Baptala" for Bapatla), or `limit + 1` once
 * it must exceed `limit`. For the directory towns' near spellings, where a swap is as common a slip as a lost letter.
 */
export function swapDistance(a: string, b: string, limit: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  const rows: Int32Array[] = [new Int32Array(width), new Int32Array(width), new Int32Array(width)];
  for (let j = 0; j <= b.length; j++) (rows[1] as Int32Array)[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const before = rows[0] as Int32Array;
    const prev = rows[1] as Int32Array;
    const row = rows[2] as Int32Array;
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, (before[j - 2] as number) + 1);
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    rows[0] = prev;
    rows[1] = row;
    rows[2] = before;
  }
  return Math.min((rows[1] as Int32Array)[b.length] as number, limit + 1);
}

let placeKeys: Map<string, string[][]> | null = null;

/**
 * Directory towns' and post offices' names (`placeNameKey`) of six letters or more, by first letter, then by
 * length; built once. The offices are there to be as near as a town: then the name is neither.
 */
export function nearTownIndex(): Map<string, string[][]> {
  if (placeKeys) return placeKeys;
  placeKeys = new Map();
  for (const key of directoryPlaceKeys()) if (key.length >= 6) addByFirstAndLength(placeKeys, key, key);
  return placeKeys;
}

let townKeys: Map<string, string[][]> | null = null;

/** Directory towns' and sub-districts' names (`placeNameKey`), every length, by first letter, then by length; built once. */
export function townsByFirstAndLength(): Map<string, string[][]> {
  if (townKeys) return townKeys;
  townKeys = new Map();
  for (const key of directoryTowns().keys()) addByFirstAndLength(townKeys, key, key);
  return townKeys;
}

const letterCounts = new Int16Array(26);

/**
 * How many letters two keys (lower-case letters) hold apart, counted as a bag: n edits (a letter changed counts two)
 * leave at most 2n, so a larger gap needs no `swapDistance`.
 */
function letterGap(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) (letterCounts[a.charCodeAt(i) - 97] as number)++;
  for (let i = 0; i < b.length; i++) (letterCounts[b.charCodeAt(i) - 97] as number)--;
  let gap = 0;
  for (let c = 0; c < 26; c++) {
    gap += Math.abs(letterCounts[c] as number);
    letterCounts[c] = 0;
  }
  return gap;
}

/**
 * The directory towns (same first letter) within `limit` edits (two at most) of a name (`placeNameKey`); with
 * `nearTownIndex` for `index`, the post offices of six letters or more too.
 */
export function* townsWithin(key: string, limit: number, index: Map<string, string[][]> = townsByFirstAndLength()): Generator<string> {
  const byLength = index.get(key[0] as string) ?? [];
  const keyBits = letterBits(key);
  for (let n = Math.max(0, key.length - limit); n <= key.length + limit; n++) {
    const list = byLength[n];
    if (!list) continue;
    // Which letters a key holds, compared first: cheaper than counting them (the office index holds thousands a length).
    let bits = listBits.get(list);
    if (!bits) listBits.set(list, (bits = Int32Array.from(list, letterBits)));
    for (let i = 0; i < list.length; i++) {
      const k = list[i] as string;
      if (bitCount(keyBits ^ (bits[i] as number)) <= 2 * limit && letterGap(key, k) <= 2 * limit && swapDistance(key, k, limit) <= limit) yield k;
    }
  }
}

/** Whether a directory town (same first letter) that `accept` takes is within `limit` edits (two at most) of a name (`placeNameKey`). */
export function townWithin(key: string, limit: number, accept: (town: string) => boolean = () => true): boolean {
  for (const k of townsWithin(key, limit)) if (accept(k)) return true;
  return false;
}

/** Every directory town's and post office's name (`placeNameKey`) once: the towns, then the offices that are no town. */
function* directoryPlaceKeys(): Generator<string> {
  const towns = directoryTowns();
  yield* towns.keys();
  for (const [key] of officeNames()) if (!towns.has(key)) yield key;
}

/**
 * The one directory place a misspelt name (a `placeNameKey`) stands for (null where two are as near that `same` does
 * not take for one place), and how far the nearest is; null when none is near: one letter off (or two swapped) from
 * seven letters, two from twelve, same first letter.
 */
export function nearDirectoryTown(key: string, same: (a: string, b: string) => boolean = () => false): { key: string | null; distance: number } | null {
  const limit = key.length >= 12 ? 2 : key.length >= 7 ? 1 : 0;
  if (limit === 0 || key.length > 40) return null;
  const near = nearest(
    key,
    limit,
    nearTownIndex().get(key[0] as string) ?? [],
    (place) => place,
    swapDistance,
    () => true,
    same,
  );
  return near.best ? { key: near.tie ? null : near.best, distance: near.distance } : null;
}

const code = (letter: string): number => letter.charCodeAt(0);
/** Letters read as another that sounds the same in a name from Hindi (the borrowed z, w, q; vowels as one), by char code. */
const SOUND_AS = new Uint8Array(128);
for (let c = code("a"); c <= code("z"); c++) SOUND_AS[c] = c;
for (const pair of ["zj", "wv", "qk", "ea", "ia", "oa", "ua"]) SOUND_AS[pair.charCodeAt(0)] = pair.charCodeAt(1);
/** Consonants whose aspirated form (an h after them) is the same sound for matching. */
const ASPIRATED = new Set([..."kgjtdbs"].map(code));
const [A, B, C, F, H, K, M, N, P, S, X, Y] = [code("a"), code("b"), code("c"), code("f"), code("h"), code("k"), code("m"), code("n"), code("p"), code("s"), code("x"), code("y")] as const;
const sound = new Uint8Array(128);

/**
 * How a name sounds rather than how it is spelt, for names transliterated from Devanagari letter by letter: aspirates
 * and the borrowed z/f as their plain letters, every run of vowels (and a y after the first letter) one vowel, doubled
 * letters single, an m before p or b an n, and a last h after a vowel dropped. "Merath", "Meerut" → "marat";
 * "Phirojabad", "Firozabad" → "farajabad"; "Pori", "Pauri" → "para". Empty for a key shorter than four sounds: too many
 * places share it. One pass over the letters: it keys every directory name at start-up.
 */
export function soundKey(name: string): string {
  return writtenSound(soundLetters(name));
}

/** The sound `soundLetters` wrote, as a string; empty under four letters. */
function writtenSound(n: number): string {
  return n < 4 ? "" : String.fromCharCode.apply(null, sound.subarray(0, n) as unknown as number[]);
}

/** Writes a name's sound (`soundKey`) into `sound`; its length. */
function soundLetters(name: string): number {
  const s = name.toLowerCase();
  let n = 0;
  for (let i = 0; i < s.length && n < sound.length - 1; i++) {
    let c = s.charCodeAt(i);
    if (c < 97 || c > 122) continue;
    const next = s.charCodeAt(i + 1);
    if (c === C && next === H) i += s.charCodeAt(i + 2) === H ? 2 : 1;
    else if (c === P && next === H) {
      c = F;
      i++;
    } else if (next === H && ASPIRATED.has(c)) i++;
    else if (c === Y && n > 0) c = A;
    if (c === X) {
      if (n === 0 || sound[n - 1] !== K) sound[n++] = K;
      c = S;
    }
    c = SOUND_AS[c] as number;
    if (n > 0 && sound[n - 1] === c) continue;
    if ((c === P || c === B) && n > 0 && sound[n - 1] === M) sound[n - 1] = N;
    sound[n++] = c;
  }
  if (n > 1 && sound[n - 1] === H && sound[n - 2] === A) n--;
  return n;
}

/**
 * A name's sound hashed to a number (FNV-1a), 0 where `soundKey` is empty: the index is keyed by it so that start-up
 * makes no string a name; names that share a hash are told apart by their `soundKey` when asked.
 */
function soundHash(name: string): number {
  return hashedSound(soundLetters(name));
}

/** The sound `soundLetters` wrote, hashed. */
function hashedSound(n: number): number {
  return n < 4 ? 0 : fnv1a(sound, n);
}

/** The first `n` codes of a buffer hashed (FNV-1a), never 0. */
export function fnv1a(codes: ArrayLike<number>, n: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < n; i++) h = Math.imul(h ^ (codes[i] as number), 0x01000193);
  return h >>> 0 || 1;
}

/**
 * Names by a hash of their spelling or sound: the hashes sorted, and the names in the same order. A map of the hashes
 * (or of the keys made of the names) to lists would weigh several times as much for the directory's 140,000 names.
 */
export interface HashedNames {
  hashes: Uint32Array;
  keys: string[];
}

/** The names by `hash` (0: not filed), each hash's names in the order given. */
export function hashNames(names: Iterable<string>, hash: (name: string) => number): HashedNames {
  const all: string[] = [];
  const found: number[] = [];
  for (const name of names) {
    const h = hash(name);
    if (h === 0) continue;
    all.push(name);
    found.push(h);
  }
  // Each name's hash and place in `all` packed in one number, so that a typed array's own sort orders them.
  const packed = new Float64Array(all.length);
  for (let i = 0; i < all.length; i++) packed[i] = (found[i] as number) * 2 ** 20 + i;
  packed.sort();
  const hashes = new Uint32Array(all.length);
  const keys = new Array<string>(all.length);
  for (let i = 0; i < packed.length; i++) {
    const v = packed[i] as number;
    hashes[i] = Math.floor(v / 2 ** 20);
    keys[i] = all[v % 2 ** 20] as string;
  }
  return { hashes, keys };
}

/** The names filed under a hash (names that share a hash are told apart by the caller). */
export function namesHashed({ hashes, keys }: HashedNames, hash: number): string[] {
  let lo = 0;
  let hi = hashes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((hashes[mid] as number) < hash) lo = mid + 1;
    else hi = mid;
  }
  const found: string[] = [];
  for (let i = lo; i < hashes.length && hashes[i] === hash; i++) found.push(keys[i] as string);
  return found;
}

/** Filed under a hash: one value, or several. */
type Filed<T> = Map<number, T | T[]>;

function file<T>(index: Filed<T>, hash: number, value: T): void {
  if (hash === 0) return;
  const had = index.get(hash);
  if (had === undefined) index.set(hash, value);
  else if (Array.isArray(had)) had.push(value);
  else index.set(hash, [had, value]);
}

function filed<T>(index: Filed<T>, hash: number): readonly T[] {
  const found = index.get(hash);
  return found === undefined ? [] : Array.isArray(found) ? found : [found];
}

let citiesBySound: Filed<{ key: string; city: CityDef }> | null = null;
/** Directory towns' and post offices' keys by their sound's hash. */
let placesBySound: HashedNames | null = null;

/** Cities of the gazetteer, and directory towns and post offices, by their sound's hash; built once. */
export function soundPlaces(): { cities: Filed<{ key: string; city: CityDef }>; places: HashedNames } {
  if (!citiesBySound || !placesBySound) {
    const cities: Filed<{ key: string; city: CityDef }> = new Map();
    for (const [key, def] of getGazetteer().places) if (def.city && key.length >= 4) file(cities, soundHash(key), { key, city: def.city });
    citiesBySound = cities;
    // Post offices too: a town that sounds like an office elsewhere is no one place.
    placesBySound = hashNames(directoryPlaceKeys(), soundHash);
  }
  return { cities: citiesBySound, places: placesBySound };
}

/**
 * The one city a transliterated name sounds like (in the written state, else one of `within`: where its script is
 * written; `fits` narrows, as for `fuzzyCity`), else the one directory town or post office that `fitsTown` takes (its
 * key); null where none or several do.
 */
export function placeBySound(
  name: string,
  state: string | null,
  within: readonly string[] | null,
  fits: (city: CityDef) => boolean,
  fitsTown: (key: string) => boolean,
): { city: CityDef } | { town: string } | null {
  const found = soundMatch(name, state, within, fits, fitsTown);
  // Latin spellings of a regional script's names often drop a last vowel the script writes (ರಾಯಚೂರು Raichur).
  if (found === undefined && within && /[^aeiou][aeiou]$/i.test(name)) return soundMatch(name.slice(0, -1), state, within, fits, fitsTown) ?? null;
  return found ?? null;
}

/** `placeBySound` of one spelling: undefined where nothing sounds so, null where several places do. */
function soundMatch(
  name: string,
  state: string | null,
  within: readonly string[] | null,
  fits: (city: CityDef) => boolean,
  fitsTown: (key: string) => boolean,
): { city: CityDef } | { town: string } | null | undefined {
  const n = name.length > 40 ? 0 : soundLetters(name);
  const key = writtenSound(n);
  if (!key) return undefined;
  const hash = hashedSound(n);
  const { cities, places } = soundPlaces();
  const near = new Set(
    filed(cities, hash).flatMap((c) =>
      soundKey(c.key) === key && (state ? statesOf(c.city).has(state) : !within || within.some((s) => statesOf(c.city).has(s))) && fits(c.city) ? [c.city] : [],
    ),
  );
  if (near.size > 0) return near.size === 1 ? { city: [...near][0] as CityDef } : null;
  const towns = namesHashed(places, hash).filter((k) => soundKey(k) === key && fitsTown(k));
  return towns.length === 0 ? undefined : towns.length === 1 ? { town: towns[0] as string } : null;
}

/**
 * A name's letters as buyers spell them either way (issue 30): "w" as "v", "ee" as "i", "oo" as "u", a doubled letter
 * single, and every "a" and "h" after the first letter dropped (a short vowel or an aspirate written or not:
 * "Chamrahalli", "Chamarahalli" → "cmrli"; "Vasantavada", "Vasanthavada" → "vsntvd"). For a `placeNameKey`.
 */
export function spellingKey(key: string): string {
  return String.fromCharCode.apply(null, spelt.subarray(0, spellingLetters(key)) as unknown as number[]);
}
const [E, I, O, U, V, W] = [code("e"), code("i"), code("o"), code("u"), code("v"), code("w")] as const;
const spelt = new Uint8Array(64);

/** Writes a key's `spellingKey` into `spelt`; its length (0 for a key too long to be a name). */
function spellingLetters(key: string): number {
  if (key.length > spelt.length) return 0;
  let n = 0;
  for (let i = 0; i < key.length; i++) {
    let c = key.charCodeAt(i);
    const next = key.charCodeAt(i + 1);
    if (c === W) c = V;
    else if ((c === E || c === O) && next === c) {
      c = c === E ? I : U;
      i++;
    }
    if (((c === A || c === H) && i > 0) || (n > 0 && spelt[n - 1] === c)) continue;
    spelt[n++] = c;
  }
  return n;
}

/** The `spellingKey` `spellingLetters` wrote, hashed so that start-up makes no string of it. */
function spellingHash(n: number): number {
  return fnv1a(spelt, n);
}

/** Directory places' names by their `spellingKey`'s hash. */
let spellings: HashedNames | null = null;

/** Directory towns' and post offices' names (`placeNameKey`) of seven letters or more by their `spellingKey`'s hash; built once. */
export function spellingIndex(): HashedNames {
  spellings ??= hashNames(directoryPlaceKeys(), (key) => (key.length >= 7 ? spellingHash(spellingLetters(key)) : 0));
  return spellings;
}

/**
 * The directory towns and post offices (`placeNameKey`, seven letters or more) spelt as a name is (`spellingKey`); none
 * where that leaves under five letters, too few to tell places apart.
 */
export function spelledAs(key: string): string[] {
  const spelling = spellingKey(key);
  if (spelling.length < 5) return [];
  // `spellingKey` has just written the key's letters for the hash.
  const hash = spellingHash(spelling.length);
  return namesHashed(spellingIndex(), hash).filter((k) => spellingKey(k) === spelling);
}
