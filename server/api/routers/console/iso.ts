/** A date as the console's JSON carries it; null stays null. */
export const iso = (d: Date | null) => d?.toISOString() ?? null;
