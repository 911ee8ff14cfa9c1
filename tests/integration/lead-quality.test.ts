// Lead quality, published (issue 27, Must 7): the figures the page, its JSON twin and /ai show are
// counted from the ledger. A fresh database gets a known ledger over three Dayton months (and rows
// that must not count: a test request, a charge that failed, one still pending, a sale 13 months
// ago and one the evening before the window's first Dayton day, credits denied or still open); the
// report must equal both the figures worked out by hand
// and a second, independent reading of the ledger (each charge fetched and counted in code), and
// the page's cells are the report's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualityCells, type LeadQualityCounts } from '../../src/domain/lead-quality.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { readLeadQuality } from '../../src/server/site/pages/lead-quality.ts';
import { createBusiness, createLead } from '../factories/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;
/** The build's clock: 20 November 2026, noon in Dayton. */
const NOW = new Date('2026-11-20T17:00:00Z');
const pros: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  for (let i = 0; i < 3; i += 1)
    pros.push((await createBusiness(sql, { services: ['plumbing', 'roofing'] })).id);
});

afterAll(async () => {
  await sql.end();
  await database.drop();
});

interface Charge {
  /** ISO time of the charge. */
  at: string;
  status?: 'paid' | 'refunded' | 'failed' | 'pending';
  /** Minutes after the lead's first charge that this contractor first responded. */
  respondedAfter?: number;
  credit?: { reason: string; status: 'refunded' | 'denied' | 'open' };
}

let n = 0;
async function sale(
  service: string,
  charges: Charge[],
  lead: {
    proven?: boolean;
    asked?: boolean;
    outcome?: 'hired' | 'postponed' | 'not_going_ahead';
    test?: boolean;
  } = {},
): Promise<void> {
  const { id } = await createLead(sql, { service });
  await sql`
    update leads set phone_verified_at = ${lead.proven === false ? null : new Date(charges[0]!.at)},
                     outcome = ${lead.outcome ?? null}, outcome_at = ${lead.outcome ? NOW : null},
                     outcome_asked_at = ${lead.asked ? NOW : null}, is_test = ${lead.test ?? false}
     where id = ${id}`;
  const first = new Date(charges[0]!.at).getTime();
  for (const [i, charge] of charges.entries()) {
    const status = charge.status ?? 'paid';
    const charged = status === 'paid' || status === 'refunded' ? new Date(charge.at) : null;
    const responded =
      charge.respondedAfter === undefined ? null : new Date(first + charge.respondedAfter * 60_000);
    const [d] = await sql<{ id: string }[]>`
      insert into lead_distributions (lead_id, business_id, rank, status, created_at, sent_at, charged_at,
                                      payment_status, responded_at)
      values (${id}, ${pros[i]!}, ${i + 1}, ${responded ? 'responded' : 'sent'}, ${new Date(charge.at)},
              ${new Date(charge.at)}, ${charged}, ${status}, ${responded})
      returning id`;
    if (charge.credit) {
      n += 1;
      await sql`
        insert into lead_credits (business_id, distribution_id, reason, status, finding, amount_cents,
                                  idempotency_key, refunded_at, decided_at, decision_reason)
        values (${pros[i]!}, ${d!.id}, ${charge.credit.reason}, ${charge.credit.status}, 'checked', 3000,
                ${`quality-${n}`}, ${charge.credit.status === 'refunded' ? NOW : null},
                ${charge.credit.status === 'open' ? null : NOW}, ${charge.credit.status === 'open' ? null : 'checked'})`;
    }
  }
}

