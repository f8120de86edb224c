/**
 * The monthly gem limit as typed: blank is "no limit" (null), a whole number ≥ 0 is the limit, anything else is
 * invalid (undefined). The upper bound is the server's (contracts' MONTHLY_GEM_CAP_MAX; its 400 is shown): the
 * browser does not import the contracts' values module, which would bring zod into the first load.
 */
export function parseGemCap(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const cap = Number(trimmed);
  return Number.isSafeInteger(cap) ? cap : undefined;
}
