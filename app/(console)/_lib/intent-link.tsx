"use client";

import Link, { useLinkStatus } from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * A console link prefetched when the pointer or focus reaches it, not when it scrolls into view:
 * every console route renders per member (the layout reads the session), so viewport prefetching
 * asked the server for each link on the page at once, competing with the page's own requests.
 *
 * The console has no loading screen (React reveals a streamed boundary's content up to 300 ms after
 * its fallback was painted, which held the batch page's rows back), so a clicked link says it is
 * opening until the next page arrives.
 */
export function IntentLink({ children, ...props }: Omit<ComponentProps<typeof Link>, "prefetch">) {
  const [intent, setIntent] = useState(false);
  const want = () => setIntent(true);
  return (
    <Link {...props} prefetch={intent ? null : false} onMouseEnter={want} onFocus={want} onTouchStart={want}>
      {children}
      <Opening />
    </Link>
  );
}

function Opening() {
  const { pending } = useLinkStatus();
  return pending ? (
    <span className="ml-1 inline-block animate-pulse" aria-hidden="true">
      …
    </span>
  ) : null;
}
