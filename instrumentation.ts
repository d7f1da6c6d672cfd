/** Next.js start-up hook: without Inngest configured, the in-process runner does the background work. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { inngestConfigured } = await import("./inngest/client");
  if (inngestConfigured()) return;
  const { startRunner } = await import("./inngest/runner");
  startRunner();
}
