/**
 * Misspelt place names: a written name within a small edit distance of a known city, scaled to
 * its length (none under 5 letters, 1 up to 6, 2 from 7), same first letter, and never a city of
 * another state than the one written. Used only for names nothing else recognised.
 */
import { getGazetteer, type CityDef } from "./gazetteer";
import { directoryDistricts } from "./pincodes";

let byFirst: Map<string, Array<{ key: string; city: CityDef }>> | null = null;

/** The near-spelling candidates by first letter, built on first use (or by preloading). */
export function nearSpellingIndex(): Map<string, Array<{ key: string; city: CityDef }>> {
  if (byFirst) return byFirst;
  byFirst = new Map();
  for (const [key, def] of getGazetteer().places) {
    if (!def.city || key.length < 4) continue;
    const list = byFirst.get(key[0] as string) ?? [];
    list.push({ key, city: def.city });
    byFirst.set(key[0] as string, list);
  }
  return byFirst;
}

/** Edits allowed for a name of this many letters. */
export function allowedEdits(length: number): number {
  return length < 5 ? 0 : length < 7 ? 1 : 2;
}

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/** Levenshtein distance, or `limit + 1` as soon as it must exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (b.length + 1 > rowA.length) {
    rowA = new Int32Array(b.length + 1);
    rowB = new Int32Array(b.length + 1);
  }
  let prev = rowA;
  let row = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    [prev, row] = [row, prev];
  }
  return prev[b.length] as number;
}

/** States a city lies in, from its districts. */
function statesOf(city: CityDef): Set<string> {
  const districts = directoryDistricts();
  return new Set(city.districts.map((d) => districts.get(d)).filter((s): s is string => !!s));
}

/**
 * The one city a misspelt name stands for, or null (unknown, too short, or two cities equally
 * close). `fits` narrows the candidates (the written state, the pincode).
 */
export function fuzzyCity(name: string, state: string | null, fits: (city: CityDef) => boolean): CityDef | null {
  const limit = allowedEdits(name.replace(/ /g, "").length);
  if (limit === 0 || name.length > 40) return null;
  let best: CityDef | null = null;
  let bestDistance = limit + 1;
  let tie = false;
  for (const { key, city } of nearSpellingIndex().get(name[0] as string) ?? []) {
    const d = editDistance(name, key, limit);
    if (d > limit || d > bestDistance || (state && !statesOf(city).has(state)) || !fits(city)) continue;
    if (d === bestDistance && best && best !== city) tie = true;
    else if (d < bestDistance) {
      best = city;
      bestDistance = d;
      tie = false;
    }
  }
  return tie ? null : best;
}
