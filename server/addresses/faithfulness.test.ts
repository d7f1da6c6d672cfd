/**
 * The cleaned address is faithful to what the buyer wrote (contract, `normalized`): for addresses
 * made of the directory's real places in the formats buyers use, every place written (locality,
 * village, post office, tehsil, town, city, district) is in `normalized` — as written, or as its
 * official rename or directory spelling — and no place is there that was not written (the state,
 * added from the pincode, aside).
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { allowedEdits, editDistance } from "./fuzzy";
import { getGazetteer } from "./gazetteer";
import { normalizeAddress, preloadPincodeDirectory } from "./index";
import { directoryRecords, distanceKm, type PincodeRecord } from "./pincodes";
import { STATES } from "./states";

/** Words the line writes that the buyer may have spelt otherwise or left out: labels and expansions. */
const LABEL_WORDS = new Set([
  "village",
  "vpo",
  "post",
  "tehsil",
  "taluk",
  "mandal",
  "police",
  "station",
  "district",
  "near",
  "opposite",
  "behind",
  "flat",
  "plot",
  "no",
  "road",
  "street",
  "c",
  "o",
  "house",
  "quarter",
]);
/** Names buyers write that are also marker or street words, or too short to tell. */
const PLAIN = /^[A-Z][a-z]{3,}(?: [A-Z][a-z]{3,})?$/;
const MARKER_LIKE =
  /\b(?:post|road|main|cross|near|opp|village|vill|gram|block|sector|phase|ward|nagar|colony|market|bazar|bazaar|camp|station|district|tehsil|taluk|mandal|east|west|north|south|new|old|city|town|house|office|flat|plot|number|the|and|thana|chowk|gate|street|lane|marg|gali|school|college|hospital|temple|mandir|bank|park|hills?|extension|lines|cantt|cantonment|fort|port|stand|railway|industrial|estate|area|complex|tower|building|centre|center|court|floor|shop|room|unit|door|quarter|halli|pura|puram|palli|pally|pet|peta|ganj|bagh|vihar|wadi|wada|gaon|puri|kunj|khand|guda|gudem|palem|kheda|khera|pur|garh)$/i;

const words = (s: string) =>
  ` ${s
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim()} `;

interface Site {
  rec: PincodeRecord;
  /** A post office of the pincode used as the village or locality. */
  place: string;
  /** Another office of the same pincode, used as the post office. */
  post: string;
}
let metro: Site[] = [];
let rural: Site[] = [];
const METRO_CITIES: Record<string, string[]> = {
  Bengaluru: ["Bengaluru", "Bangalore"],
  Mumbai: ["Mumbai", "Bombay"],
  Chennai: ["Chennai", "Madras"],
  Kolkata: ["Kolkata", "Calcutta"],
  Hyderabad: ["Hyderabad"],
  Pune: ["Pune", "Poona"],
  Ahmedabad: ["Ahmedabad"],
  Gurugram: ["Gurgaon", "Gurugram"],
};
/** Every phrase a place name may become in the line: itself and the canonical name the gazetteer gives it. */
function forms(name: string): string[] {
  const def = getGazetteer().places.get(name.toLowerCase());
  return [name, ...(def?.city ? [def.city.name] : []), ...(def?.district ? [def.district] : []), ...(def?.state ? [def.state.state] : [])];
}
const isPlain = (name: string) => PLAIN.test(name) && !name.split(" ").some((w) => MARKER_LIKE.test(w)) && !getGazetteer().places.get(name.toLowerCase())?.state;

beforeAll(() => {
  preloadPincodeDirectory();
  const centres = new Map<string, PincodeRecord>();
  for (const rec of directoryRecords()) {
    const city = rec.entry.city ?? "";
    if (METRO_CITIES[city] && rec.entry.places.some((p) => p === city) && !centres.has(city)) centres.set(city, rec);
  }
  for (const rec of directoryRecords()) {
    if (rec.districts.length !== 1) continue;
    const offices = rec.entry.places.filter(isPlain);
    if (offices.length < 2) continue;
    const [place, post] = offices as [string, string];
    const centre = centres.get(rec.entry.city ?? "");
    if (centre && distanceKm(centre.entry.lat, centre.entry.lng, rec.entry.lat, rec.entry.lng) < 15) metro.push({ rec, place, post });
    else if (!centre && !getGazetteer().places.has(place.toLowerCase()) && !getGazetteer().places.has(post.toLowerCase())) rural.push({ rec, place, post });
  }
  // Every 7th site keeps the property's inputs varied without walking all 19,000 pincodes.
  metro = metro.filter((_, k) => k % 3 === 0);
  rural = rural.filter((_, k) => k % 7 === 0);
});

