import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "~/server/auth";

// Sign-in, sign-out and session endpoints of better-auth under /api/auth.
export const dynamic = "force-dynamic";
export const { GET, POST } = toNextJsHandler((request) => auth().handler(request));
