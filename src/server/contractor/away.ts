// A contractor's away period (vacation, emergency): from its first day (now, when that is today)
// to the end of its last day, Dayton time. While away no lead is sold to it (match-contractors.ts
// leaves it out and spend-caps.ts's reservation refuses it under the business's lock, which this
// file takes too), and its response clock stops (the SQL function open_minutes). Periods are kept
// after they end, so a response measured later still leaves them out; a business has at most one
// period that has not ended: a new one replaces it (an under-way one is ended now, a future one
// dropped).
import { daytonClock, daytonInstant } from '../../domain/dayton-time.ts';
import {
  AWAY_AHEAD_DAYS,
  AWAY_MAX_DAYS,
  AWAY_MESSAGES as M,
  type AwayReason,
} from '../../domain/response-clock.ts';
import type { AwayState, TAwayInput } from '../../schemas/away.ts';
import type { Sql, TransactionSql } from '../db/client.ts';
import { AppError } from '../errors.ts';

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

/** "YYYY-MM-DD" of the Dayton day `at` falls in. */
function dayOf(at: Date): string {
  const c = daytonClock(at);
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

interface PeriodRow {
  id: string;
  starts_at: Date;
  ends_at: Date;
  reason: AwayReason;
  now: boolean;
}

async function openPeriod(sql: Sql | TransactionSql, businessId: string): Promise<PeriodRow | null> {
  const [row] = await sql<PeriodRow[]>`
    select id, starts_at, ends_at, reason, starts_at <= now() as now
      from business_away_periods where business_id = ${businessId} and ends_at > now()
     order by starts_at limit 1`;
  return row ?? null;
}

function stateOf(row: PeriodRow | null): AwayState {
  if (!row) return { away: null };
  return {
    away: {
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at.toISOString(),
      firstDay: dayOf(row.starts_at),
      lastDay: dayOf(new Date(row.ends_at.getTime() - 1)),
      reason: row.reason,
      now: row.now,
    },
  };
}

export async function readAway(sql: Sql, businessId: string): Promise<AwayState> {
  return stateOf(await openPeriod(sql, businessId));
}

/** Ends the period under way now, or drops one that has not begun. Under the business's lock. */
async function closeOpenPeriod(tx: TransactionSql, businessId: string): Promise<void> {
  await tx`
    delete from business_away_periods
     where business_id = ${businessId} and starts_at > now()`;
  await tx`
    update business_away_periods set ends_at = now()
     where business_id = ${businessId} and starts_at <= now() and ends_at > now()`;
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
  const today = dayNumber(dayOf(now))!;
  if (first < today) throw new AppError('BAD_REQUEST', M.past, { firstDay: [M.past] });
  if (first > today + AWAY_AHEAD_DAYS) throw new AppError('BAD_REQUEST', M.tooFar, { firstDay: [M.tooFar] });
  if (last < first) throw new AppError('BAD_REQUEST', M.endBeforeStart, { lastDay: [M.endBeforeStart] });
  if (last - first + 1 > AWAY_MAX_DAYS)
    throw new AppError('BAD_REQUEST', M.tooLong, { lastDay: [M.tooLong] });
  await sql.begin(async (tx) => {
    // The reservation of a lead takes this lock too: no lead is reserved across the change.
    await tx`select 1 from businesses where id = ${businessId} for no key update`;
    await closeOpenPeriod(tx, businessId);
    await tx`
      insert into business_away_periods (business_id, starts_at, ends_at, reason)
      values (${businessId}, ${first === today ? tx`now()` : dayStart(first)}, ${dayStart(last + 1)}, ${input.reason})`;
  });
  return readAway(sql, businessId);
}

/** Ends the away time now (or cancels one that has not begun); nothing set is a 404. */
export async function endAway(sql: Sql, businessId: string): Promise<AwayState> {
  await sql.begin(async (tx) => {
    await tx`select 1 from businesses where id = ${businessId} for no key update`;
    if (!(await openPeriod(tx, businessId))) throw new AppError('NOT_FOUND', M.notAway);
    await closeOpenPeriod(tx, businessId);
  });
  return readAway(sql, businessId);
}
