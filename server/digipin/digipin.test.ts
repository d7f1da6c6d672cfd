import fc from "fast-check";
import { describe, expect, it } from "vitest";
import sample from "../../test/data/digipin-sample-vectors.json";
import { DakiyaError } from "../errors";
import { DIGIPIN_BOUNDS, decodeDigipin, encode, encodeDigipin, parseDigipin, type DecodedDigipin } from "./index";

const { minLat: MIN_LAT, maxLat: MAX_LAT, minLng: MIN_LNG, maxLng: MAX_LNG } = DIGIPIN_BOUNDS;
/** The product contract's grid, rows north to south. */
const GRID = ["FC98", "J327", "K456", "LMPT"];
const SYMBOLS = GRID.join("").split("");
const CELL10 = 36 / 4 ** 10;
const CELL8 = 36 / 4 ** 8;

const bits = new Float64Array(1);
const bitsInt = new BigInt64Array(bits.buffer);
/** The double `ulps` steps away from a positive finite x. */
function nextBy(x: number, ulps: number): number {
  bits[0] = x;
  bitsInt[0] = bitsInt[0]! + BigInt(ulps);
  return bits[0];
}
const nextUp = (x: number) => nextBy(x, 1);
const nextDown = (x: number) => nextBy(x, -1);

function thrown(fn: () => unknown): DakiyaError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DakiyaError) return error;
    throw error;
  }
  throw new Error("expected a DakiyaError, but nothing was thrown");
}

/** South/west edges inclusive; north/east edges exclusive except on the outer edges. */
function inCell({ bbox }: DecodedDigipin, lat: number, lng: number): boolean {
  return (
    bbox.min_lat <= lat &&
    (lat < bbox.max_lat || (lat === MAX_LAT && bbox.max_lat === MAX_LAT)) &&
    bbox.min_lng <= lng &&
    (lng < bbox.max_lng || (lng === MAX_LNG && bbox.max_lng === MAX_LNG))
  );
}

/** Grid position of each symbol; lets the tests step between cells without the module. */
const POSITION = new Map(SYMBOLS.map((s, i) => [s, { row: Math.floor(i / 4), col: i % 4 }]));
function symbolAt(row: number, col: number): string {
  return GRID[row]![col]!;
}
/** The adjacent code one cell north (row − 1, carrying into coarser levels), or null on the outer edge. */
function northOf(code: string): string | null {
  const out = code.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    const { row, col } = POSITION.get(out[i]!)!;
    out[i] = symbolAt(row === 0 ? 3 : row - 1, col);
    if (row !== 0) return out.join("");
  }
  return null;
}
function eastOf(code: string): string | null {
  const out = code.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    const { row, col } = POSITION.get(out[i]!)!;
    out[i] = symbolAt(row, col === 3 ? 0 : col + 1);
    if (col !== 3) return out.join("");
  }
  return null;
}

describe("India Post sample vectors", () => {
  const { vectors } = sample;

  it("has all 150 vectors", () => {
    expect(vectors).toHaveLength(150);
  });

  it.each(vectors)("($lat, $lng) → $digipin", (v) => {
    expect(encodeDigipin(v.lat, v.lng)).toBe(v.digipin);
    const decoded = decodeDigipin(v.digipin);
    expect(decoded.digipin).toBe(v.digipin);
    // The file holds the reference decoder's centre formatted with toFixed(6).
    expect(Number(decoded.center.lat.toFixed(6))).toBe(v.center_lat);
    expect(Number(decoded.center.lng.toFixed(6))).toBe(v.center_lng);
    expect(inCell(decoded, v.lat, v.lng)).toBe(true);
  });
});

