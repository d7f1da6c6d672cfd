"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { createContext, useContext, useState } from "react";
import type { AppRouter } from "~/server/api/root";
import { MODE_HEADER, type ConsoleMode } from "~/lib/shared";
import { describeError } from "./errors";

export const api = createTRPCReact<AppRouter>();
export type Outputs = inferRouterOutputs<AppRouter>;
export type Me = Outputs["console"]["me"];

/** Per-call tRPC context: `{ mode: "test" }` sends the call in test mode (verify). */
export function modeContext(mode: ConsoleMode) {
  return { trpc: { context: { mode } } };
}

const MeContext = createContext<Me | null>(null);

/** The signed-in member, their role and workspace (from the layout, rendered on the server). */
export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error("useMe outside the console layout");
  return me;
}

function signedOut(error: unknown): void {
  if (describeError(error).code === "unauthenticated") window.location.assign("/sign-in");
}

export function ConsoleProviders({ me, children }: { me: Me; children: React.ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: signedOut }),
        mutationCache: new MutationCache({ onError: signedOut }),
        defaultOptions: {
          queries: { staleTime: 5_000, refetchOnWindowFocus: false, retry: (count, error) => count < 2 && (describeError(error).status ?? 500) >= 500 },
        },
      }),
  );
  const [client] = useState(() =>
    api.createClient({
      links: [
        // Test-mode calls travel alone with the mode header; everything else is batched, in live mode.
        splitLink({
          condition: (op) => op.context.mode === "test",
          true: httpLink({ url: "/api/trpc", headers: { [MODE_HEADER]: "test" } }),
          false: httpBatchLink({ url: "/api/trpc" }),
        }),
      ],
    }),
  );
  return (
    <MeContext.Provider value={me}>
      <api.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </api.Provider>
    </MeContext.Provider>
  );
}
