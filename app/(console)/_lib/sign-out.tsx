"use client";

import { createAuthClient } from "better-auth/client";
import { useState } from "react";

const authClient = createAuthClient();

/** Ends the session (better-auth deletes it and clears the cookie), then the sign-in page. */
export function SignOutButton() {
  const [pending, setPending] = useState(false);
  async function signOut() {
    setPending(true);
    await authClient.signOut();
    window.location.assign("/sign-in");
  }
  return (
    <button type="button" onClick={signOut} disabled={pending} className="rounded-md border border-slate-400 px-3 py-1.5 font-medium text-slate-900 hover:bg-slate-100 disabled:opacity-60">
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
