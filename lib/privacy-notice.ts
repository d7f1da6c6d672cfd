/**
 * The privacy notice on the buyer's confirmation page (docs/privacy.md), in both of its languages: who
 * asks, what for, and how long it is kept. NOTICE_VERSION is recorded with each confirmation; change it
 * whenever these words change, so a confirmation names the words its buyer read.
 */
export const NOTICE_VERSION = 1;

export type NoticeLocale = "en" | "hi";

export interface NoticeText {
  heading: string;
  body: (workspace: string, retentionDays: number) => string;
}

export const NOTICE_TEXT: Record<NoticeLocale, NoticeText> = {
  en: {
    heading: "How your address is used",
    body: (workspace, days) =>
      `${workspace} asks for this address and your location only to deliver this order. Dakiya checks the address for ${workspace}, and keeps it for ${days} days; after that, or sooner if you ask ${workspace} to delete it, it is erased.`,
  },
  hi: {
    heading: "आपके पते का उपयोग कैसे होगा",
    body: (workspace, days) =>
      `${workspace} यह पता और आपकी लोकेशन केवल इस ऑर्डर की डिलीवरी के लिए माँगता है। Dakiya ${workspace} के लिए इस पते की जाँच करता है और इसे ${days} दिन तक रखता है; उसके बाद इसे मिटा दिया जाता है, और आपके कहने पर ${workspace} इसे पहले भी मिटवा सकता है।`,
  },
};