beforeAll(async () => {
  // November 2026, plumbing: three leads.
  await sale(
    'plumbing',
    [
      { at: '2026-11-03T15:00:00Z', respondedAfter: 30 },
      { at: '2026-11-03T15:00:05Z', respondedAfter: 90 },
      { at: '2026-11-03T15:00:09Z', status: 'refunded', credit: { reason: 'duplicate', status: 'refunded' } },
    ],
    { asked: true, outcome: 'hired' },
  );
  await sale(
    'plumbing',
    [{ at: '2026-11-10T14:00:00Z', respondedAfter: 120 }, { at: '2026-11-10T14:00:03Z' }],
    {
      asked: true,
    },
  );
  await sale(
    'plumbing',
    [{ at: '2026-11-15T20:00:00Z', credit: { reason: 'fake', status: 'refunded' }, status: 'refunded' }],
    { proven: false, outcome: 'postponed' },
  );
  // November 2026, roofing: one lead, a credit denied (not a credit).
  await sale(
    'roofing',
    [{ at: '2026-11-18T13:00:00Z', respondedAfter: 10, credit: { reason: 'other', status: 'denied' } }],
    {
      asked: true,
      outcome: 'not_going_ahead',
    },
  );
  // October 2026 in Dayton: 31 October, 11 pm (already 1 November in UTC).
  await sale(
    'roofing',
    [
      { at: '2026-11-01T03:00:00Z', respondedAfter: 45 },
      { at: '2026-11-01T03:00:02Z', credit: { reason: 'outside_area', status: 'open' } },
    ],
    {
      asked: true,
      outcome: 'hired',
    },
  );
  // The window's first Dayton day: 1 December 2025 at 00:30 counts; 30 November at 23:30 does not.
  await sale('plumbing', [
    {
      at: '2025-12-01T05:30:00Z',
      respondedAfter: 60,
      status: 'refunded',
      credit: { reason: 'reported', status: 'refunded' },
    },
  ]);
  await sale('plumbing', [{ at: '2025-12-01T04:30:00Z', respondedAfter: 2 }], {
    asked: true,
    outcome: 'hired',
  });
  // Not counted: a test request, a lead whose only charge failed, one still pending, a sale 13 months ago.
  await sale('plumbing', [{ at: '2026-11-05T15:00:00Z', respondedAfter: 5 }], { test: true });
  await sale('plumbing', [{ at: '2026-11-06T15:00:00Z', status: 'failed' }]);
  await sale('roofing', [{ at: '2026-11-07T15:00:00Z', status: 'pending' }]);
  await sale('plumbing', [{ at: '2025-10-15T15:00:00Z', respondedAfter: 1 }]);
  // After the build's clock: not yet in these figures.
  await sale('plumbing', [{ at: '2026-11-21T15:00:00Z' }]);
});

const line = (rows: LeadQualityCounts[], month: string, slug: string | null) =>
  rows.find((r) => r.month === month && (r.service?.slug ?? null) === slug);