describe("encode", () => {
  it("gives the canonical code and its level-8 prefix", () => {
    expect(encode(28.622788, 77.213033)).toEqual({ digipin: "39J49LL8T4", digipin8: "39J49LL8" });
    expect(encode(12.9716, 77.5946)).toEqual({ digipin: "4P3JK852C9", digipin8: "4P3JK852" });
  });

  it.each([
    [MIN_LAT, MIN_LNG, "LLLLLLLLLL"],
    [MIN_LAT, MAX_LNG, "TTTTTTTTTT"],
    [MAX_LAT, MIN_LNG, "FFFFFFFFFF"],
    [MAX_LAT, MAX_LNG, "8888888888"],
  ])("outer corner (%s, %s) → %s", (lat, lng, code) => {
    expect(encodeDigipin(lat, lng)).toBe(code);
  });

  // Expected codes come from India Post's reference encoder.
  it.each([
    [MAX_LAT, 70.123, "F988FC9F8F"],
    [MAX_LAT, 81.5, "9FFFFFFFFF"],
    [MIN_LAT, 88.8, "PTLTTPPMLT"],
    [MIN_LAT, 72.5, "MLLLLLLLLL"],
    [25.25, MIN_LNG, "JJLKFLKFLK"],
    [11.5, MIN_LNG, "KLLLLLLLLL"],
    [17.77, MAX_LNG, "678T7667T7"],
    [29.5, MAX_LNG, "8TTTTTTTTT"],
  ])("outer edge (%s, %s) → %s", (lat, lng, code) => {
    expect(encodeDigipin(lat, lng)).toBe(code);
  });

  it.each([
    [nextUp(MIN_LAT), nextUp(MIN_LNG), "LLLLLLLLLL"],
    [nextDown(MAX_LAT), nextDown(MAX_LNG), "8888888888"],
    [nextDown(MAX_LAT), 70.123, "F988FC9F8F"],
    [MIN_LAT, nextDown(MAX_LNG), "TTTTTTTTTT"],
  ])("one ulp inside the bounds (%s, %s) → %s", (lat, lng, code) => {
    expect(encodeDigipin(lat, lng)).toBe(code);
  });

  // [level, k, m, code]: the point (2.5 + k·36/4^level, 63.5 + m·36/4^level) lies on a level-`level` line
  // of both axes (k, m not multiples of 4), so it takes the cell to its north-east: the symbols after
  // `level` are all L (south-west corner). One ulp south-west lands in the neighbouring cell's
  // north-east corner. Codes from India Post's reference encoder.
  it.each([
    [1, 2, 1, "3LLLLLLLLL", "K888888888"],
    [2, 6, 9, "53LLLLLLLL", "5K88888888"],
    [3, 27, 46, "579LLLLLLL", "5738888888"],
    [4, 97, 158, "53T5LLLLLL", "53TM888888"],
    [5, 415, 689, "526FCLLLLL", "526FJ88888"],
    [6, 1583, 2730, "52P299LLLL", "52P2938888"],
    [7, 6345, 11033, "52TFM24LLL", "52TFM2L888"],
    [8, 25421, 43917, "52P85L84LL", "52P85L8L88"],
    [9, 101623, 175727, "52P8PC968L", "52P8PC9628"],
    [10, 406553, 702939, "52P85MT426", "52P85MT42P"],
  ])("level-%i grid line (k=%i, m=%i) → %s; one ulp south-west → %s", (level, k, m, code, southWest) => {
    const lat = MIN_LAT + (k * 36) / 4 ** level;
    const lng = MIN_LNG + (m * 36) / 4 ** level;
    expect(code.slice(level)).toBe("L".repeat(10 - level));
    expect(encodeDigipin(lat, lng)).toBe(code);
    expect(encodeDigipin(nextDown(lat), nextDown(lng))).toBe(southWest);
    expect(decodeDigipin(code).bbox).toMatchObject({ min_lat: lat, min_lng: lng });
    expect(decodeDigipin(southWest).bbox).toMatchObject({ max_lat: lat, max_lng: lng });
  });

  it.each([
    [2.4999, 70, ["lat"]],
    [38.5000001, 70, ["lat"]],
    [nextDown(MIN_LAT), 70, ["lat"]],
    [nextUp(MAX_LAT), 70, ["lat"]],
    [Number.NaN, 70, ["lat"]],
    [Number.POSITIVE_INFINITY, 70, ["lat"]],
    [Number.NEGATIVE_INFINITY, 70, ["lat"]],
    [20, 63.4999, ["lng"]],
    [20, 99.5000001, ["lng"]],
    [20, nextUp(MAX_LNG), ["lng"]],
    [20, Number.NaN, ["lng"]],
    [Number.NaN, Number.POSITIVE_INFINITY, ["lat", "lng"]],
    [-20, 0, ["lat", "lng"]],
    ["20" as unknown as number, 70, ["lat"]],
  ])("(%s, %s) → invalid_request on %j", (lat, lng, paths) => {
    for (const fn of [() => encodeDigipin(lat, lng), () => encode(lat, lng)]) {
      const error = thrown(fn);
      expect(error.code).toBe("invalid_request");
      expect(error.details?.map((d) => d.path)).toEqual(paths);
      for (const detail of error.details ?? []) expect(detail.message).toContain(detail.path);
    }
  });
});

