/**
 * Devanagari addresses read as Latin ones: common address words by meaning (मकान नं → House No,
 * रोड → Road, जिला → District, म.प्र. → M.P.), everything else letter by letter the way Hindi
 * speakers spell names in Latin script (इंदौर → Indor, मुंबई → Mumbai, महाराष्ट्र → Maharashtra),
 * so the parser's place names, markers and fuzzy matching apply. The other Indian scripts of Unicode's
 * Indic blocks (Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam) are laid out as
 * Devanagari is, letter for letter, and are read through it (কলকাতা → Kalkata, Kolkata by its sound).
 */

/** Devanagari and the scripts laid out as it is: Bengali to Malayalam, 128 code points each, U+0980–U+0D7F. */
const INDIAN_SCRIPT = /[\u0900-\u0d7f]/;
const OTHER_INDIAN_LETTER = /[\u0980-\u0d7f]/;
/** Each script's block, where its 128 code points start. */
const [BENGALI, GURMUKHI, GUJARATI, ORIYA, TAMIL, TELUGU, KANNADA, MALAYALAM] = [0x0980, 0x0a00, 0x0a80, 0x0b00, 0x0b80, 0x0c00, 0x0c80, 0x0d00] as const;
/** Oriya's block and those after it (Tamil, Telugu, Kannada, Malayalam): languages that sound a word's inherent a. */
const SOUNDS_EVERY_A = ORIYA;
/**
 * Letters of the other scripts outside Devanagari's layout: Assamese ra and wa, Bengali's khanda ta, Gurmukhi's
 * tippi, addak (a doubled consonant: one letter suffices to match a name) and vowel bearers, Malayalam's chillus.
 */
const OFF_LAYOUT: Readonly<Record<string, string>> = {
  "\u09f0": "र",
  "\u09f1": "व",
  "\u09ce": "त्",
  "\u0a70": "ं",
  "\u0a71": "",
  "\u0a72": "इ",
  "\u0a73": "उ",
  "\u0d7a": "ण्",
  "\u0d7b": "न्",
  "\u0d7c": "र्",
  "\u0d7d": "ल्",
  "\u0d7e": "ळ्",
  "\u0d7f": "क्",
};
const WORD = /[\u0900-\u0d7f]+(?:\.[\u0900-\u0d7f]+)*\.?/g;

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
    मुख्य: "Main",
    // "Road" and "Main" as the other scripts write them, in Devanagari's letters: Bengali and Gujarati मेइन/मेईन,
    // Telugu and Malayalam मॆयिन्, Tamil मॆयिऩ् and रोटु, रोड्/ऱोड्/रोड्डु, Kannada रस्तॆ ("road").
    मेइन: "Main",
    मेईन: "Main",
    मॆयिन्: "Main",
    मॆयिऩ्: "Main",
    रोटु: "Road",
    रस्तॆ: "Road",
    रोड्: "Road",
    रोडु: "Road",
    ऱोड्: "Road",
    रोड्डु: "Road",
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
  ऎ: "e",
  ऐ: "ai",
  ओ: "o",
  ऒ: "o",
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
  "ॆ": "e",
  "ै": "ai",
  "ो": "o",
  "ॊ": "o",
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
  य़: "y",
  // Gurmukhi's ਸ਼ and ਲ਼, which Unicode's normal form writes with a nukta.
  स़: "sh",
  ल़: "l",
  // Tamil's and Malayalam's own letters, at their places in Devanagari's layout: ன, ற, ழ ("Kozhikode").
  ऩ: "n",
  ऱ: "r",
  ऴ: "zh",
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

/** A written unit: a consonant with its vowel (its own sign, the inherent "a", or none before a virama), or a vowel. */
interface Unit {
  consonant: string;
  vowel: string;
  inherent: boolean;
  /** Other output (a nasal's letter, a digit, a dot): no syllable of its own. */
  mark: boolean;
  /** A nasal follows the vowel, which is then sounded (बुलंद, "Buland"). */
  nasal?: boolean;
}

/**
 * Hindi drops the inherent "a" of a consonant between two sounded vowels, reading from the end of the word, where it
 * leaves no three consonants together: रामपुर is "Rampur", बहादुरगढ़ "Bahadurgarh", अहमदनगर "Ahmadnagar" (not
 * "Ramapur", "Bahaduragarh", "Ahamadanagar"), while कमल keeps "Kamal". At the end of a word it is dropped unless a
 * cluster ends it (मित्र, "Mitra").
 */