/** One composed address: its text and the places it writes (each with the forms the line may use). */
interface Composed {
  text: string;
  places: string[][];
}

const separator = fc.constantFrom(", ", ",\n", "\n", ", ");
const casing = fc.constantFrom(
  (s: string) => s,
  (s: string) => s.toLowerCase(),
  (s: string) => s.toUpperCase(),
);
const house = fc.constantFrom("H.No. 12", "Flat B-204", "#45", "Plot No. 7", "12/3", "");
const careOf = fc.constantFrom("", "C/O Ramesh Kumar", "Suresh Kumar S/O Ramesh Kumar", "W/O Anil Sharma");

const metroAddress = fc.tuple(fc.nat(), fc.nat(), house, careOf, fc.boolean()).map(([k, f, h, c, state]): Composed => {
  const site = metro[k % metro.length] as Site;
  const city = site.rec.entry.city as string;
  const written = METRO_CITIES[city] as string[];
  const form = written[f % written.length] as string;
  const parts = [c, h, site.place, form, state ? site.rec.entry.state : "", site.rec.entry.code].filter(Boolean);
  return { text: parts.join(", "), places: [[site.place], forms(form)] };
});

const RURAL_FORMATS: Array<(s: Site, d: string) => { parts: string[]; places: (s: Site, d: string) => string[][] }> = [
  (s, d) => ({ parts: [`Vill. ${s.place}`, `P.O. ${s.post}`, `Dist. ${d}`], places: () => [[s.place], [s.post], forms(d)] }),
  (s, d) => ({ parts: [`Village ${s.place}`, `Post ${s.post}`, `Tehsil ${s.post}`, `District ${d}`], places: () => [[s.place], [s.post], forms(d)] }),
  (s, d) => ({ parts: [`VPO ${s.place}`, `Distt. ${d}`], places: () => [[s.place], forms(d)] }),
  (s, d) => ({ parts: [`At/Post ${s.place}`, `Tal. ${s.post}`, `Dist. ${d}`], places: () => [[s.place], [s.post], forms(d)] }),
  (s, d) => ({ parts: [`${s.place} (V)`, `${s.post} (M)`, `${d} (Dt)`], places: () => [[s.place], [s.post], forms(d)] }),
  (s, d) => ({ parts: [`Gram ${s.place}`, `PO ${s.post}`, `Zila ${d}`], places: () => [[s.place], [s.post], forms(d)] }),
  (s, d) => ({ parts: [s.place, `${d} Dist`], places: () => [[s.place], forms(d)] }),
  (s, d) => ({ parts: ["Station Road", s.place, d], places: () => [[s.place], forms(d)] }),
  (s, d) => ({ parts: ["Near Water Tank", s.post, s.place, d], places: () => [[s.post], [s.place], forms(d)] }),
];

const ruralAddress = fc.tuple(fc.nat(), fc.nat({ max: RURAL_FORMATS.length - 1 }), house, careOf, fc.boolean(), separator, casing).map(([k, f, h, c, state, sep, cased]): Composed => {
  const site = rural[k % rural.length] as Site;
  const d = site.rec.entry.district;
  const format = (RURAL_FORMATS[f] as (typeof RURAL_FORMATS)[number])(site, d);
  const parts = [c, h, ...format.parts, state ? site.rec.entry.state : "", site.rec.entry.code].filter(Boolean);
  return { text: cased(parts.join(sep)), places: format.places(site, d) };
});

/** The line has the name, or the directory's spelling of it (a letter or two apart: "Jagatsinghpur", "Jagatsinghapur"). */
function spelt(line: string, name: string): boolean {
  if (line.includes(name)) return true;
  const n = name.trim().split(" ");
  const ws = line.trim().split(" ");
  const limit = allowedEdits(name.replace(/ /g, "").length - 1);
  for (let k = 0; k + n.length <= ws.length; k++) if (editDistance(ws.slice(k, k + n.length).join(" "), n.join(" "), limit) <= limit) return true;
  return false;
}

