/**
 * India Post's DIGIPIN: a 4×4 grid recursively subdivided ten times over
 * lat 2.5–38.5, lng 63.5–99.5. Canonical codes are 10 symbols without separators;
 * DIGIPIN8 is the 8-symbol prefix.
 *
 * Why integer cell indices instead of the reference's level-by-level narrowing:
 * every bound the reference narrows to is 2.5 + k·36/4^10 (or 63.5 + …), a number
 * with at most 24 significant bits, so its narrowing arithmetic never rounds, and
 * its per-level floor() flips exactly at those bounds. The reference encoder is
 * therefore exactly floor((coord − min) / (36/4^10)) per axis, and a code's cell
 * is exactly [min + k·36/4^10, min + (k+1)·36/4^10). docs/digipin.md records how
 * this was verified against the reference.
 */
import { DakiyaError, type ErrorDetail } from "../errors";

export const DIGIPIN_BOUNDS = { minLat: 2.5, maxLat: 38.5, minLng: 63.5, maxLng: 99.5 } as const;

export interface DecodedDigipin {
  digipin: string;
  center: { lat: number; lng: number };
  bbox: { min_lat: number; max_lat: number; min_lng: number; max_lng: number };
}

const { minLat: MIN_LAT, maxLat: MAX_LAT, minLng: MIN_LNG, maxLng: MAX_LNG } = DIGIPIN_BOUNDS;

/** Cells per axis at level 10 (4^10), and their size: 36/2^20 = 9·2^-18, exactly representable. */
const CELLS10 = 1 << 20;
const STEP10 = 36 / CELLS10;
const INV_STEP10 = CELLS10 / 36;
const STEP8 = 36 / (1 << 16);

/** Grid rows north to south, as India Post draws it. */
const GRID = "FC98J327K456LMPT";

/** Char code of the symbol for (latDigit << 2 | lngDigit), where latDigit 0 is the southern row. */
const SYMBOL_CHAR = new Uint16Array(16);
/** Char code (either case) → latDigit << 2 | lngDigit, or -1 for anything that is not a symbol. */
const SYMBOL_VALUE = new Int8Array(128).fill(-1);
for (let row = 0; row < 4; row++) {
  for (let col = 0; col < 4; col++) {
    const value = ((3 - row) << 2) | col;
    const upper = GRID.charCodeAt(row * 4 + col);
    SYMBOL_CHAR[value] = upper;
    SYMBOL_VALUE[upper] = value;
    SYMBOL_VALUE[String.fromCharCode(upper).toLowerCase().charCodeAt(0)] = value;
  }
}

const LOWERCASE_A = 97;
const SPACE = 32;
const HYPHEN = 45;

/**
 * Level-10 cell index of an offset from the axis minimum. The offset is exact
 * (Sterbenz for lng and for lat < 5; above that lat − 2.5 ≥ lat/2 and needs no
 * bit below lat's ulp). The rounded multiply never crosses a cell edge: the
 * exhaustive walk in digipin.test.ts checks every edge and the double below it
 * on both axes, and the product is monotone, so that covers every offset.
 * The outer north/east edge (offset 36) belongs to the last cell.
 */
function cellIndex(offset: number): number {
  const i = Math.floor(offset * INV_STEP10);
  return i < CELLS10 ? i : CELLS10 - 1;
}

/** Symbol at the level whose two index bits start at `shift`. */
function symbol(y: number, x: number, shift: number): number {
  return SYMBOL_CHAR[(((y >>> shift) & 3) << 2) | ((x >>> shift) & 3)]!;
}

function codeString(y: number, x: number, levels: number): string {
  if (levels === 10) {
    return String.fromCharCode(
      symbol(y, x, 18),
      symbol(y, x, 16),
      symbol(y, x, 14),
      symbol(y, x, 12),
      symbol(y, x, 10),
      symbol(y, x, 8),
      symbol(y, x, 6),
      symbol(y, x, 4),
      symbol(y, x, 2),
      symbol(y, x, 0),
    );
  }
  return String.fromCharCode(symbol(y, x, 14), symbol(y, x, 12), symbol(y, x, 10), symbol(y, x, 8), symbol(y, x, 6), symbol(y, x, 4), symbol(y, x, 2), symbol(y, x, 0));
}

function coordinateProblem(name: "lat" | "lng", value: unknown, min: number, max: number): ErrorDetail | null {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return { path: name, message: `${name} must be a finite number, got ${String(value)}` };
  }
  if (value < min || value > max) {
    return { path: name, message: `${name} must be between ${min} and ${max} (DIGIPIN coverage), got ${value}` };
  }
  return null;
}

