import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { errorCode, serverApi } from "../(console)/_lib/server";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  const signedIn = await (await serverApi()).console.me().then(
    () => true,
    (err: unknown) => {
      if (errorCode(err) === "unauthenticated") return false;
      throw err;
    },
  );
  if (signedIn) redirect("/overview");
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 px-4 py-12">
      <header>
        <p className="text-sm font-bold uppercase tracking-wide text-blue-800">Dakiya</p>
        <h1 className="mt-2 text-2xl font-bold">Sign in to the console</h1>
        <p className="mt-2 text-slate-700">
          Verify addresses, upload the day&apos;s orders and manage your keys and webhooks. The first login of a workspace is printed by{" "}
          <code className="rounded bg-slate-100 px-1">npm run dakiya -- workspace create</code>; owners and admins invite everyone else.
        </p>
      </header>
      <SignInForm />
      <p className="text-sm text-slate-700">
        Developers: the{" "}
        <Link className="font-medium text-blue-800 underline" href="/docs">
          API reference
        </Link>
        .
      </p>
    </main>
  );
}
