import { ApiError } from "@/lib/http/errors";

export const DAY_MS = 86_400_000;
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export type DayRange = { from: string; to: string; start: Date; end: Date };

/**
 * A range of whole UTC days from optional YYYY-MM-DD bounds: `to` defaults to today, `from` to
 * `defaultDays` − 1 days before `to`; `end` is exclusive (the day after `to`). 400 when `from` is after
 * `to` or the range is longer than `maxDays`.
 */
export function dayRange({ from, to, now = new Date(), defaultDays = 30, maxDays = 366 }: { from?: string; to?: string; now?: Date; defaultDays?: number; maxDays?: number }): DayRange {
  const toDay = to ?? dayOf(now);
  const fromDay = from ?? dayOf(new Date(Date.parse(`${toDay}T00:00:00Z`) - (defaultDays - 1) * DAY_MS));
  const start = Date.parse(`${fromDay}T00:00:00Z`);
  const end = Date.parse(`${toDay}T00:00:00Z`) + DAY_MS;
  if (end <= start) throw new ApiError("invalid-request", "from: must not be after to");
  if ((end - start) / DAY_MS > maxDays) throw new ApiError("invalid-request", `to: the range may span at most ${maxDays} days`);
  return { from: fromDay, to: toDay, start: new Date(start), end: new Date(end) };
}
