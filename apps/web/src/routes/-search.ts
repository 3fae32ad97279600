/** A search parameter that is a string, or nothing. */
export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** ?email=&token= as e-mailed links carry them, and ?from= when a registration carried it. */
export function emailLinkSearch(search: Record<string, unknown>): {
  email?: string;
  token?: string;
  from?: string;
} {
  const email = optionalString(search.email);
  const token = optionalString(search.token);
  const from = optionalString(search.from);
  return { ...(email ? { email } : {}), ...(token ? { token } : {}), ...(from ? { from } : {}) };
}

/** ?from=: the page to return to once registered, verified and logged in. */
export function returnSearch(search: Record<string, unknown>): { from?: string } {
  const from = optionalString(search.from);
  return from ? { from } : {};
}

/** A calendar day, YYYY-MM-DD, that exists; nothing otherwise. Kept free of zod: it runs in the first download. */
export function optionalLocalDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists && year >= 2000 && year <= 2100 ? value : undefined;
}
