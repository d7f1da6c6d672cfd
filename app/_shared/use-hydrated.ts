"use client";

import { useSyncExternalStore } from "react";

/**
 * False on the server and while the page's script has not yet taken over the HTML; true once it has.
 * Forms use it to refuse a send before their handler exists (the browser would send it itself).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
}