describe("decode", () => {
  it("gives exact cell edges and centre", () => {
    expect(decodeDigipin("LLLLLLLLLL")).toEqual({
      digipin: "LLLLLLLLLL",
      center: { lat: MIN_LAT + CELL10 / 2, lng: MIN_LNG + CELL10 / 2 },
      bbox: { min_lat: MIN_LAT, max_lat: MIN_LAT + CELL10, min_lng: MIN_LNG, max_lng: MIN_LNG + CELL10 },
    });
    expect(decodeDigipin("8888888888").bbox).toEqual({
      min_lat: MAX_LAT - CELL10,
      max_lat: MAX_LAT,
      min_lng: MAX_LNG - CELL10,
      max_lng: MAX_LNG,
    });
    expect(decodeDigipin("3LLLLLLLLL").bbox).toMatchObject({ min_lat: 20.5, min_lng: 72.5 });
    expect(decodeDigipin("LLLLLLLL").bbox).toEqual({
      min_lat: MIN_LAT,
      max_lat: MIN_LAT + CELL8,
      min_lng: MIN_LNG,
      max_lng: MIN_LNG + CELL8,
    });
  });

  it.each([
    ["39J49LL8T4", "39J49LL8T4"],
    ["39j49ll8t4", "39J49LL8T4"],
    ["39J-49L-L8T4", "39J49LL8T4"],
    ["39J 49LL 8T4", "39J49LL8T4"],
    ["  39j-49L-l8T4\n", "39J49LL8T4"],
    ["39J - 49L - L8T4", "39J49LL8T4"],
    ["3 9 J 4 9 L L 8 T 4", "39J49LL8T4"],
    ["39J49LL8", "39J49LL8"],
    ["39j-49l-l8", "39J49LL8"],
    ["39J 49LL8", "39J49LL8"],
  ])("accepts %j as %s", (input, canonical) => {
    const decoded = decodeDigipin(input);
    expect(decoded.digipin).toBe(canonical);
    expect(parseDigipin(input)).toBe(canonical);
    const point = canonical.length === 10 ? [28.622788, 77.213033] : [28.623, 77.2129];
    expect(inCell(decoded, point[0]!, point[1]!)).toBe(true);
  });

  it.each([
    ["39J49LL8TA", '"A"'],
    ["09J49LL8T4", '"0"'],
    ["39J49LL1T4", '"1"'],
    ["39J-49L-O8T4", '"O"'],
    ["I9J49LL8", '"I"'],
    ["39j49ll8ta", '"a"'],
    ["39J_49L_L8T4", '"_"'],
    ["39J\t49LL8T4", '"\\t"'],
    ["39J49LL", "got 7"],
    ["39J49LL8T", "got 9"],
    ["39J-49L-L8T", "got 9"],
    ["39J49LL8T42", "got 11"],
    ["", "empty"],
    ["   ", "empty"],
    ["-39J49LL8T4", "hyphen"],
    ["39J49LL8T4-", "hyphen"],
  ])("rejects %j (%s)", (input, problem) => {
    const error = thrown(() => decodeDigipin(input));
    expect(error.code).toBe("invalid_digipin");
    expect(error.status).toBe(400);
    expect(error.message).toContain(problem);
    expect(parseDigipin(input)).toBeNull();
  });
});

