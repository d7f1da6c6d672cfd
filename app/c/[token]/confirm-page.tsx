"use client";

import { useId, useRef, useState } from "react";
import { describeError } from "../../(console)/_lib/errors";
import { formatDigipin } from "../../(console)/_lib/format";
import { cellSizeM, DigipinCellDrawing } from "~/app/_shared/digipin-cell-drawing";
import { useHydrated } from "~/app/_shared/use-hydrated";
import { linkApi, type LinkView, type LocatedPoint, type Submitted } from "../_lib/client";
import { formatWhen, PAGE_FONT, TEXT, type Locale, type PartName } from "../_lib/text";
import { PrivacyNotice } from "./privacy-notice";
import { TileMap } from "./tile-map";

const PARTS: PartName[] = ["house", "building", "street", "locality", "landmark", "city", "district", "state", "pincode"];
type Geo = { state: "idle" | "locating" | "denied" | "unsupported" } | { state: "located"; point: { lat: number; lng: number; accuracy_m: number }; located: LocatedPoint };

const inputClass = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-3 text-base text-slate-900";
const primary =
  "inline-flex w-full items-center justify-center rounded-md bg-blue-800 px-4 py-3 text-base font-semibold text-white hover:bg-blue-900 disabled:cursor-not-allowed disabled:bg-slate-400";
const secondary =
  "inline-flex w-full items-center justify-center rounded-md border border-blue-800 bg-white px-4 py-3 text-base font-medium text-blue-900 hover:bg-blue-50 disabled:cursor-not-allowed disabled:text-slate-500";

/** The buyer's page: the address as its parts, the suggested pincodes, the phone's location, Confirm; or the link's final state only. */
export function ConfirmPage({ token, initial }: { token: string; initial: LinkView }) {
  const [locale, setLocale] = useState<Locale>(initial.locale);
  const [view, setView] = useState<LinkView>(initial);
  const [sent, setSent] = useState<Submitted["sent"] | null>(null);
  const t = TEXT[locale];
  return (
    <div lang={t.htmlLang} className="mx-auto min-h-screen max-w-md bg-white px-4 pb-10 pt-4 sm:my-4 sm:rounded-lg sm:shadow" style={{ fontFamily: PAGE_FONT[locale] }}>
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 pb-3">
        <p className="text-base font-semibold text-slate-900" data-testid="workspace-name">
          {view.workspace_name}
        </p>
        <div role="group" aria-label={t.languageLabel} className="flex shrink-0 overflow-hidden rounded-md border border-slate-400 text-sm">
          {(["en", "hi"] as const).map((l) => (
            <button
              key={l}
              type="button"
              lang={TEXT[l].htmlLang}
              aria-pressed={locale === l}
              onClick={() => setLocale(l)}
              className={`px-3 py-2 ${locale === l ? "bg-blue-800 text-white" : "bg-white text-slate-900"}`}
            >
              {l === "en" ? "English" : "हिन्दी"}
            </button>
          ))}
        </div>
      </header>
      <main className="pt-4">
        {view.status === "pending" && (
          <PendingForm
            token={token}
            view={view}
            locale={locale}
            onConfirmed={(s) => {
              setView(s.view);
              setSent(s.sent);
            }}
          />
        )}
        {view.status === "pending" && <PrivacyNotice workspace={view.workspace_name} retentionDays={view.notice.retention_days} locale={locale} />}
        {view.status === "confirmed" && (
          <section aria-live="polite">
            <h1 className="text-xl font-bold text-green-900">{t.confirmedHeading}</h1>
            <p className="mt-2 text-slate-800">{t.confirmedBody}</p>
            {/* What was just sent, to its sender only: the link itself shows the address to no one once confirmed. */}
            {sent && (
              <>
                <h2 className="mt-4 text-sm font-semibold text-slate-700">{t.confirmedAddress}</h2>
                <p className="mt-1 whitespace-pre-wrap break-words text-base text-slate-900" data-testid="confirmed-address">
                  {sent.address}
                </p>
                {sent.digipin && <p className="mt-2 text-sm text-slate-800">{t.confirmedDigipin(formatDigipin(sent.digipin))}</p>}
              </>
            )}
          </section>
        )}
        {view.status === "expired" && (
          <section>
            <h1 className="text-xl font-bold text-slate-900">{t.expiredHeading}</h1>
            <p className="mt-2 text-slate-800">{t.expiredBody}</p>
          </section>
        )}
      </main>
    </div>
  );
}

/**
 * The address form. Its fields are the browser's own (uncontrolled), read when it is sent, so what
 * the buyer types before the script has loaded survives hydration. It posts, never puts the address
 * in a URL, and can be sent only once the script runs (until then it says it is waiting for it).
 */
