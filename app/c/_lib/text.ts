/** The buyer's page in English and Hindi: every word it shows, so both languages say the same things. */

export type Locale = "en" | "hi";
export type PartName = "house" | "building" | "street" | "locality" | "landmark" | "city" | "district" | "state" | "pincode";

export interface Text {
  htmlLang: string;
  title: string;
  intro: (workspace: string) => string;
  languageLabel: string;
  partsLegend: string;
  parts: Record<PartName, string>;
  pincodeHint: string;
  suggestionsLegend: string;
  suggestion: (s: { code: string; locality: string; district: string }) => string;
  locationHeading: string;
  locationHelp: string;
  useLocation: string;
  locating: string;
  locatedAt: (digipin: string, accuracyM: number) => string;
  verdict: { used: string; inaccurate: string; outside_india: string; far_from_pincode: string; no_pincode: string };
  locationDenied: string;
  locationUnsupported: string;
  cellCaption: (widthM: number, heightM: number) => string;
  cellLabel: (digipin: string) => string;
  mapLabel: string;
  confirm: string;
  sending: string;
  needsScript: string;
  expiresAt: (when: string) => string;
  confirmedHeading: string;
  confirmedBody: string;
  confirmedAddress: string;
  confirmedDigipin: (digipin: string) => string;
  expiredHeading: string;
  expiredBody: string;
  invalidHeading: string;
  invalidBody: string;
  errors: { confirmation_closed: string; rate_limited: string; invalid_request: string; other: string };
}

const en: Text = {
  htmlLang: "en",
  title: "Confirm your delivery address",
  intro: (w) => `${w} asks you to check the address of your order, so that the parcel reaches you. Correct anything that is wrong or missing, then confirm.`,
  languageLabel: "Language",
  partsLegend: "Your address",
  parts: {
    house: "House / flat number",
    building: "Building or apartment",
    street: "Street or road",
    locality: "Area or locality",
    landmark: "Landmark",
    city: "City, town or village",
    district: "District",
    state: "State",
    pincode: "Pincode",
  },
  pincodeHint: "Six digits.",
  suggestionsLegend: "Is your pincode one of these?",
  suggestion: (s) => `${s.code}: ${s.locality}, ${s.district}`,
  locationHeading: "Your location",
  locationHelp: "If you are at the delivery address now, share your location: the courier then gets the exact spot.",
  useLocation: "Use my current location",
  locating: "Finding your location…",
  locatedAt: (d, m) => `DIGIPIN ${d}, accurate to about ${m} m.`,
  verdict: {
    used: "Accurate enough: the courier will get this spot.",
    inaccurate: "Not accurate enough (more than 100 m), so it will not be used. Step outside or turn on GPS and try again, or confirm without it.",
    outside_india: "This point is outside India, so it will not be used.",
    far_from_pincode: "This point is more than 25 km from the pincode above, so it will not be used. Check the pincode, or confirm without your location.",
    no_pincode: "Fill in your pincode above, then share your location again: the point is used only near your pincode.",
  },
  locationDenied: "Your location was not shared. You can still confirm the address.",
  locationUnsupported: "This browser cannot share a location. You can still confirm the address.",
  cellCaption: (w, h) => `Your point in its DIGIPIN cell (about ${w.toFixed(1)} m × ${h.toFixed(1)} m), north up.`,
  cellLabel: (d) => `DIGIPIN ${d}: the cell of your location, shown among its neighbours.`,
  mapLabel: "Map around your location",
  confirm: "Confirm address",
  sending: "Sending…",
  needsScript: "Waiting for the page to finish loading. If this message stays, turn on JavaScript: the page needs it to send your address.",
  expiresAt: (w) => `This link works until ${w}.`,
  confirmedHeading: "Thank you: your address is confirmed",
  confirmedBody: "The seller has your address. You can close this page.",
  confirmedAddress: "You confirmed",
  confirmedDigipin: (d) => `With your location: DIGIPIN ${d}.`,
  expiredHeading: "This link has expired",
  expiredBody: "Ask the seller for a new link.",
  invalidHeading: "This link is not valid",
  invalidBody: "Check that the whole link was copied, or ask the seller for a new one.",
  errors: {
    confirmation_closed: "This link takes nothing more: the address was already confirmed, or the link has expired.",
    rate_limited: "Too many tries. Wait a minute, then try again.",
    invalid_request: "Some part is too long, or the address is too short. Check the fields and try again.",
    other: "Could not send. Check your internet connection and try again.",
  },
};

