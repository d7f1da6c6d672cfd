import { Inngest } from "inngest";
import { config } from "../server/config";

/**
 * Inngest runs the background work when it is configured: the dev server (INNGEST_DEV=1) or
 * Inngest Cloud / self-hosted `inngest start` (INNGEST_EVENT_KEY + INNGEST_SIGNING_KEY). Otherwise
 * the in-process runner (inngest/runner.ts) runs the same step bodies.
 */
export function inngestConfigured(): boolean {
  const c = config();
  return c.INNGEST_DEV || Boolean(c.INNGEST_EVENT_KEY);
}

export const inngest = new Inngest({ id: "dakiya", isDev: config().INNGEST_DEV });
