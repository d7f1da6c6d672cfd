import { addressesRouter } from "./routers/addresses";
import { batchesRouter } from "./routers/batches";
import { confirmationsRouter } from "./routers/confirmations";
import { consoleRouter } from "./routers/console";
import { digipinRouter } from "./routers/digipin";
import { analyticsRouter, policyRouter } from "./routers/policy";
import { privacyRouter } from "./routers/privacy";
import { usageRouter } from "./routers/usage";
import { verificationsRouter } from "./routers/verifications";
import { router } from "./trpc";

export const appRouter = router({
  digipin: digipinRouter,
  addresses: addressesRouter,
  batches: batchesRouter,
  usage: usageRouter,
  verifications: verificationsRouter,
  confirmations: confirmationsRouter,
  policy: policyRouter,
  analytics: analyticsRouter,
  privacy: privacyRouter,
  console: consoleRouter,
});

export type AppRouter = typeof appRouter;
