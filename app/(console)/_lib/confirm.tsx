"use client";

import { useEffect, useId, useRef, useState } from "react";
import { button } from "./ui";

/**
 * A destructive action behind a second, explicit click: the first shows the question as an inline
 * alertdialog (so a screen reader announces it) and moves focus to the confirming button; Escape or
 * "Keep" puts everything back.
 */
export function ConfirmButton(props: {
  label: string;
  /** The accessible name when the visible label alone is ambiguous in a list ("Revoke" → "Revoke dk_live_AbCd…WxYz"). */
  name?: string;
  question: string;
  confirmLabel: string;
  keepLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <button ref={openerRef} type="button" aria-label={props.name} className={button.danger} disabled={props.pending} onClick={() => setAsking(true)}>
        {props.pending ? "Working…" : props.label}
      </button>
    );
  }
  const close = () => {
    setAsking(false);
    requestAnimationFrame(() => openerRef.current?.focus());
  };
  return (
    <div
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={questionId}
      className="flex flex-wrap items-center gap-2 rounded-md border border-red-300 bg-red-50 p-2"
      onKeyDown={(e) => e.key === "Escape" && close()}
    >
      <span id={questionId} className="text-sm font-medium text-red-900">
        {props.question}
      </span>
      <button
        ref={confirmRef}
        type="button"
        className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800"
        onClick={() => {
          setAsking(false);
          props.onConfirm();
        }}
      >
        {props.confirmLabel}
      </button>
      <button type="button" className={button.secondary} onClick={close}>
        {props.keepLabel ?? "Keep"}
      </button>
    </div>
  );
}
