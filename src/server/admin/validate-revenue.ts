// Revenue validation: our ledger (payment_transactions) against the gateway's own list of charges
// for a period. Every paid or refunded row must have a succeeded charge of the same amount with
// the same amount refunded; a failed row must not have taken money; every succeeded charge must
// have a row. Both sides are read REVENUE_MATCH_MARGIN_HOURS beyond the period and matched by
// PaymentIntent id, so a row and its charge stamped on either side of the period's edge still
// pair up; a pair is reported when either side lies in the period.
import {
  PAYMENTS_MESSAGES as M,
  REVENUE_DEFAULT_DAYS,
  REVENUE_MATCH_MARGIN_HOURS,
  REVENUE_MAX_DAYS,
  type MismatchKind,
} from '../../domain/admin-payments-rules.ts';
import { isoDay } from '../../domain/format.ts';
import { formatMoney } from '../../domain/money.ts';
import type { RevenueMismatch, RevenueReport, TRevenueQuery } from '../../schemas/admin-payments.ts';
import type { Sql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import type { GatewayCharge, PaymentGateway } from '../money/index.ts';

const DAY_MS = 86_400_000;

function parseDay(day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || isoDay(date) !== day)
    throw new AppError('BAD_REQUEST', 'Use YYYY-MM-DD');
  return date;
}

/** The period's days (UTC, both included): by default the last REVENUE_DEFAULT_DAYS to today. */
export function revenuePeriod(
  query: TRevenueQuery,
  now = new Date(),
): { from: string; to: string; since: Date; until: Date } {
  const to = query.to ? parseDay(query.to) : parseDay(isoDay(now));
  const from = query.from
    ? parseDay(query.from)
    : new Date(to.getTime() - (REVENUE_DEFAULT_DAYS - 1) * DAY_MS);
  if (from > to) throw new AppError('BAD_REQUEST', M.periodOrder);
  if ((to.getTime() - from.getTime()) / DAY_MS + 1 > REVENUE_MAX_DAYS)
    throw new AppError('BAD_REQUEST', M.periodTooLong);
  return { from: isoDay(from), to: isoDay(to), since: from, until: new Date(to.getTime() + DAY_MS) };
}

interface LedgerRow {
  id: string;
  created_at: Date;
  business_name: string;
  amount_cents: number;
  refunded_cents: number;
  status: 'paid' | 'succeeded' | 'refunded' | 'failed' | 'pending';
  payment_intent_id: string | null;
}

export async function validateRevenue(
  sql: Sql,
  gateway: PaymentGateway,
  query: TRevenueQuery,
  now = new Date(),
): Promise<RevenueReport> {
  const period = revenuePeriod(query, now);
  const margin = REVENUE_MATCH_MARGIN_HOURS * 3_600_000;
  const wideSince = new Date(period.since.getTime() - margin);
  const wideUntil = new Date(period.until.getTime() + margin);
  const inPeriod = (date: Date) => date >= period.since && date < period.until;

  const [ledger, charges] = await Promise.all([
    sql<LedgerRow[]>`
      select t.id, t.created_at, b.name as business_name, t.payment_amount_cents as amount_cents,
             t.refunded_amount_cents as refunded_cents, t.payment_status as status,
             t.stripe_payment_intent_id as payment_intent_id
        from payment_transactions t join businesses b on b.id = t.business_id
       where t.created_at >= ${wideSince} and t.created_at < ${wideUntil}
         and t.payment_status in ('paid', 'succeeded', 'refunded', 'failed', 'pending')
       order by t.created_at, t.id`,
    gateway.listCharges({ since: wideSince, until: wideUntil }),
  ]);
  const byIntent = new Map<string, GatewayCharge>(charges.map((c) => [c.paymentIntentId, c]));
  const seen = new Set<string>();
  const mismatches: RevenueMismatch[] = [];
  let matched = 0;

  const report = (kind: MismatchKind, row: LedgerRow | null, charge: GatewayCharge | null, detail: string) =>
    mismatches.push({
      kind,
      paymentIntentId: row?.payment_intent_id ?? charge?.paymentIntentId ?? null,
      transactionId: row?.id ?? null,
      businessName: row?.business_name ?? null,
      at: (row?.created_at ?? charge!.created).toISOString(),
      ledgerAmountCents: row?.amount_cents ?? null,
      gatewayAmountCents: charge?.amountCents ?? null,
      ledgerStatus: row?.status ?? null,
      gatewayStatus: charge?.status ?? null,
      detail,
    });

  for (const row of ledger) {
    const tookMoney = row.status === 'paid' || row.status === 'succeeded' || row.status === 'refunded';
    const charge = row.payment_intent_id ? byIntent.get(row.payment_intent_id) : undefined;
    if (charge) seen.add(charge.paymentIntentId);
    if (!inPeriod(row.created_at) && !(charge && inPeriod(charge.created))) continue;
    if (!charge) {
      if (!tookMoney) continue; // a failed or pending attempt without a charge took nothing
      report(
        'missing_at_gateway',
        row,
        null,
        row.payment_intent_id
          ? `The gateway has no charge ${row.payment_intent_id} for this ${row.status} transaction.`
          : `This ${row.status} transaction records no charge at the gateway.`,
      );
      continue;
    }
    let clean = true;
    if (charge.amountCents !== row.amount_cents) {
      clean = false;
      report(
        'amount_differs',
        row,
        charge,
        `Ledger ${formatMoney(row.amount_cents)}, gateway ${formatMoney(charge.amountCents)}.`,
      );
    }
    const expectedRefund =
      row.status === 'refunded' ? row.refunded_cents || row.amount_cents : row.refunded_cents;
    const statusProblem =
      tookMoney && charge.status !== 'succeeded'
        ? `The ledger says ${row.status}; the gateway's charge is ${charge.status}.`
        : !tookMoney && charge.status === 'succeeded'
          ? `The gateway took ${formatMoney(charge.amountCents)}; the ledger says ${row.status}.`
          : tookMoney && charge.amountRefundedCents !== expectedRefund
            ? `Refunded: ledger ${formatMoney(expectedRefund)}, gateway ${formatMoney(charge.amountRefundedCents)}.`
            : null;
    if (statusProblem) {
      clean = false;
      report('status_differs', row, charge, statusProblem);
    }
    if (clean) matched += 1;
  }
  for (const charge of charges) {
    if (seen.has(charge.paymentIntentId) || charge.status !== 'succeeded' || !inPeriod(charge.created))
      continue;
    report(
      'missing_in_ledger',
      null,
      charge,
      `The gateway took ${formatMoney(charge.amountCents)} (${charge.paymentIntentId}); no transaction records it.`,
    );
  }
  mismatches.sort((a, b) => b.at.localeCompare(a.at));
  return {
    from: period.from,
    to: period.to,
    gateway: gateway.name,
    ledgerRows: ledger.filter((r) => inPeriod(r.created_at)).length,
    gatewayCharges: charges.filter((c) => inPeriod(c.created)).length,
    matched,
    mismatches,
  };
}
