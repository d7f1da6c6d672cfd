import { addressesRouter } from "./routers/addresses";
import { digipinRouter } from "./routers/digipin";
import { usageRouter } from "./routers/usage";
import { router } from "./trpc";

export const appRouter = router({
  digipin: digipinRouter,
  addresses: addressesRouter,
  usage: usageRouter,
});

export type AppRouter = typeof appRouter;