/** A coordinate: anywhere on the axis, or within a few ulps of a random level's grid line. */
function axis(min: number): fc.Arbitrary<number> {
  const max = min + 36;
  const nearLine = fc
    .integer({ min: 1, max: 10 })
    .chain((level) => fc.tuple(fc.constant(level), fc.integer({ min: 0, max: 4 ** level }), fc.integer({ min: -2, max: 2 })))
    .map(([level, k, ulps]) => Math.min(max, Math.max(min, nextBy(min + (k * 36) / 4 ** level, ulps))));
  return fc.oneof(fc.double({ min, max, noNaN: true }), nearLine);
}
const point = fc.tuple(axis(MIN_LAT), axis(MIN_LNG));

/** Random valid codes, with extra weight on the outer rows and columns. */
const codeOf = (symbols: string[], length: number) => fc.array(fc.constantFrom(...symbols), { minLength: length, maxLength: length }).map((s) => s.join(""));
const code10 = fc.oneof(
  codeOf(SYMBOLS, 10),
  codeOf(GRID[0]!.split(""), 10),
  codeOf(
    GRID.map((row) => row[3]!),
    10,
  ),
);
const anyCode = fc.oneof(code10, codeOf(SYMBOLS, 8));

const RUNS = { numRuns: 5000 };

