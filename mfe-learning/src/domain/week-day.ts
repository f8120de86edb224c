/** The place of a day (YYYY-MM-DD) in its week, Monday first: Monday 0 … Sunday 6; undefined when not a date. */
export function weekDayIndex(day: string): number | undefined {
  const date = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return undefined;
  return (date.getUTCDay() + 6) % 7;
}