function PendingForm({ token, view, locale, onConfirmed }: { token: string; view: Extract<LinkView, { status: "pending" }>; locale: Locale; onConfirmed: (s: Submitted) => void }) {
  const t = TEXT[locale];
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const [geo, setGeo] = useState<Geo>({ state: "idle" });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<keyof typeof t.errors | null>(null);
  const field = (part: PartName) => form.current?.elements.namedItem(part) as HTMLInputElement | null;
  const fields = () => Object.fromEntries(PARTS.map((p) => [p, field(p)?.value ?? ""])) as Record<PartName, string>;

  function locate() {
    if (!("geolocation" in navigator)) return setGeo({ state: "unsupported" });
    setGeo({ state: "locating" });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const point = { lat: pos.coords.latitude, lng: pos.coords.longitude, accuracy_m: Math.round(pos.coords.accuracy) };
        linkApi.locate.mutate({ token, ...point, pincode: field("pincode")?.value }).then(
          (located) => setGeo({ state: "located", point, located }),
          (err: unknown) => {
            setGeo({ state: "idle" });
            setError(errorKey(err));
          },
        );
      },
      () => setGeo({ state: "denied" }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSending(true);
    setError(null);
    try {
      onConfirmed(await linkApi.submit.mutate({ token, components: fields(), device: geo.state === "located" ? geo.point : null }));
    } catch (err) {
      setError(errorKey(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <h1 className="text-xl font-bold text-slate-900">{t.title}</h1>
      <p className="mt-2 text-slate-800">{t.intro(view.workspace_name)}</p>
      <form ref={form} method="post" className="mt-4 space-y-5" onSubmit={submit}>
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">{t.partsLegend}</legend>
          {PARTS.map((p) => (
            <div key={p}>
              <label htmlFor={`${id}-${p}`} className="block text-sm font-medium text-slate-800">
                {t.parts[p]}
              </label>
              <input
                id={`${id}-${p}`}
                name={p}
                defaultValue={view.components[p] ?? ""}
                maxLength={100}
                autoComplete={p === "pincode" ? "postal-code" : "off"}
                inputMode={p === "pincode" ? "numeric" : undefined}
                pattern={p === "pincode" ? "[0-9]{6}" : undefined}
                title={p === "pincode" ? t.pincodeHint : undefined}
                className={inputClass}
              />
            </div>
          ))}
        </fieldset>

        {view.suggested_pincodes.length > 0 && (
          <fieldset>
            <legend className="text-base font-semibold text-slate-900">{t.suggestionsLegend}</legend>
            <div className="mt-2 space-y-2">
              {view.suggested_pincodes.map((s) => (
                <label key={s.code} className="flex items-center gap-3 rounded-md border border-slate-300 px-3 py-3 text-base">
                  <input
                    type="radio"
                    name="suggested-pincode"
                    value={s.code}
                    onChange={() => {
                      const pincode = field("pincode");
                      if (pincode) pincode.value = s.code;
                    }}
                    className="h-5 w-5"
                  />
                  {t.suggestion(s)}
                </label>
              ))}
            </div>
          </fieldset>
        )}

        <section aria-labelledby={`${id}-loc`} className="space-y-3">
          <h2 id={`${id}-loc`} className="text-base font-semibold text-slate-900">
            {t.locationHeading}
          </h2>
          <p className="text-sm text-slate-700">{t.locationHelp}</p>
          <button type="button" className={secondary} onClick={locate} disabled={geo.state === "locating"}>
            {geo.state === "locating" ? t.locating : t.useLocation}
          </button>
          <div aria-live="polite" className="space-y-3 text-sm text-slate-800">
            {geo.state === "denied" && <p>{t.locationDenied}</p>}
            {geo.state === "unsupported" && <p>{t.locationUnsupported}</p>}
            {geo.state === "located" && <Located located={geo.located} point={geo.point} mapTileUrl={view.map_tile_url} locale={locale} />}
          </div>
        </section>

        {error && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {t.errors[error]}
          </p>
        )}
        {/* Shown by the server's HTML and removed by the script: a slow network, or scripts turned off. */}
        {!hydrated && <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">{t.needsScript}</p>}
        <button type="submit" className={primary} disabled={sending || !hydrated}>
          {sending ? t.sending : t.confirm}
        </button>
        <p className="text-xs text-slate-600">{t.expiresAt(formatWhen(view.expires_at, locale))}</p>
      </form>
    </>
  );
}

function Located({ located, point, mapTileUrl, locale }: { located: LocatedPoint; point: { lat: number; lng: number }; mapTileUrl: string | null; locale: Locale }) {
  const t = TEXT[locale];
  const verdictTone = located.verdict === "used" ? "text-green-900" : "text-amber-900";
  if (!located.cell) return <p className={verdictTone}>{t.verdict[located.verdict]}</p>;
  const { widthM, heightM } = cellSizeM(located.cell);
  return (
    <>
      <p className="text-base font-semibold text-slate-900" data-testid="device-digipin">
        {t.locatedAt(formatDigipin(located.cell.digipin), located.accuracy_m)}
      </p>
      <p className={verdictTone}>{t.verdict[located.verdict]}</p>
      <DigipinCellDrawing cell={located.cell} location={point} caption={t.cellCaption(widthM, heightM)} label={t.cellLabel(formatDigipin(located.cell.digipin))} />
      {mapTileUrl && <TileMap url={mapTileUrl} point={point} label={t.mapLabel} />}
    </>
  );
}

function errorKey(err: unknown): "confirmation_closed" | "rate_limited" | "invalid_request" | "other" {
  const code = describeError(err).code;
  return code === "confirmation_closed" || code === "rate_limited" || code === "invalid_request" ? code : "other";
}
