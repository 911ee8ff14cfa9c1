// Demo data for the admin contractors page: the demo admin records a licence check of the demo
// contractor's business through the page's own use-case (audited, publish requested), so
// `npm start` shows the "Licence verified" line on its profile and the check in the admin list.
// Deterministic; written once.
import { recordLicence } from '../../src/server/admin/record-licence.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';

export const DEMO_LICENCE = {
  number: 'PL.47213',
  board: 'Ohio Construction Industry Licensing Board',
  checkedOn: '2026-11-02',
  source: 'elicense.ohio.gov licence lookup',
} as const;

export async function seedDemoContractors(sql: Sql): Promise<number> {
  const [row] = await sql<{ admin: string | null; business: string | null }[]>`
    select (select id from users where email = 'admin@example.com') as admin,
           (select b.id from businesses b join users u on u.id = b.owner_id
             where u.email = 'contractor@example.com' order by b.created_at limit 1) as business`;
  if (!row?.admin || !row.business) return 0;
  const [existing] = await sql`select 1 from business_licence_checks where business_id = ${row.business}`;
  if (existing) return 0;
  await sql.begin((tx) => recordLicence(tx, { id: row.admin! }, row.business!, { ...DEMO_LICENCE }));
  return 1;
}
