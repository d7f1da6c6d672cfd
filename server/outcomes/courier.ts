/**
 * Courier names as reported with outcomes are free text ("DELHIVERY", "Delhivery Pvt. Ltd.",
 * "delhivery "); each spelling would be an analytics row of its own. Every way an outcome arrives
 * stores the courier through `canonicalCourier`, so one courier is one name (docs/decision-policy.md).
 */

/** The stored name's bound (the request's own bound is larger: a name is only shortened by folding). */
export const COURIER_MAX_LENGTH = 60;
/** How much of a reported name is read at all (the API takes up to 100 characters). */
const COURIER_READ_LENGTH = 200;

/** Trailing words that do not tell couriers apart ("Ekart Logistics", "Blue Dart Express Ltd"). */
const SUFFIXES = new Set([
  "pvt",
  "private",
  "ltd",
  "limited",
  "llp",
  "inc",
  "co",
  "company",
  "corp",
  "corporation",
  "logistics",
  "logistic",
  "express",
  "courier",
  "couriers",
  "services",
  "service",
  "solutions",
  "supply",
  "chain",
  "shipping",
  "india",
  "technologies",
  "technology",
  "tech",
]);

/** The usual couriers, by their folded letters and digits (spaces and suffixes gone) → the name stored. */
const KNOWN: Record<string, string> = {
  delhivery: "Delhivery",
  delhivry: "Delhivery",
  bluedart: "Blue Dart",
  ecom: "Ecom Express",
  ecomexp: "Ecom Express",
  xpressbees: "Xpressbees",
  xpressbee: "Xpressbees",
  shadowfax: "Shadowfax",
  dtdc: "DTDC",
  indiapost: "India Post",
  speedpost: "India Post",
  indianpost: "India Post",
  post: "India Post",
  ekart: "Ekart",
  flipkart: "Ekart",
  amazon: "Amazon Shipping",
  amazontransportation: "Amazon Shipping",
  shiprocket: "Shiprocket",
  gati: "Gati",
  gatikwe: "Gati",
  dunzo: "Dunzo",
  borzo: "Borzo",
  wefast: "Borzo",
  porter: "Porter",
  smartr: "Smartr",
  professional: "Professional Couriers",
  trackon: "Trackon",
  fedex: "FedEx",
  dhl: "DHL",
  ups: "UPS",
  aramex: "Aramex",
  safexpress: "Safexpress",
  tci: "TCI Express",
  tciexpress: "TCI Express",
  valmo: "Valmo",
  loadshare: "Loadshare",
  ithink: "iThink Logistics",
  ithinklogistics: "iThink Logistics",
  nimbuspost: "NimbusPost",
  pickrr: "Pickrr",
  shipway: "Shipway",
};

/**
 * One name per courier: case, spacing, punctuation and company suffixes folded, known couriers and
 * their aliases named as they name themselves, others in title case; at most COURIER_MAX_LENGTH
 * characters. Nothing left (absent, blank, punctuation only) is null, reported as `unknown`.
 */
export function canonicalCourier(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const words = raw
    .slice(0, COURIER_READ_LENGTH)
    .normalize("NFKC")
    .toLowerCase()
    // Dots and apostrophes join ("D.T.D.C.", "Kerry's"); invisible format characters vanish; anything else that is not a letter, mark or digit separates words.
    .replace(/[.'’\p{Cf}]/gu, "")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  if (words.length === 0) return null;
  let end = words.length;
  while (end > 1 && SUFFIXES.has(words[end - 1]!)) end--;
  const kept = words.slice(0, end);
  const known = KNOWN[kept.join("")] ?? KNOWN[words.join("")];
  if (known) return known;
  const name = kept.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
  return name.length <= COURIER_MAX_LENGTH ? name : name.slice(0, COURIER_MAX_LENGTH).trimEnd();
}
