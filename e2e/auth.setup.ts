import { test as setup } from "@playwright/test";
import { E2E } from "./env";
import { seed, signIn } from "./helpers";

// Signs each account in once and keeps its session for the specs, so the suite stays well under
// the sign-in rate limit (10 attempts a minute per client).
setup("sign in the seeded accounts", async ({ browser }) => {
  const s = seed();
  const accounts = [
    [s.acme.console.email, s.acme.console.password, E2E.state.owner],
    [s.viewer.email, s.viewer.password, E2E.state.viewer],
    [s.other.console.email, s.other.console.password, E2E.state.other],
  ] as const;
  for (const [email, password, file] of accounts) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, email, password);
    await context.storageState({ path: file });
    await context.close();
  }
});