describe("properties", () => {
  it("decode(encode(p)) is the same code and its cell holds p", () => {
    fc.assert(
      fc.property(point, ([lat, lng]) => {
        const code = encodeDigipin(lat, lng);
        const decoded = decodeDigipin(code);
        expect(decoded.digipin).toBe(code);
        expect(inCell(decoded, lat, lng)).toBe(true);
      }),
      RUNS,
    );
  });

  it("every point inside a decoded cell encodes to that code, edges included", () => {
    const inside = code10.chain((code) => {
      const { bbox } = decodeDigipin(code);
      return fc.tuple(
        fc.constant(code),
        fc.double({ min: bbox.min_lat, max: bbox.max_lat, maxExcluded: true, noNaN: true }),
        fc.double({ min: bbox.min_lng, max: bbox.max_lng, maxExcluded: true, noNaN: true }),
      );
    });
    fc.assert(
      fc.property(inside, ([code, lat, lng]) => {
        expect(encodeDigipin(lat, lng)).toBe(code);
        const { bbox } = decodeDigipin(code);
        expect(encodeDigipin(bbox.min_lat, bbox.min_lng)).toBe(code);
        expect(encodeDigipin(nextDown(bbox.max_lat), nextDown(bbox.max_lng))).toBe(code);
      }),
      RUNS,
    );
  });

  it("the north and east edges belong to the adjacent cell, which shares the exact edge value", () => {
    fc.assert(
      fc.property(code10, (code) => {
        const { bbox, center } = decodeDigipin(code);
        const north = northOf(code);
        if (north === null) {
          expect(bbox.max_lat).toBe(MAX_LAT);
          expect(encodeDigipin(MAX_LAT, center.lng)).toBe(code);
        } else {
          expect(encodeDigipin(bbox.max_lat, center.lng)).toBe(north);
          expect(encodeDigipin(nextDown(bbox.max_lat), center.lng)).toBe(code);
          const above = decodeDigipin(north).bbox;
          expect(above.min_lat).toBe(bbox.max_lat);
          expect([above.min_lng, above.max_lng]).toEqual([bbox.min_lng, bbox.max_lng]);
        }
        const east = eastOf(code);
        if (east === null) {
          expect(bbox.max_lng).toBe(MAX_LNG);
          expect(encodeDigipin(center.lat, MAX_LNG)).toBe(code);
        } else {
          expect(encodeDigipin(center.lat, bbox.max_lng)).toBe(east);
          expect(encodeDigipin(center.lat, nextDown(bbox.max_lng))).toBe(code);
          const beside = decodeDigipin(east).bbox;
          expect(beside.min_lng).toBe(bbox.max_lng);
          expect([beside.min_lat, beside.max_lat]).toEqual([bbox.min_lat, bbox.max_lat]);
        }
      }),
      RUNS,
    );
  });

  it("digipin8 is the prefix, and its cell holds the point and the 10-symbol cell", () => {
    fc.assert(
      fc.property(point, ([lat, lng]) => {
        const { digipin, digipin8 } = encode(lat, lng);
        expect(digipin8).toBe(digipin.slice(0, 8));
        const cell8 = decodeDigipin(digipin8);
        const cell10 = decodeDigipin(digipin);
        expect(cell8.digipin).toBe(digipin8);
        expect(inCell(cell8, lat, lng)).toBe(true);
        expect(cell8.bbox.min_lat).toBeLessThanOrEqual(cell10.bbox.min_lat);
        expect(cell8.bbox.max_lat).toBeGreaterThanOrEqual(cell10.bbox.max_lat);
        expect(cell8.bbox.min_lng).toBeLessThanOrEqual(cell10.bbox.min_lng);
        expect(cell8.bbox.max_lng).toBeGreaterThanOrEqual(cell10.bbox.max_lng);
        // Its corners are those of its south-west (…LL) and north-east (…88) children.
        expect(cell8.bbox).toEqual({
          min_lat: decodeDigipin(`${digipin8}LL`).bbox.min_lat,
          min_lng: decodeDigipin(`${digipin8}LL`).bbox.min_lng,
          max_lat: decodeDigipin(`${digipin8}88`).bbox.max_lat,
          max_lng: decodeDigipin(`${digipin8}88`).bbox.max_lng,
        });
      }),
      RUNS,
    );
  });

  it("decoding any valid code, in any case and grouping, gives a centre inside a cell inside the bounds", () => {
    const written = fc
      .tuple(
        anyCode,
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        fc.array(fc.constantFrom("", "", "-", " ", " - ", "--"), { minLength: 9, maxLength: 9 }),
        fc.constantFrom("", " ", "\n\t "),
      )
      .map(([code, lower, separators, pad]) => ({
        code,
        input:
          pad +
          code
            .split("")
            .map((s, i) => (lower[i] ? s.toLowerCase() : s) + (i < code.length - 1 ? separators[i] : ""))
            .join("") +
          pad,
      }));
    fc.assert(
      fc.property(written, ({ code, input }) => {
        const { digipin, center, bbox } = decodeDigipin(input);
        expect(digipin).toBe(code);
        expect(parseDigipin(input)).toBe(code);
        const size = code.length === 10 ? CELL10 : CELL8;
        expect(bbox.max_lat - bbox.min_lat).toBe(size);
        expect(bbox.max_lng - bbox.min_lng).toBe(size);
        expect(bbox.min_lat < center.lat && center.lat < bbox.max_lat).toBe(true);
        expect(bbox.min_lng < center.lng && center.lng < bbox.max_lng).toBe(true);
        expect(bbox.min_lat >= MIN_LAT && bbox.max_lat <= MAX_LAT).toBe(true);
        expect(bbox.min_lng >= MIN_LNG && bbox.max_lng <= MAX_LNG).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("exhaustive walk along each axis", () => {
  /**
   * Starting on the minimum, each cell must begin exactly where the previous one ended, its
   * last double must still encode to it, the double before it must encode to the previous
   * cell, and after 4^10 distinct cells the walk must end on the outer edge.
   */
  function walk(min: number, max: number, encodeAt: (v: number) => string, edges: (d: DecodedDigipin) => [number, number]) {
    let start = min;
    let previous = "";
    let cells = 0;
    let failures = 0;
    for (; start < max && cells <= 4 ** 10; cells++) {
      const code = encodeAt(start);
      const [low, high] = edges(decodeDigipin(code));
      const last = high === max ? max : nextDown(high);
      if (low !== start || code === previous || encodeAt(last) !== code || (cells > 0 && encodeAt(nextDown(start)) !== previous)) {
        failures++;
      }
      previous = code;
      start = high;
    }
    expect(failures).toBe(0);
    expect(cells).toBe(4 ** 10);
    expect(start).toBe(max);
  }

  it("latitude: 4^10 contiguous cells with exact shared edges", () => {
    walk(
      MIN_LAT,
      MAX_LAT,
      (lat) => encodeDigipin(lat, MIN_LNG),
      ({ bbox }) => [bbox.min_lat, bbox.max_lat],
    );
  });

  it("longitude: 4^10 contiguous cells with exact shared edges", () => {
    walk(
      MIN_LNG,
      MAX_LNG,
      (lng) => encodeDigipin(MIN_LAT, lng),
      ({ bbox }) => [bbox.min_lng, bbox.max_lng],
    );
  });
});