function dropSilentA(units: Unit[]): void {
  const syllables = units.filter((u) => !u.mark);
  const sounded = (u: Unit | undefined) => !!u && u.vowel !== "";
  const last = syllables[syllables.length - 1];
  const beforeLast = syllables[syllables.length - 2];
  if (last?.inherent && syllables.length > 1 && !(beforeLast && beforeLast.consonant && beforeLast.vowel === "" && !beforeLast.inherent)) last.vowel = "";
  for (let k = syllables.length - 2; k >= 1; k--) {
    const u = syllables[k] as Unit;
    const prev = syllables[k - 1] as Unit;
    const next = syllables[k + 1] as Unit;
    if (u.inherent && u.vowel !== "" && !u.nasal && sounded(prev) && next.consonant !== "" && sounded(next)) u.vowel = "";
  }
}

/** Tamil's unvoiced stops as Latin spellings voice them (see `spokenAs`). */
const VOICED: Readonly<Record<string, string>> = { k: "g", ch: "j", t: "d", p: "b" };
const NASALS = new Set(["n", "m"]);

/**
 * A consonant's Latin letter where its script's speakers sound it otherwise than Hindi's letter at that place. Tamil
 * writes voiced and unvoiced stops alike and voices them after a nasal (தஞ்சாவூர் Thanjavur, கும்பகோணம் Kumbakonam),
 * ட, த and ச also single between vowels (மதுரை Madurai, the second ச of சிவகாசி Sivakasi); Malayalam's ട is a d between vowels and
 * at a word's end (തൊടുപുഴ Thodupuzha, പാലക്കാട് Palakkad), its doubled ṅ "ng"; Bengali's and Oriya's য is j, its dotted form the y.
 */
function spokenAs(script: number, letter: string, devanagari: string, before: Unit | undefined, sounded: boolean, last: boolean): string {
  const afterVowel = !!before && !before.mark && before.vowel !== "";
  if (script === TAMIL) {
    if (before && !before.mark && before.vowel === "" && NASALS.has(before.consonant)) return VOICED[letter] ?? letter;
    if (afterVowel && sounded && (devanagari === "ट" || devanagari === "त")) return "d";
    if (afterVowel && sounded && devanagari === "च") return "s";
  }
  if (script === MALAYALAM && devanagari === "ट" && afterVowel && (sounded || last)) return "d";
  if (script === MALAYALAM && devanagari === "ङ" && before?.vowel === "" && before.consonant === "n") return "g";
  if ((script === BENGALI || script === ORIYA) && devanagari === "य" && !(before && !before.mark && before.vowel === "")) return "j";
  return letter;
}

/** One word, letter by letter, the silent "a"s dropped (`dropSilentA`) where its language drops them. */
function spell(word: string, script: number): string {
  const dropsA = script < SOUNDS_EVERY_A;
  const chars = [...word.normalize("NFC")];
  const units: Unit[] = [];
  for (let i = 0; i < chars.length; i++) {
    let c = chars[i] as string;
    if (chars[i + 1] === NUKTA) {
      c += NUKTA;
      i++;
    }
    const consonant = CONSONANTS[c];
    if (consonant !== undefined) {
      const next = chars[i + 1];
      // "व" after another consonant in a cluster is the "w" of Latin spellings: ग्वालियर is Gwalior.
      // A doubled "फ" is the "ff" of Latin spellings: मुज़फ्फरनगर is Muzaffarnagar.
      const doubled = consonant === "ph" && (next === VIRAMA ? chars[i + 2] === c : chars[i - 1] === VIRAMA && chars[i - 2] === c);
      const plain = consonant === "v" && chars[i - 1] === VIRAMA ? "w" : doubled ? "f" : consonant;
      const letter = spokenAs(script, plain, c, units[units.length - 1], next !== VIRAMA, next === VIRAMA && i + 2 >= chars.length);
      if (next === VIRAMA) {
        units.push({ consonant: letter, vowel: "", inherent: false, mark: false });
        i++;
      } else if (next !== undefined && SIGNS[next] !== undefined) {
        units.push({ consonant: letter, vowel: SIGNS[next], inherent: false, mark: false });
        i++;
      } else units.push({ consonant: letter, vowel: "a", inherent: true, mark: false });
      continue;
    }
    if (VOWELS[c] !== undefined) units.push({ consonant: "", vowel: VOWELS[c] as string, inherent: false, mark: false });
    else if (c === "ं" || c === "ँ") {
      const before = units[units.length - 1];
      if (before) before.nasal = true;
      // Oriya and the Dravidian languages sound a word's last anusvara m (అనంతపురం Anantapuram), Malayalam every one (കായംകുളം Kayamkulam).
      const labial = LABIALS.has(CONSONANTS[chars[i + 1] ?? ""] ?? "") || (script >= SOUNDS_EVERY_A && i === chars.length - 1) || script === MALAYALAM;
      units.push({ consonant: labial ? "m" : "n", vowel: "", inherent: false, mark: true });
    } else if (c === "ः") units.push({ consonant: "h", vowel: "", inherent: false, mark: true });
    else if (/[०-९]/.test(c)) units.push({ consonant: String(c.charCodeAt(0) - 0x966), vowel: "", inherent: false, mark: true });
    else if (c === ".") units.push({ consonant: ".", vowel: "", inherent: false, mark: true });
  }
  if (dropsA) dropSilentA(units);
  let out = "";
  for (let k = 0; k < units.length; k++) {
    const u = units[k] as Unit;
    // A "y" closing a syllable after a vowel is the "i" of Latin spellings: जयपुर is Jaipur, रायपुर Raipur.
    const glide = u.consonant === "y" && u.inherent && u.vowel === "" && /[aeiou]$/.test(out) && k < units.length - 1;
    out += (glide ? "i" : u.consonant) + u.vowel;
  }
  // A name ending in "village" (-गांव, -गाँव) is spelt -gaon in Latin: चालीसगांव is Chalisgaon, मालेगांव Malegaon.
  if (/ा[ंँ]व$/.test(word) && out.endsWith("anv")) out = `${out.slice(0, -3)}aon`;
  return out.length > 0 ? (out[0] as string).toUpperCase() + out.slice(1) : out;
}

