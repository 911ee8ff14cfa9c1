// A contractor's away period (vacation, emergency): from its first day (now, when that is today)
// to the end of its last day, Dayton time. While away no lead is sold to it (match-contractors.ts
// leaves it out and spend-caps.ts's reservation refuses it under the business's lock, which this
// file takes too), and its response clock stops (the SQL function open_minutes). Periods are kept
// after they end, so a response measured later still leaves them out. Periods never overlap: a new
// one replaces the future periods it overlaps, and one under way that runs into it ends where the
// new one begins (now, when that is today); one that does not overlap stays (an emergency now and
// a vacation booked for Christmas).
import { daytonDay, daytonInstant } from '../../../domain/dayton-time.ts';
import {
  AWAY_AHEAD_DAYS,
  AWAY_MAX_DAYS,
  AWAY_MESSAGES as M,
  type AwayReason,
} from '../../../domain/response-clock.ts';
import type { AwayPeriod, AwayState, TAwayInput } from '../../../schemas/away.ts';
import type { Db, Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day number (days since 1970-01-01) of "YYYY-MM-DD", or null when it is no calendar day. */
function dayNumber(day: string): number | null {
  const [y = 0, m = 0, d = 0] = day.split('-').map(Number);
  const utc = Date.UTC(y, m - 1, d);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return utc / DAY_MS;
}

/** The start of the Dayton day `n` (days since 1970-01-01). */
function dayStart(n: number): Date {
  const date = new Date(n * DAY_MS);
  return daytonInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), 0);
}

interface PeriodRow {
  id: string;
  starts_at: Date;
  ends_at: Date;
  reason: AwayReason;
  now: boolean;
}

async function openPeriods(sql: Db, businessId: string): Promise<PeriodRow[]> {
  return sql<PeriodRow[]>`
    select id, starts_at, ends_at, reason, starts_at <= clock_timestamp() as now
      from business_away_periods where business_id = ${businessId} and ends_at > clock_timestamp()
     order by starts_at`;
}

function periodOf(row: PeriodRow): AwayPeriod {
  return {
    id: row.id,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    firstDay: daytonDay(row.starts_at),
    lastDay: daytonDay(new Date(row.ends_at.getTime() - 1)),
    reason: row.reason,
    now: row.now,
  };
}

/** The periods that have not ended, the one under way (if any) first. */
export async function readAway(sql: Sql, businessId: string): Promise<AwayState> {
  return { periods: (await openPeriods(sql, businessId)).map(periodOf) };
}

/** Sets the away period (replacing one that has not ended); a bad day is a 400 naming its field. */
export async function setAway(
  sql: Sql,
  businessId: string,
  input: TAwayInput,
  now = new Date(),
): Promise<AwayState> {
  const first = dayNumber(input.firstDay);
  const last = dayNumber(input.lastDay);
  if (first === null) throw new AppError('BAD_REQUEST', M.date, { firstDay: [M.date] });
  if (last === null) throw new AppError('BAD_REQUEST', M.date, { lastDay: [M.date] });
  const today = dayNumber(daytonDay(now))!;
  if (first < today) throw new AppError('BAD_REQUEST', M.past, { firstDay: [M.past] });
  if (first > today + AWAY_AHEAD_DAYS) throw new AppError('BAD_REQUEST', M.tooFar, { firstDay: [M.tooFar] });
  if (last < first) throw new AppError('BAD_REQUEST', M.endBeforeStart, { lastDay: [M.endBeforeStart] });
  if (last - first + 1 > AWAY_MAX_DAYS)
    throw new AppError('BAD_REQUEST', M.tooLong, { lastDay: [M.tooLong] });
  await sql.begin(async (tx) => {
    // The reservation of a lead takes this lock too: no lead is reserved across the change.
    await tx`select 1 from businesses where id = ${businessId} for no key update`;
    const [start] = await tx<{ at: Date }[]>`
      select ${first === today ? tx`clock_timestamp()` : tx`${dayStart(first)}::timestamptz`} as at`;
    const end = dayStart(last + 1);
    // Future periods it overlaps are replaced; one under way that runs into it ends where it begins.
    await tx`
      delete from business_away_periods
       where business_id = ${businessId} and starts_at >= ${start!.at} and starts_at < ${end}`;
    await tx`
      update business_away_periods set ends_at = ${start!.at}
       where business_id = ${businessId} and starts_at < ${start!.at} and ends_at > ${start!.at}`;
    await tx`
      insert into business_away_periods (business_id, starts_at, ends_at, reason)
      values (${businessId}, ${start!.at}, ${end}, ${input.reason})`;
  });
  return readAway(sql, businessId);
}

/**
 * Ends the period `periodId` now when it is under way, or cancels it when it has not begun; one
 * that is over or not the business's is a 404. Whether it was ended (true) or cancelled.
 */
export async function endAway(sql: Sql, businessId: string, periodId: string): Promise<{ ended: boolean }> {
  return sql.begin(async (tx) => {
    await tx`select 1 from businesses where id = ${businessId} for no key update`;
    const period = (await openPeriods(tx, businessId)).find((p) => p.id === periodId);
    if (!period) throw new AppError('NOT_FOUND', M.notAway);
    if (period.now) {
      await tx`update business_away_periods set ends_at = clock_timestamp() where id = ${periodId}`;
    } else {
      await tx`delete from business_away_periods where id = ${periodId}`;
    }
    return { ended: period.now };
  });
}
