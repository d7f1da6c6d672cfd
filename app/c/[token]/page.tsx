import type { Metadata } from "next";
import "@fontsource/noto-sans-devanagari/devanagari-400.css";
import "@fontsource/noto-sans-devanagari/devanagari-700.css";
import { errorCode, publicServerApi } from "../../(console)/_lib/server";
import { PAGE_FONT, TEXT } from "../_lib/text";
import { ConfirmPage } from "./confirm-page";

// The link is the buyer's alone: never indexed, and never sent on as a referrer (map tiles).
export const metadata: Metadata = { title: "Confirm your delivery address", robots: { index: false, follow: false }, referrer: "no-referrer" };

/** The buyer's confirmation page (docs/confirmations.md): opened from the seller's link, without sign-in. */
export default async function LinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const api = await publicServerApi();
  let initial: Awaited<ReturnType<typeof api.confirmations.link.view>> | null = null;
  let code: string | null = null;
  try {
    initial = await api.confirmations.link.view({ token });
  } catch (err) {
    code = errorCode(err);
    if (code !== "confirmation_not_found" && code !== "invalid_request" && code !== "rate_limited") throw err;
  }
  if (initial) return <ConfirmPage token={token} initial={initial} />;
  // The link's language is unknown here: both.
  return (
    <main className="mx-auto max-w-md space-y-6 px-4 py-8" style={{ fontFamily: PAGE_FONT.hi }}>
      {(["en", "hi"] as const).map((l) => (
        <section key={l} lang={TEXT[l].htmlLang}>
          <h1 className="text-xl font-bold text-slate-900">{TEXT[l].invalidHeading}</h1>
          <p className="mt-2 text-slate-800">{code === "rate_limited" ? TEXT[l].errors.rate_limited : TEXT[l].invalidBody}</p>
        </section>
      ))}
    </main>
  );
}