function invalidCoordinates(lat: unknown, lng: unknown): DakiyaError {
  const details: ErrorDetail[] = [];
  const latProblem = coordinateProblem("lat", lat, MIN_LAT, MAX_LAT);
  const lngProblem = coordinateProblem("lng", lng, MIN_LNG, MAX_LNG);
  if (latProblem) details.push(latProblem);
  if (lngProblem) details.push(lngProblem);
  return new DakiyaError("invalid_request", details.map((d) => d.message).join("; "), { details });
}

/** The 10-symbol DIGIPIN of a point; throws invalid_request outside the bounds. */
export function encodeDigipin(lat: number, lng: number): string {
  // Written so NaN and non-numbers fail the test.
  if (!(typeof lat === "number" && typeof lng === "number" && lat >= MIN_LAT && lat <= MAX_LAT && lng >= MIN_LNG && lng <= MAX_LNG)) {
    throw invalidCoordinates(lat, lng);
  }
  return codeString(cellIndex(lat - MIN_LAT), cellIndex(lng - MIN_LNG), 10);
}

export function encode(lat: number, lng: number): { digipin: string; digipin8: string } {
  const digipin = encodeDigipin(lat, lng);
  return { digipin, digipin8: digipin.slice(0, 8) };
}

/** Why an input is not a DIGIPIN. */
class Invalid {
  constructor(readonly message: string) {}
}

// Cell indices of the last code scan() accepted; module state avoids a per-call object.
let scannedY = 0;
let scannedX = 0;

/** Canonical form of a 10- or 8-symbol DIGIPIN (setting scannedY/X), or why it is not one. */
function scan(code: string): string | Invalid {
  if (typeof code !== "string") return new Invalid("DIGIPIN must be a string");
  const length = code.length;
  // Fast path: already 10 or 8 symbols with no separators.
  if (length === 10 || length === 8) {
    let y = 0;
    let x = 0;
    let lowercase = false;
    let i = 0;
    for (; i < length; i++) {
      const c = code.charCodeAt(i);
      const value = c < 128 ? SYMBOL_VALUE[c]! : -1;
      if (value < 0) break;
      if (c >= LOWERCASE_A) lowercase = true;
      y = (y << 2) | (value >>> 2);
      x = (x << 2) | (value & 3);
    }
    if (i === length) {
      scannedY = y;
      scannedX = x;
      return lowercase ? code.toUpperCase() : code;
    }
  }
  return scanLenient(code);
}

/** Trims, accepts any run of spaces/hyphens between symbols, and explains rejections. */
function scanLenient(code: string): string | Invalid {
  const start = code.length - code.trimStart().length;
  const end = code.trimEnd().length;
  if (start >= end) return new Invalid("DIGIPIN is empty");
  let symbols = 0;
  let y = 0;
  let x = 0;
  for (let i = start; i < end; i++) {
    const c = code.charCodeAt(i);
    if (c === SPACE || c === HYPHEN) continue;
    const value = c < 128 ? SYMBOL_VALUE[c]! : -1;
    if (value < 0) {
      const shown = String.fromCodePoint(code.codePointAt(i)!);
      return new Invalid(`DIGIPIN contains ${JSON.stringify(shown)} at position ${i + 1}; ` + "the only symbols are 2-9, C, F, J, K, L, M, P and T");
    }
    symbols++;
    y = (y << 2) | (value >>> 2);
    x = (x << 2) | (value & 3);
  }
  if (code.charCodeAt(start) === HYPHEN || code.charCodeAt(end - 1) === HYPHEN) {
    return new Invalid("DIGIPIN must not start or end with a hyphen");
  }
  if (symbols !== 10 && symbols !== 8) {
    return new Invalid(`DIGIPIN must have 10 symbols (or 8 for a DIGIPIN8), got ${symbols}`);
  }
  scannedY = y;
  scannedX = x;
  return codeString(y, x, symbols);
}

/** Canonical form (uppercase, no separators, 10 or 8 symbols) or null; never throws. */
export function parseDigipin(code: string): string | null {
  const result = scan(code);
  return typeof result === "string" ? result : null;
}

/**
 * The cell of a 10- or 8-symbol DIGIPIN: its exact edges (south/west inclusive;
 * north/east belong to the next cell except on the outer edges) and its centre.
 */
export function decodeDigipin(code: string): DecodedDigipin {
  const digipin = scan(code);
  if (typeof digipin !== "string") throw new DakiyaError("invalid_digipin", digipin.message);
  const step = digipin.length === 10 ? STEP10 : STEP8;
  const y = scannedY;
  const x = scannedX;
  // All exact: index·step has ≤ 25 significant bits and the sums stay below 2^7.
  return {
    digipin,
    center: { lat: MIN_LAT + (y + 0.5) * step, lng: MIN_LNG + (x + 0.5) * step },
    bbox: {
      min_lat: MIN_LAT + y * step,
      max_lat: MIN_LAT + (y + 1) * step,
      min_lng: MIN_LNG + x * step,
      max_lng: MIN_LNG + (x + 1) * step,
    },
  };
}
