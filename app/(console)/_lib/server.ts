import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { appRouter } from "~/server/api/root";
import { createCallerFactory } from "~/server/api/trpc";
import { config } from "~/server/config";
import { createConsoleContext } from "~/server/console/context";
import { DakiyaError } from "~/server/errors";
import { newId } from "~/server/ids";

const createCaller = createCallerFactory(appRouter);

/**
 * The tRPC procedures for server components, called in-process as the signed-in member (the same
 * context the console's tRPC endpoint builds). Signed out: the sign-in page. One per request.
 */
export const serverApi = cache(async () => {
  const h = await headers();
  const origin = config().DAKIYA_PUBLIC_URL ?? `${h.get("x-forwarded-proto") ?? "http"}://${h.get("host") ?? "localhost"}`;
  try {
    return createCaller(await createConsoleContext({ headers: h, requestId: newId("req"), origin }));
  } catch (err) {
    if (err instanceof DakiyaError && err.code === "unauthenticated") redirect("/sign-in");
    throw err;
  }
});
