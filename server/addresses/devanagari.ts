/**
 * Devanagari addresses read as Latin ones: common address words by meaning (मकान नं → House No,
 * रोड → Road, जिला → District, म.प्र. → M.P.), everything else letter by letter the way Hindi
 * speakers spell names in Latin script (इंदौर → Indor, मुंबई → Mumbai, महाराष्ट्र → Maharashtra),
 * so the parser's place names, markers and fuzzy matching apply. Other Indian scripts are kept
 * as written.
 */

const DEVANAGARI = /[\u0900-\u097f]/;
const WORD = /[\u0900-\u097f]+(?:\.[\u0900-\u097f]+)*\.?/g;

/** Whole words (and dotted abbreviations) replaced by their meaning. */
const WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    मकान: "House",
    "म.": "House",
    नं: "No",
    "नं.": "No",
    नंबर: "No",
    संख्या: "No",
    फ्लैट: "Flat",
    प्लॉट: "Plot",
    रोड: "Road",
    मेन: "Main",
    मार्ग: "Marg",
    गली: "Gali",
    सड़क: "Road",
    नगर: "Nagar",
    कॉलोनी: "Colony",
    कालोनी: "Colony",
    मोहल्ला: "Mohalla",
    वार्ड: "Ward",
    सेक्टर: "Sector",
    ब्लॉक: "Block",
    बाजार: "Bazar",
    बाज़ार: "Bazar",
    चौक: "Chowk",
    ग्राम: "Village",
    गांव: "Village",
    गाँव: "Village",
    पोस्ट: "Post",
    डाकघर: "Post",
    तहसील: "Tehsil",
    जिला: "District",
    ज़िला: "District",
    "जि.": "Distt",
    के: "",
    पास: "Near",
    निकट: "Near",
    सामने: "Opposite",
    पीछे: "Behind",
    मंदिर: "Mandir",
    स्टेशन: "Station",
    थाना: "Thana",
    नई: "New",
    पुराना: "Old",
    सिविल: "Civil",
    लाइंस: "Lines",
    लाइन्स: "Lines",
    मॉल: "Mall",
    स्कूल: "School",
    लखनऊ: "Lucknow",
    "म.प्र.": "M.P.",
    "उ.प्र.": "U.P.",
    "हि.प्र.": "H.P.",
    "राज.": "Raj.",
    "छ.ग.": "C.G.",
    पिन: "Pin",
    भारत: "India",
  }),
);

const VOWELS: Record<string, string> = {
  अ: "a",
  आ: "a",
  इ: "i",
  ई: "i",
  उ: "u",
  ऊ: "u",
  ऋ: "ri",
  ए: "e",
  ऐ: "ai",
  ओ: "o",
  औ: "au",
  ऑ: "o",
};
const SIGNS: Record<string, string> = {
  "ा": "a",
  "ि": "i",
  "ी": "i",
  "ु": "u",
  "ू": "u",
  "ृ": "ri",
  "े": "e",
  "ै": "ai",
  "ो": "o",
  "ौ": "o",
  "ॉ": "o",
};
const CONSONANTS: Record<string, string> = {
  क: "k",
  ख: "kh",
  ग: "g",
  घ: "gh",
  ङ: "n",
  च: "ch",
  छ: "chh",
  ज: "j",
  झ: "jh",
  ञ: "n",
  ट: "t",
  ठ: "th",
  ड: "d",
  ढ: "dh",
  ण: "n",
  त: "t",
  थ: "th",
  द: "d",
  ध: "dh",
  न: "n",
  प: "p",
  फ: "ph",
  ब: "b",
  भ: "bh",
  म: "m",
  य: "y",
  र: "r",
  ल: "l",
  व: "v",
  श: "sh",
  ष: "sh",
  स: "s",
  ह: "h",
  ळ: "l",
  क़: "q",
  ख़: "kh",
  ग़: "g",
  ज़: "z",
  ड़: "r",
  ढ़: "rh",
  फ़: "f",
};
const VIRAMA = "्";
const NUKTA = "़";
const LABIALS = new Set(["p", "b", "m"]);

/**
 * Hindi drops the inherent "a" between a vowel and a consonant that carries its own vowel sign:
 * रामपुर is "Rampur", not "Ramapur".
 */
function silentA(chars: string[], i: number, out: string): boolean {
  const next = chars[i + 1] as string;
  const after = chars[i + 2];
  return i > 0 && /[aeiou]$/.test(out.slice(0, -1)) && CONSONANTS[next] !== undefined && after !== undefined && SIGNS[after] !== undefined;
}

/** One word, letter by letter; the inherent "a" is dropped at the end of a word unless a cluster ends it. */
function spell(word: string): string {
  const chars = [...word.normalize("NFC")];
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    let c = chars[i] as string;
    if (chars[i + 1] === NUKTA) {
      c += NUKTA;
      i++;
    }
    const consonant = CONSONANTS[c];
    if (consonant !== undefined) {
      const next = chars[i + 1];
      // A "y" closing a syllable after a vowel is the "i" of Latin spellings: जयपुर is Jaipur, रायपुर Raipur.
      const glide = consonant === "y" && next !== undefined && next !== VIRAMA && SIGNS[next] === undefined && /[aeiou]$/.test(out) && silentA(chars, i, out + "y");
      out += glide ? "i" : consonant;
      if (next === VIRAMA) i++;
      else if (next !== undefined && SIGNS[next] !== undefined) {
        out += SIGNS[next];
        i++;
      } else if (next !== undefined ? !silentA(chars, i, out) : chars[i - 1] === VIRAMA && i >= 2) out += "a";
      continue;
    }
    if (VOWELS[c] !== undefined) out += VOWELS[c];
    else if (c === "ं" || c === "ँ") out += LABIALS.has(CONSONANTS[chars[i + 1] ?? ""] ?? "") ? "m" : "n";
    else if (c === "ः") out += "h";
    else if (/[०-९]/.test(c)) out += String(c.charCodeAt(0) - 0x966);
    else if (c === ".") out += ".";
  }
  // A name ending in "village" (-गांव, -गाँव) is spelt -gaon in Latin: चालीसगांव is Chalisgaon, मालेगांव Malegaon.
  if (/ा[ंँ]व$/.test(word) && out.endsWith("anv")) out = `${out.slice(0, -3)}aon`;
  return out.length > 0 ? (out[0] as string).toUpperCase() + out.slice(1) : out;
}

export function hasDevanagari(text: string): boolean {
  return DEVANAGARI.test(text);
}

/** Hindi puts "near", "opposite", "behind" after the place (मंदिर के पास); English before it. A bracketed note may follow ("(Vill)"). */
const POSTPOSITION = /\s+(Near|Opposite|Behind)(\s*\([^()]*\))?\s*$/;

/** Per comma-separated part, a trailing postposition moves to the front (a per-part test, linear in the text). */
function movePostpositions(text: string): string {
  return text
    .split(",")
    .map((part) => {
      const m = POSTPOSITION.exec(part);
      const place = m ? part.slice(0, m.index) : "";
      if (!m || place.trim() === "") return part;
      const lead = place.length - place.trimStart().length;
      return `${place.slice(0, lead)}${m[1]} ${place.slice(lead)}${m[2] ?? ""}`;
    })
    .join(",");
}

/** The text with every Devanagari word replaced (see the file comment); other characters untouched. */
export function fromDevanagari(text: string): string {
  return movePostpositions(text.replace(WORD, (w) => WORDS.get(w) ?? WORDS.get(w.replace(/\.$/, "")) ?? spell(w)));
}
