import { addressesRouter } from "./routers/addresses";
import { digipinRouter } from "./routers/digipin";
import { usageRouter } from "./routers/usage";
import { verificationsRouter } from "./routers/verifications";
import { router } from "./trpc";

export const appRouter = router({
  digipin: digipinRouter,
  addresses: addressesRouter,
  usage: usageRouter,
  verifications: verificationsRouter,
});

export type AppRouter = typeof appRouter;