/** The last parts of compound place names, read as words of their own: अहमद-नगर, बहादुर-गढ़, बुलंद-शहर. */
const COMPOUND_ENDS: ReadonlyArray<readonly [string, string]> = [
  ["नगर", "nagar"],
  ["गढ़", "garh"],
  ["गढ", "garh"],
  ["शहर", "shahr"],
  ["गंज", "ganj"],
];

/** A word, a compound's last part spelt apart so the "a" before it is dropped as at a word's end. */
function spellWord(word: string, script: number): string {
  if (script < SOUNDS_EVERY_A) {
    for (const [end, latin] of COMPOUND_ENDS) {
      if (!word.endsWith(end)) continue;
      const stem = word.slice(0, -end.length);
      if ([...stem].length >= 2) return spell(stem, script) + latin;
    }
  }
  return spell(word, script);
}

/** The states whose languages write each script other than Devanagari, by its block. */
const SCRIPT_STATES: ReadonlyMap<number, readonly string[]> = new Map([
  [BENGALI, ["West Bengal", "Assam", "Tripura", "Andaman and Nicobar Islands"]],
  [GURMUKHI, ["Punjab", "Chandigarh", "Haryana", "Delhi", "Himachal Pradesh", "Rajasthan"]],
  [GUJARATI, ["Gujarat", "Dadra and Nagar Haveli and Daman and Diu"]],
  [ORIYA, ["Odisha"]],
  [TAMIL, ["Tamil Nadu", "Puducherry"]],
  [TELUGU, ["Andhra Pradesh", "Telangana", "Puducherry"]],
  [KANNADA, ["Karnataka"]],
  [MALAYALAM, ["Kerala", "Lakshadweep", "Puducherry"]],
]);

/**
 * The states where the text's script (its first letter of an Indian script but Devanagari) is written; null for
 * Devanagari, written across the north, or none.
 */
export function scriptStates(text: string): readonly string[] | null {
  const m = OTHER_INDIAN_LETTER.exec(text);
  return m ? (SCRIPT_STATES.get(m[0].charCodeAt(0) & ~0x7f) ?? null) : null;
}

export function hasIndianScript(text: string): boolean {
  return INDIAN_SCRIPT.test(text);
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

/** A word of any Indian script in Devanagari's letters (see `OFF_LAYOUT`). */
function asDevanagari(word: string): string {
  let out = "";
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    out += code < 0x980 || code > 0xd7f ? (word[i] as string) : (OFF_LAYOUT[word[i] as string] ?? String.fromCharCode(0x900 + (code & 0x7f)));
  }
  return out;
}

/**
 * The text with every word of an Indian script replaced (see the file comment); other characters untouched. A word
 * written again is read once: a text of one word repeated costs as one word does, not one transliteration per copy.
 */
export function fromIndianScript(text: string): string {
  const read = new Map<string, string>();
  return movePostpositions(
    text.replace(WORD, (written) => {
      let latin = read.get(written);
      if (latin === undefined) {
        const w = asDevanagari(written);
        latin = WORDS.get(w) ?? (w.endsWith(".") ? WORDS.get(w.slice(0, -1)) : undefined) ?? spellWord(w, written.charCodeAt(0) & ~0x7f);
        read.set(written, latin);
      }
      return latin;
    }),
  );
}
