import { NavLinks } from "./_lib/nav";
import { serverApi, signedIn } from "./_lib/server";
import { SignOutButton } from "./_lib/sign-out";
import { ConsoleProviders } from "./_lib/trpc";

const ROLE_WORDS = { owner: "Owner", admin: "Admin", viewer: "Viewer (read only)" } as const;

/** Every console page: signed in (else the sign-in page), one header with the workspace and the account, one navigation. */
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const me = await signedIn((await serverApi()).console.me());
  return (
    <ConsoleProviders me={me}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div>
            <p className="text-sm font-bold uppercase tracking-wide text-blue-800">Dakiya</p>
            <p className="text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{me.workspace.name}</span> · plan {me.plan.id}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <p className="text-slate-700">
              <span className="font-medium text-slate-900">{me.email}</span> · {ROLE_WORDS[me.role]}
            </p>
            <SignOutButton />
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 py-4 md:flex md:gap-6 md:py-6">
        <nav aria-label="Console" className="mb-4 md:mb-0 md:w-48 md:shrink-0">
          <NavLinks />
        </nav>
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </ConsoleProviders>
  );
}
