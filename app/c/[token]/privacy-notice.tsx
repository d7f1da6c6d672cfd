import { NOTICE_TEXT, type NoticeLocale } from "~/lib/privacy-notice";

/** Who asks for the buyer's address, what for, and for how long (docs/privacy.md), in the page's language. */
export function PrivacyNotice({ workspace, retentionDays, locale }: { workspace: string; retentionDays: number; locale: NoticeLocale }) {
  const t = NOTICE_TEXT[locale];
  return (
    <section aria-labelledby="privacy-notice-heading" className="mt-4 rounded-md border border-slate-300 bg-slate-50 p-3" data-testid="privacy-notice">
      <h2 id="privacy-notice-heading" className="text-sm font-semibold text-slate-900">
        {t.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-800">{t.body(workspace, retentionDays)}</p>
    </section>
  );
}
