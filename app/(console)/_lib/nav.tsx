"use client";

import { IntentLink } from "./intent-link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/overview", label: "Overview" },
  { href: "/batches", label: "Batches" },
  { href: "/verify", label: "Verify" },
  { href: "/policy", label: "Policy" },
  { href: "/outcomes", label: "Outcomes" },
  { href: "/keys", label: "API keys" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/usage", label: "Usage and plan" },
  { href: "/members", label: "Members" },
  { href: "/settings/buyers-data", label: "Buyers' data" },
];

export function NavLinks() {
  const path = usePathname();
  return (
    <ul className="flex gap-1 overflow-x-auto md:flex-col">
      {LINKS.map((l) => {
        const current = path === l.href || path.startsWith(`${l.href}/`);
        return (
          <li key={l.href}>
            <IntentLink
              href={l.href}
              aria-current={current ? "page" : undefined}
              className={`block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${current ? "bg-blue-800 text-white" : "text-slate-800 hover:bg-slate-200"}`}
            >
              {l.label}
            </IntentLink>
          </li>
        );
      })}
    </ul>
  );
}
