/** Dates as the API answers them: ISO strings, null kept. */
export const iso = (date: Date | null) => (date ? date.toISOString() : null);
