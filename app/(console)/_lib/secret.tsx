"use client";

import { useId, useRef, useState } from "react";
import { button } from "./ui";

/** A secret shown this once: selectable, with a copy button, and a warning that it will not be shown again. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("yes");
    } catch {
      inputRef.current?.select();
      setCopied("failed");
    }
  };
  return (
    <div className="rounded-md border border-amber-600 bg-amber-50 p-4">
      <label htmlFor={id} className="block text-sm font-semibold text-amber-950">
        {label}
      </label>
      <p className="mt-1 text-sm text-amber-950">Copy it now and keep it somewhere safe: it will not be shown again.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={id}
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm"
        />
        <button type="button" className={button.secondary} onClick={copy}>
          Copy
        </button>
        <button type="button" className={button.secondary} onClick={onDone}>
          Done
        </button>
      </div>
      <p role="status" className="mt-1 text-sm text-amber-950">
        {copied === "yes" ? "Copied to the clipboard." : copied === "failed" ? "Could not copy: the text is selected, press Ctrl+C (⌘C)." : ""}
      </p>
    </div>
  );
}
