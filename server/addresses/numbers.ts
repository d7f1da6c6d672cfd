/**
 * Digit runs: tells phone numbers from the pincode from house numbers before any word parsing.
 *
 * A "cluster" is a run of digit groups joined by single spaces or hyphens (`080-2345 6789`,
 * `560 038`, `12-3-456`). Groups are read left to right: a phone shape is tried first (so a
 * pincode is never carved out of a phone), then a pincode shape, else the digits stay as text.
 */
import { FEET } from "./lexicon";
import { pincodeRecord } from "./pincodes";

export interface NumberScan {
  /** The text with phone numbers, the pincode and their labels replaced by segment breaks. */
  text: string;
  pincode: string | null;
}

interface Group {
  digits: string;
  start: number;
  end: number;
  /** The separator before this group inside the cluster ("" for the first). */
  sep: string;
}

interface Candidate {
  code: string;
  start: number;
  end: number;
  score: number;
}

const CLUSTER = /\+?\d+(?:[ -]\d+)*/g;
const GROUP = /\d+/g;
const PHONE_LABEL =
  /(?<![\p{L}\p{N}])(?:mob(?:ile)?|ph(?:one)?|tel(?:e(?:phone)?)?|cell(?:phone)?|contact|whats\s?app|call|landline|m(?=\s*[:=]))(?:\s*(?:no|num|number)\b)?[\s.:=#/-]*(?=\+?\d)/giu;
const PIN_LABEL = /(?<![\p{L}\p{N}])(?:pin\s*code|pincode|pin|postal\s*code|post\s*code|postcode|zip\s*code|zip)(?:\s*(?:no|number)\b)?[\s.:;=#-]*(?=\d)/giu;
const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;
const ALNUM = /[\p{L}\p{N}]/u;
/** Words the tokenizer splits off a number they are glued to (lexicon.ts SPLIT_PREFIX): "No12", "NH48". */
const SPLIT_WORD = /(?:^|[^\p{L}])(?:sec|blk|pkt|no|nh|sh|rd|st)$/iu;

/** Whether `k` (≥ 2) groups from `i` spell a phone number; `glued`: the run touches letters or a slash. */
function isPhone(groups: Group[], i: number, k: number, glued: boolean): boolean {
  let digits = "";
  for (let j = i; j < i + k; j++) digits += (groups[j] as Group).digits;
  const first = digits.charCodeAt(0);
  for (let j = i; j < i + k; j++) {
    const d = (groups[j] as Group).digits;
    if (d.length === 6 && d[0] !== "0" && d[0] !== "9") return false; // that group reads as a pincode
  }
  if (digits.length === 10) return true; // mobile split 5+5 / 3+3+4, or landline without the 0
  if (digits.length === 11) return first === 48; // 0 + STD code + number, or 0 + mobile
  if (digits.length === 12) return (groups[i] as Group).digits === "91" && digits.charCodeAt(2) >= 54;
  if (digits.length === 8) return !glued && k === 2 && (groups[i] as Group).digits.length === 4; // 2345 6789
  return false;
}

/** Leading groups that make up a phone number after a `+` or a "Mob:" label (0 if under 7 digits). */
function labelledPhoneLength(groups: Group[], threshold: number): number {
  let total = 0;
  let k = 0;
  while (k < groups.length && total < threshold) total += (groups[k++] as Group).digits.length;
  return total >= 7 ? k : 0;
}

interface Found {
  cuts: Array<[number, number]>;
  candidates: Candidate[];
  /** A 6-digit run was passed over because it is glued to other characters. */
  glued: boolean;
}

const NO_LABELS: ReadonlyMap<number, number> = new Map();

/** Where each label ends, with where it starts; most text has none and shares one empty map. */
function labels(re: RegExp, s: string): ReadonlyMap<number, number> {
  re.lastIndex = 0;
  let m = re.exec(s);
  if (m === null) return NO_LABELS;
  const out = new Map<number, number>();
  for (; m !== null; m = re.exec(s)) out.set(m.index + m[0].length, m.index);
  return out;
}

/**
 * Whether group `j` of a cluster's `n` is glued to letters (`left` before the first, `right` after the last). A
 * function of the module, not a closure made per cluster: closures are the costly part of a hot loop here.
 */
function isGlued(j: number, n: number, left: boolean, right: boolean): boolean {
  return (j === 0 && left) || (j === n - 1 && right);
}

function find(s: string): Found {
  const phoneLabels = labels(PHONE_LABEL, s);
  const pinLabels = labels(PIN_LABEL, s);
  const found: Found = { cuts: [], candidates: [], glued: false };
  const { cuts, candidates } = found;

  CLUSTER.lastIndex = 0;
  for (let m = CLUSTER.exec(s); m !== null; m = CLUSTER.exec(s)) {
    const text = m[0];
    const start = m.index;
    const end = start + text.length;
    const plus = text.charCodeAt(0) === 43;
    const before = s[start - 1] ?? "";
    const after = s[end] ?? "";
    // Digits that the tokenizer will keep inside one ID (12/560038, AB560038, 560038A, 560038/1)
    // are not a pincode; "Bangalore560038" and "Goa-403001" still end in one.
    const gluedLeft =
      !pinLabels.has(start) &&
      ((LETTER.test(before) && letterRun(s, start) <= 3 && !SPLIT_WORD.test(s.slice(Math.max(0, start - 4), start))) || (before === "/" && DIGIT.test(s[start - 2] ?? "")));
    const gluedRight = LETTER.test(after) || ((after === "/" || after === "-") && ALNUM.test(s[end + 1] ?? ""));
    const groups: Group[] = [];
    let prevEnd = start + (plus ? 1 : 0);
    GROUP.lastIndex = 0;
    for (let g = GROUP.exec(text); g !== null; g = GROUP.exec(text)) {
      const gs = start + g.index;
      groups.push({ digits: g[0], start: gs, end: gs + g[0].length, sep: s.slice(prevEnd, gs) });
      prevEnd = gs + g[0].length;
    }
    const n = groups.length;
    const labelStart = phoneLabels.get(start);
    let i = 0;
    if (plus) {
      // Nothing in an address starts with "+": it is a phone, however short.
      i = labelledPhoneLength(groups, 12) || n;
      cuts.push([labelStart ?? start, (groups[i - 1] as Group).end]);
    } else if (labelStart !== undefined) {
      i = labelledPhoneLength(groups, 10);
      if (i > 0) cuts.push([labelStart, (groups[i - 1] as Group).end]);
    }
    while (i < n) {
      const g = groups[i] as Group;
      let phone = 0;
      for (let k = Math.min(5, n - i); k >= 2 && phone === 0; k--) {
        // Letters or a slash around a phone number do not make it part of an ID ("Mob9845012345").
        if (isPhone(groups, i, k, isGlued(i, n, gluedLeft, gluedRight) || isGlued(i + k - 1, n, gluedLeft, gluedRight))) phone = k;
      }
      if (phone > 0) {
        cuts.push([g.start, (groups[i + phone - 1] as Group).end]);
        i += phone;
        continue;
      }
      if (g.digits.length >= 7) {
        // Too long for anything but a phone or an ID; a pincode inside it is not a pincode.
        cuts.push([g.start, g.end]);
        i++;
        continue;
      }
      const labelled = i === 0 && pinLabels.has(start);
      const from = labelled ? (pinLabels.get(start) as number) : g.start;
      if (g.digits.length === 6) {
        if (isGlued(i, n, gluedLeft, gluedRight)) found.glued = true;
        else candidates.push({ code: g.digits, start: from, end: g.end, score: score(g.digits, labelled, i === 0 && LETTER.test(before)) });
        i++;
        continue;
      }
      const next = groups[i + 1];
      // "560 038", but not the tail of a hyphenated house number followed by a number ("12-3-456 100 Feet
      // Road"), nor a number before a road's width ("Flat 101 100 Feet Road").
      if (next && next.sep === " " && g.sep !== "-" && g.digits.length === 3 && next.digits.length === 3 && !FEET.has(wordAfter(s, next.end))) {
        if (isGlued(i, n, gluedLeft, gluedRight) || isGlued(i + 1, n, gluedLeft, gluedRight)) found.glued = true;
        else {
          const code = g.digits + next.digits;
          candidates.push({ code, start: from, end: next.end, score: score(code, labelled, false) });
          i += 2;
          continue;
        }
      }
      i++;
    }
  }
  return found;
}

/** The word right after position `at` (spaces skipped), lower-cased; "" when a word does not follow. */
function wordAfter(s: string, at: number): string {
  return /^\s*([A-Za-z]+)/.exec(s.slice(at, at + 12))?.[1]?.toLowerCase() ?? "";
}

function cut(s: string, cuts: Array<[number, number]>): string {
  if (cuts.length === 0) return s;
  cuts.sort((a, b) => a[0] - b[0]);
  let out = "";
  let pos = 0;
  for (const [a, b] of cuts) {
    if (a < pos) continue;
    out += s.slice(pos, a) + ",";
    pos = b;
  }
  return out + s.slice(pos);
}

/**
 * Finds phones and the pincode. Everything that is neither stays in the text, so
 * `12-3-456` and `Sector 62` reach the word parser untouched.
 */
export function scanNumbers(input: string): NumberScan {
  let s = input;
  let found = find(s);
  // A phone glued to a pincode ("560038/98450 12345") hid it; look again without the phones.
  if (found.glued && found.cuts.length > 0) {
    s = cut(s, found.cuts);
    found = find(s);
  }
  let chosen: Candidate | null = null;
  for (const c of found.candidates) if (!chosen || c.score >= chosen.score) chosen = c;
  if (chosen) for (const c of found.candidates) if (c.code === chosen.code) found.cuts.push([c.start, c.end]);
  return { text: cut(s, found.cuts), pincode: chosen?.code ?? null };
}

/** Length of the run of letters just before `start`, counted up to 4. */
function letterRun(s: string, start: number): number {
  let letters = 0;
  for (let j = start - 1; j >= 0 && letters < 4 && LETTER.test(s[j] as string); j--) letters++;
  return letters;
}

function score(code: string, labelled: boolean, glued: boolean): number {
  return (labelled ? 8 : 0) + (pincodeRecord(code) ? 4 : 0) + (code[0] !== "0" ? 2 : 0) + (glued ? 0 : 1);
}
