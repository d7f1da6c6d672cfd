"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * A console link prefetched when the pointer or focus reaches it, not when it scrolls into view:
 * every console route renders per member (the layout reads the session), so viewport prefetching
 * asked the server for each link on the page at once, competing with the page's own requests.
 */
export function IntentLink(props: Omit<ComponentProps<typeof Link>, "prefetch">) {
  const [intent, setIntent] = useState(false);
  const want = () => setIntent(true);
  return <Link {...props} prefetch={intent ? null : false} onMouseEnter={want} onFocus={want} onTouchStart={want} />;
}
