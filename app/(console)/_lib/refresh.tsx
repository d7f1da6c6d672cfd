"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** Re-renders a server page every few seconds while something on it is still running. */
export function RefreshWhileActive({ active, everyMs = 3000 }: { active: boolean; everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, router]);
  return null;
}