const hi: Text = {
  htmlLang: "hi",
  title: "अपना डिलीवरी पता पक्का करें",
  intro: (w) => `${w} आपसे आपके ऑर्डर का पता जाँचने को कह रहा है, ताकि पार्सल आप तक पहुँचे। जो गलत है या छूट गया है उसे ठीक करें, फिर पक्का करें।`,
  languageLabel: "भाषा",
  partsLegend: "आपका पता",
  parts: {
    house: "मकान / फ़्लैट नंबर",
    building: "इमारत या अपार्टमेंट",
    street: "गली या सड़क",
    locality: "मोहल्ला या इलाका",
    landmark: "पास की पहचान (लैंडमार्क)",
    city: "शहर, कस्बा या गाँव",
    district: "ज़िला",
    state: "राज्य",
    pincode: "पिनकोड",
  },
  pincodeHint: "छह अंक।",
  suggestionsLegend: "क्या आपका पिनकोड इनमें से है?",
  suggestion: (s) => `${s.code}: ${s.locality}, ${s.district}`,
  locationHeading: "आपकी लोकेशन",
  locationHelp: "अगर आप अभी डिलीवरी के पते पर हैं, तो अपनी लोकेशन साझा करें: कूरियर को ठीक वही जगह मिलेगी।",
  useLocation: "मेरी मौजूदा लोकेशन लें",
  locating: "आपकी लोकेशन ढूँढ रहे हैं…",
  locatedAt: (d, m) => `DIGIPIN ${d}, लगभग ${m} मीटर तक सटीक।`,
  verdict: {
    used: "यह काफ़ी सटीक है: कूरियर को यही जगह मिलेगी।",
    inaccurate: "यह काफ़ी सटीक नहीं है (100 मीटर से ज़्यादा), इसलिए इसका उपयोग नहीं होगा। बाहर जाकर या GPS चालू करके फिर कोशिश करें, या इसके बिना पता पक्का करें।",
    outside_india: "यह जगह भारत के बाहर है, इसलिए इसका उपयोग नहीं होगा।",
    far_from_pincode: "यह जगह ऊपर लिखे पिनकोड से 25 किलोमीटर से ज़्यादा दूर है, इसलिए इसका उपयोग नहीं होगा। पिनकोड जाँचें, या लोकेशन के बिना पता पक्का करें।",
    no_pincode: "ऊपर अपना पिनकोड भरें, फिर लोकेशन दोबारा साझा करें: जगह का उपयोग केवल आपके पिनकोड के पास होता है।",
  },
  locationDenied: "लोकेशन साझा नहीं हुई। आप फिर भी पता पक्का कर सकते हैं।",
  locationUnsupported: "यह ब्राउज़र लोकेशन साझा नहीं कर सकता। आप फिर भी पता पक्का कर सकते हैं।",
  cellCaption: (w, h) => `आपकी जगह अपने DIGIPIN खाने में (लगभग ${w.toFixed(1)} × ${h.toFixed(1)} मीटर), ऊपर उत्तर।`,
  cellLabel: (d) => `DIGIPIN ${d}: आपकी लोकेशन का खाना, आसपास के खानों के बीच।`,
  mapLabel: "आपकी लोकेशन के आसपास का नक्शा",
  confirm: "पता पक्का करें",
  sending: "भेज रहे हैं…",
  needsScript: "पेज पूरा लोड होने की प्रतीक्षा है। अगर यह संदेश बना रहे, तो JavaScript चालू करें: पता भेजने के लिए पेज को इसकी ज़रूरत है।",
  expiresAt: (w) => `यह लिंक ${w} तक चलेगा।`,
  confirmedHeading: "धन्यवाद: आपका पता पक्का हो गया है",
  confirmedBody: "विक्रेता को आपका पता मिल गया है। आप यह पेज बंद कर सकते हैं।",
  confirmedAddress: "आपने यह पता पक्का किया",
  confirmedDigipin: (d) => `आपकी लोकेशन के साथ: DIGIPIN ${d}।`,
  expiredHeading: "इस लिंक की समय-सीमा ख़त्म हो गई है",
  expiredBody: "विक्रेता से नया लिंक माँगें।",
  invalidHeading: "यह लिंक सही नहीं है",
  invalidBody: "देखें कि पूरा लिंक कॉपी हुआ है, या विक्रेता से नया लिंक माँगें।",
  errors: {
    confirmation_closed: "यह लिंक अब कुछ नहीं लेता: पता पहले ही पक्का हो चुका है, या लिंक की समय-सीमा ख़त्म हो गई है।",
    rate_limited: "बहुत बार कोशिश हुई। एक मिनट रुककर फिर कोशिश करें।",
    invalid_request: "कोई हिस्सा बहुत लंबा है, या पता बहुत छोटा है। खाने जाँचकर फिर कोशिश करें।",
    other: "भेजा नहीं जा सका। अपना इंटरनेट कनेक्शन जाँचें और फिर कोशिश करें।",
  },
};

export const TEXT: Record<Locale, Text> = { en, hi };

/** Dates in India time, in the page's language. */
export function formatWhen(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "hi" ? "hi-IN" : "en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" }).format(new Date(iso));
}

/**
 * The system's sans-serif, with Noto Sans Devanagari (served by this app, Latin included) for a device
 * without a Devanagari font; in Hindi it comes first, so every line of the page is set in one font.
 */
const SYSTEM_SANS = `ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial`;
export const PAGE_FONT: Record<Locale, string> = {
  en: `${SYSTEM_SANS}, "Noto Sans Devanagari", sans-serif`,
  hi: `"Noto Sans Devanagari", ${SYSTEM_SANS}, sans-serif`,
};
