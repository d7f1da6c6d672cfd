import { Inngest } from "inngest";
import type { Config } from "../server/config";

/** What the Inngest client needs of the configuration, passed in: nothing here reads it at import. */
export type InngestSettings = Pick<Config, "INNGEST_DEV" | "INNGEST_EVENT_KEY" | "INNGEST_SIGNING_KEY">;

/**
 * Inngest runs the background work when it is configured: the dev server (INNGEST_DEV=1) or
 * Inngest Cloud / self-hosted `inngest start` (INNGEST_EVENT_KEY + INNGEST_SIGNING_KEY). Otherwise
 * the in-process runner (inngest/runner.ts) runs the same step bodies.
 */
export function inngestConfigured(settings: InngestSettings): boolean {
  return settings.INNGEST_DEV || Boolean(settings.INNGEST_EVENT_KEY);
}

export function createInngest(settings: InngestSettings): Inngest {
  return new Inngest({ id: "dakiya", isDev: settings.INNGEST_DEV, eventKey: settings.INNGEST_EVENT_KEY, signingKey: settings.INNGEST_SIGNING_KEY });
}