/** The first place of the address missing from the line, or a word of the line that names no written place. */
function unfaithful(a: Composed): string | null {
  const line = normalizeAddress(a.text).normalized;
  const have = words(line);
  for (const place of a.places) if (!place.some((p) => spelt(have, words(p)))) return `drops ${place[0]}: ${JSON.stringify(line)}`;
  const allowed = new Set([...words(a.text).split(" "), ...LABEL_WORDS, ...STATES.flatMap((s) => words(s).split(" ")), ...a.places.flat().flatMap((p) => words(p).split(" "))]);
  const inputWords = [...allowed];
  const extra = have.split(" ").filter((w) => w && !allowed.has(w) && !inputWords.some((x) => x.length > 5 && editDistance(x, w, allowedEdits(x.length - 1)) <= allowedEdits(x.length - 1)));
  return extra.length > 0 ? `adds ${extra.join(" ")}: ${JSON.stringify(line)}` : null;
}

describe("normalized is faithful to what the buyer wrote", () => {
  it.each([
    // Issue 20's classes: a locality with its own post office, a written district and its headquarters, rural parts, care-of.
    ["Plot 9, Kamla Nagar, Near Water Tank, Agra, Uttar Pradesh 282005", "Plot 9, Near Water Tank, Kamla Nagar, Agra, Uttar Pradesh 282005"],
    ["Vill. Rampur, P.O. Barhni, Dist. Siddharthnagar, U.P. 272201", "Village Rampur, Post Barhni, District Siddharthnagar, Uttar Pradesh 272201"],
    ["C/O Ramesh Kumar, VPO Mahilpur, Tehsil Garhshankar, Distt Hoshiarpur 146105 Mob 9876543210", "C/O Ramesh Kumar, VPO Mahilpur, Tehsil Garhshankar, District Hoshiarpur, Punjab 146105"],
    ["12, Main Road, Kundapura, Udupi 576201", "12, Main Road, Kundapura, Udupi, Karnataka 576201"],
    // Found by the properties below: a district written after "Dist." is kept even when it is the pincode's own.
    ["H.No. 12, Vill. Nangal Poona, P.O. Bakoli, Dist. North West Delhi, 110036", "12, Village Nangal Poona, Post Bakoli, District North West Delhi, Delhi 110036"],
    ["H.No. 12, Vill. Kohka Bhilai, P.O. Supela Bhilai, Dist. Durg, 490023", "12, Village Kohka Bhilai, Post Supela Bhilai, District Durg, Chhattisgarh 490023"],
    ["H.No. 12, Vashi, Thane Dist, 400703", "12, Vashi, District Thane, Maharashtra 400703"],
    ["H.No. 12, Near Water Tank, Basti Guzan, Athola, Jalandhar, 144002", "12, Near Water Tank, Basti Guzan, Athola, Jalandhar, Punjab 144002"],
    ["H.No. 12, Vill. Rangat, P.O. Sabari, Dist. North and Middle Andaman, 744205", "12, Village Rangat, Post Sabari, District North and Middle Andaman, Andaman and Nicobar Islands 744205"],
    // A post office of the pincode spelt right is no misspelling of its town: Karodia (391310) is not Baroda.
    ["H.No. 12, Karodia, Vadodara Dist, 391310", "12, Karodia, District Vadodara, Gujarat 391310"],
    // A village whose name ends like a state is that village, not the village and Puducherry.
    ["H.No. 12, Vill. Karanaipuduchery, P.O. Thangappapuram, Dist. Kancheepuram, 603202", "12, Village Karanaipuduchery, Post Thangappapuram, District Kancheepuram, Tamil Nadu 603202"],
    // A mohalla word ending a name is part of it (the post office "Jhingri Mohallah"), labelled or not.
    ["H.No. 12, Vill. Jhingri Mohallah, P.O. Railpar, Dist. Paschim Bardhaman, 713302", "12, Village Jhingri Mohallah, Post Railpar, District Paschim Bardhaman, West Bengal 713302"],
    ["Jhingri Mohallah, Paschim Bardhaman Dist, 713302", "Jhingri Mohallah, District Paschim Bardhaman, West Bengal 713302"],
    // A word that ends a post office's name of two words is not split as two names glued (FC_SEED 56235121).
    ["H.NO. 12, VILL. FARKANA GANGAGARHI, P.O. GANGAWALY, DIST. BULANDSHAHR, 203129", "12, Village Farkana Gangagarhi, Post Gangawaly, District Bulandshahr, Uttar Pradesh 203129"],
  ])("%s → %s", (input, line) => {
    expect(normalizeAddress(input).normalized).toBe(line);
  });

  it("keeps every place of a metro address (locality and city, its rename allowed) and adds none", () => {
    fc.assert(
      fc.property(metroAddress, (a) => {
        expect(unfaithful(a), a.text).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it("keeps village, post office, tehsil and district of a rural address and adds none", () => {
    fc.assert(
      fc.property(ruralAddress, (a) => {
        expect(unfaithful(a), a.text).toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});
