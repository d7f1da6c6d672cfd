/**
 * The one clock. Everything that needs "now" asks here, so tests can move time
 * (retention, rate-limit windows, billing periods) without touching Date.
 */
let offsetMs = 0;
let frozenAt: number | null = null;

export function now(): Date {
  return new Date(nowMs());
}

export function nowMs(): number {
  return (frozenAt ?? Date.now()) + offsetMs;
}

/** Test helper: move the clock forward (or back) by `ms`. */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}

/** Test helper: pin the clock to an instant (null releases it). */
export function setClock(at: Date | null): void {
  frozenAt = at ? at.getTime() : null;
  offsetMs = 0;
}
