import Link from "next/link";

// The console's front door. Sign-in arrives with the console (better-auth); until then it points
// staff and developers at what works today.
export default function Home() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-8 px-6 py-12">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-blue-800">Dakiya</p>
        <h1 className="mt-2 text-3xl font-bold">Ship to addresses that get delivered</h1>
        <p className="mt-3 text-slate-700">
          Verify Indian addresses before you ship, get their DIGIPIN, and learn from every delivery outcome.
        </p>
      </header>
      <section aria-labelledby="signin" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="signin" className="text-lg font-semibold">
          Sign in to the console
        </h2>
        <p className="mt-2 text-slate-700">
          Console sign-in is coming soon. Your owner login was printed by <code className="rounded bg-slate-100 px-1">npm run dakiya -- workspace create</code>.
        </p>
      </section>
      <nav aria-label="Developer links" className="flex gap-4">
        <Link className="rounded-md bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900" href="/docs">
          API reference
        </Link>
        <a className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100" href="/api/v1/openapi.json">
          openapi.json
        </a>
      </nav>
    </main>
  );
}
