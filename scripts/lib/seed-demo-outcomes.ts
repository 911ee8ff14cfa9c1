// Outcomes told (issue 27): the demo's requests with answers, so `npm start` shows them on both
// sides. Every request with an accepted quote was answered "hired" (that contractor); of the demo
// contractor's leads, the one it rejected was put off by its homeowner, and one it contacted is not
// going ahead. The demo homeowner put its older requests off (so it may keep requesting), and
// Morgan Lee (the demo's responses page, seed-demo-homeowner.ts) was asked, so that page opens
// with the question. Once: only requests without an answer or a question are changed.
import type { Sql } from '../../src/server/platform/db/client.ts';
import { DEMO_HOMEOWNER_EMAIL } from './demo-data.ts';
import { DEMO_CONTRACTOR_EMAIL } from './seed-demo-dashboard.ts';
import { DEMO_QUOTES_EMAIL } from './seed-demo-homeowner.ts';

export async function seedDemoOutcomes(sql: Sql): Promise<number> {
  const hired = await sql`
    update leads l set outcome = 'hired', outcome_business_id = c.business_id, outcome_at = c.accepted_at
      from lead_communications c
     where c.lead_id = l.id and c.accepted_at is not null and l.outcome is null
    returning l.id`;
  const [done] = await sql<{ seeded: boolean }[]>`
    select exists (select 1 from leads where outcome in ('postponed', 'not_going_ahead') or outcome_asked_at is not null) as seeded`;
  if (done?.seeded) return hired.length;
  const demoLead = (stage: string) => sql`
    select d.lead_id from lead_distributions d
      join businesses b on b.id = d.business_id join users u on u.id = b.owner_id
      join leads l on l.id = d.lead_id
     where u.email = ${DEMO_CONTRACTOR_EMAIL} and d.stage = ${stage} and d.payment_status = 'paid'
       and l.outcome is null
     order by d.created_at limit 1`;
  const postponed = await sql`
    update leads set outcome = 'postponed', outcome_at = now() - interval '1 day'
     where id = (${demoLead('REJECTED')}) returning id`;
  const dropped = await sql`
    update leads set outcome = 'not_going_ahead', outcome_at = now() - interval '2 hours'
     where id = (${demoLead('CONTACTED')}) returning id`;
  // The demo homeowner answered its older requests (put off), so it may keep requesting in the
  // demo: a homeowner asked twice who answered neither is refused a new request.
  const answered = await sql`
    update leads set outcome = 'postponed', outcome_at = now() - interval '3 days'
     where email = ${DEMO_HOMEOWNER_EMAIL} and outcome is null
       and exists (select 1 from lead_communications c where c.lead_id = leads.id and c.message_type = 'contractor_response')
       and id <> (select l.id from leads l
                   where l.email = ${DEMO_HOMEOWNER_EMAIL} and l.outcome is null
                     and exists (select 1 from lead_communications c
                                  where c.lead_id = l.id and c.message_type = 'contractor_response')
                   order by l.created_at desc limit 1)
    returning id`;
  const asked = await sql`
    update leads set outcome_asked_at = now() - interval '1 day'
     where id = (select l.id from leads l
                  where l.email = ${DEMO_QUOTES_EMAIL} and l.outcome is null and l.outcome_asked_at is null
                    and exists (select 1 from lead_communications c
                                 where c.lead_id = l.id and c.message_type = 'contractor_response')
                  order by l.created_at desc limit 1)
    returning id`;
  return hired.length + postponed.length + dropped.length + answered.length + asked.length;
}
