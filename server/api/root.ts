import { addressesRouter } from "./routers/addresses";
import { analyticsRouter } from "./routers/analytics";
import { batchesRouter } from "./routers/batches";
import { confirmationsRouter } from "./routers/confirmations";
import { consoleRouter } from "./routers/console";
import { digipinRouter } from "./routers/digipin";
import { outcomesRouter } from "./routers/outcomes";
import { policyRouter } from "./routers/policy";
import { privacyRouter } from "./routers/privacy";
import { usageRouter } from "./routers/usage";
import { router } from "./trpc";

/** One router per REST resource, named as the first segment of its paths (docs/decisions.md, "The house"); the console's own procedures under `console`. */
export const appRouter = router({
  digipin: digipinRouter,
  addresses: addressesRouter,
  batches: batchesRouter,
  usage: usageRouter,
  outcomes: outcomesRouter,
  confirmations: confirmationsRouter,
  policy: policyRouter,
  analytics: analyticsRouter,
  privacy: privacyRouter,
  console: consoleRouter,
});

export type AppRouter = typeof appRouter;
