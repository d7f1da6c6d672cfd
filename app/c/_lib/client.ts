import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "~/server/api/root";
import type { inferRouterOutputs } from "@trpc/server";

/** The buyer page's procedures from the browser: the console's tRPC endpoint, which serves them without a session. */
export const linkApi = createTRPCClient<AppRouter>({ links: [httpLink({ url: "/api/trpc" })] }).confirmations.link;

type Outputs = inferRouterOutputs<AppRouter>["confirmations"]["link"];
export type LinkView = Outputs["view"];
export type LocatedPoint = Outputs["locate"];
export type Submitted = Outputs["submit"];
