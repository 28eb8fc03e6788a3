/**
 * Monthly billing periods anchored on the workspace's creation instant (UTC):
 * period k starts at anchor + k months, the day clamped to the month's length
 * (an anchor on the 31st starts February's period on the 28th/29th), which is
 * what PostgreSQL's `timestamp + interval 'k months'` computes too.
 */
export interface BillingPeriod {
  index: number;
  start: Date;
  end: Date;
}

export function addMonthsClamped(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const daysInTarget = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      targetYear,
      targetMonth,
      Math.min(anchor.getUTCDate(), daysInTarget),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

export function getBillingPeriodByIndex(anchor: Date, index: number): BillingPeriod {
  return { index, start: addMonthsClamped(anchor, index), end: addMonthsClamped(anchor, index + 1) };
}

/** The period that contains `now` (the first one when `now` precedes the anchor). */
export function getBillingPeriod(anchor: Date, now: Date): BillingPeriod {
  let index =
    (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  if (index < 0) return getBillingPeriodByIndex(anchor, 0);
  if (addMonthsClamped(anchor, index) > now) index--;
  return getBillingPeriodByIndex(anchor, Math.max(0, index));
}
