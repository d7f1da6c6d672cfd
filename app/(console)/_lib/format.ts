// Console dates are shown in India time on the server and in the browser alike, so pages render the same on both.
const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
const dayMonth = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });
const number = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 1 });

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? `${dateTime.format(new Date(iso))} IST` : "—";
}

/** A `YYYY-MM-DD` (UTC) day as "3 Nov". */
export function formatDay(day: string): string {
  return dayMonth.format(new Date(`${day}T00:00:00Z`));
}

export function formatNumber(n: number): string {
  return number.format(n);
}

export function formatRupees(paise: number): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(paise / 100);
}

/** 39J49LL8T4 → 39J-49L-L8T4, as India Post writes it. */
export function formatDigipin(code: string): string {
  return code.length === 10 ? `${code.slice(0, 3)}-${code.slice(3, 6)}-${code.slice(6)}` : code;
}

/** Whole rupees as "₹1,500". */
export function formatRupeesWhole(rupees: number): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }).format(rupees);
}

/** A share 0–1 as "6.2%"; null (nothing to divide by) as "—". */
export function formatShare(share: number | null): string {
  return share === null ? "—" : `${new Intl.NumberFormat("en-IN", { maximumFractionDigits: 1 }).format(share * 100)}%`;
}
