/**
 * Next.js start-up hook: load the address data before the first request, and without Inngest
 * configured start the in-process runner for the background work.
 */
export async function register(): Promise<void> {
  // `next build` runs this hook in its workers too: they must not open the database or run batches.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { normalizeAddress } = await import("./server/addresses");
  normalizeAddress("12 MG Road, Bengaluru 560001");
  const { inngestConfigured } = await import("./inngest/client");
  if (inngestConfigured()) return;
  const { startRunner } = await import("./inngest/runner");
  startRunner();
}
