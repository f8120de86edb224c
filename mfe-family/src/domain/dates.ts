/** A day as the reader's locale writes it (e.g. "Nov 20, 2026"); an unreadable value is shown as given. */
export function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