describe('the published lead-quality figures', () => {
  it('are the ledger as worked out by hand', async () => {
    const report = await readLeadQuality(sql, NOW);
    expect(report.months).toEqual(['2026-11', '2026-10', '2025-12']);
    expect(line(report.rows, '2026-11', 'plumbing')).toEqual({
      month: '2026-11',
      service: { slug: 'plumbing', name: 'Plumbing' },
      leadsSold: 3,
      sales: 6,
      provenPhone: 2,
      credited: 2,
      creditReasons: { duplicate: 1, fake: 1 },
      responded: 2,
      medianFirstResponseMinutes: 75, // 30 and 120 minutes
      asked: 3,
      answered: 2,
      hired: 1,
    });
    expect(line(report.rows, '2026-11', null)).toMatchObject({
      leadsSold: 4,
      sales: 7,
      credited: 2,
      responded: 3,
      medianFirstResponseMinutes: 30, // 10, 30 and 120
      asked: 4,
      answered: 3,
      hired: 1,
    });
    expect(line(report.rows, '2026-10', 'roofing')).toMatchObject({
      leadsSold: 1,
      sales: 2,
      credited: 0,
      hired: 1,
    });
    expect(report.total).toEqual({
      month: null,
      service: null,
      leadsSold: 6,
      sales: 10,
      provenPhone: 5,
      credited: 3,
      creditReasons: { duplicate: 1, fake: 1, reported: 1 },
      responded: 5,
      medianFirstResponseMinutes: 45, // 10, 30, 45, 60 and 120
      asked: 5,
      answered: 4,
      hired: 2,
    });
    expect(line(report.rows, '2025-12', 'plumbing')).toMatchObject({ leadsSold: 1, credited: 1, hired: 0 });
    expect(qualityCells(line(report.rows, '2026-11', 'plumbing')!)).toEqual({
      leadsSold: '3',
      provenPhone: '67%',
      credited: '33%',
      creditedWhy: 'Duplicate request 1, Fake request 1',
      medianFirstResponse: '1 h 15 min',
      answered: '67%',
      hired: '50%',
    });
  });

  it('equal a second, independent reading of the ledger, line by line', async () => {
    const report = await readLeadQuality(sql, NOW);
    const charges = await sql<
      {
        lead_id: string;
        service: string;
        charged_at: Date;
        responded_at: Date | null;
        credit: string | null;
        proven: boolean;
        asked: boolean;
        outcome: string | null;
      }[]
    >`
      select d.lead_id, s.slug as service, d.charged_at, d.responded_at,
             (select c.reason from lead_credits c where c.distribution_id = d.id and c.status = 'refunded') as credit,
             l.phone_verified_at is not null as proven, l.outcome_asked_at is not null as asked, l.outcome
        from lead_distributions d join leads l on l.id = d.lead_id join services s on s.id = l.service_id
       where d.payment_status in ('paid', 'refunded') and not l.is_test`;
    const month = (t: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' })
        .format(t)
        .slice(0, 7);
    const leads = new Map<string, { service: string; charges: (typeof charges)[number][] }>();
    for (const c of charges.filter((c) => c.charged_at <= NOW)) {
      leads.set(c.lead_id, { service: c.service, charges: [...(leads.get(c.lead_id)?.charges ?? []), c] });
    }
    const median = (values: number[]) => {
      if (!values.length) return null;
      const sorted = [...values].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return Math.round(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
    };
    const counted = new Map<string, Omit<LeadQualityCounts, 'month' | 'service'> & { firsts: number[] }>();
    for (const { service, charges: cs } of leads.values()) {
      const first = Math.min(...cs.map((c) => c.charged_at.getTime()));
      const m = month(new Date(first));
      if (m < '2025-12') continue;
      const responses = cs.filter((c) => c.responded_at).map((c) => c.responded_at!.getTime());
      const lead = cs[0]!;
      for (const key of [`${m}|${service}`, `${m}|`]) {
        const line = counted.get(key) ?? {
          leadsSold: 0,
          sales: 0,
          provenPhone: 0,
          credited: 0,
          creditReasons: {},
          responded: 0,
          medianFirstResponseMinutes: null,
          asked: 0,
          answered: 0,
          hired: 0,
          firsts: [],
        };
        line.leadsSold += 1;
        line.sales += cs.length;
        line.provenPhone += lead.proven ? 1 : 0;
        for (const c of cs.filter((c) => c.credit)) {
          line.credited += 1;
          line.creditReasons[c.credit!] = (line.creditReasons[c.credit!] ?? 0) + 1;
        }
        if (responses.length) {
          line.responded += 1;
          line.firsts.push((Math.min(...responses) - first) / 60_000);
        }
        line.asked += lead.asked || lead.outcome ? 1 : 0;
        line.answered += lead.outcome ? 1 : 0;
        line.hired += lead.outcome === 'hired' ? 1 : 0;
        counted.set(key, line);
      }
    }
    expect(report.rows).toHaveLength(counted.size);
    for (const [key, { firsts, ...expected }] of counted) {
      const [m, service] = key.split('|');
      expect(line(report.rows, m!, service || null), key).toMatchObject({
        ...expected,
        medianFirstResponseMinutes: median(firsts),
      });
    }
  });

  it('say nothing was sold on a ledger without sales', async () => {
    const report = await readLeadQuality(sql, new Date('2027-12-15T17:00:00Z'));
    expect(report).toMatchObject({ months: [], rows: [], total: null });
  });
});
