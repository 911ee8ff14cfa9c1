// Demo activity for the admin area: the demo admin (admin@example.com) grants a former member the
// contractor role, revokes it, and disables the account, through the same use-cases (and so the
// same audit helper) as the users page, so `npm start` shows the activity log with before and after
// values and a disabled account on /admin/users. Deterministic; written once.
import type { Sql } from '../../src/server/platform/db/client.ts';
import { changeRole, setAccountDisabled } from '../../src/server/admin/users.ts';

export const DEMO_ADMIN_EMAIL = 'admin@example.com';
export const DEMO_DISABLED_EMAIL = 'former.member@example.com';

export async function seedDemoAdmin(sql: Sql): Promise<number> {
  const [admin] = await sql<{ id: string }[]>`select id from users where email = ${DEMO_ADMIN_EMAIL}`;
  if (!admin) return 0;
  const [existing] = await sql`select 1 from users where email = ${DEMO_DISABLED_EMAIL}`;
  if (existing) return 0;
  return sql.begin(async (tx) => {
    // No password can match this hash: the account is only there to be administered.
    const [member] = await tx<{ id: string }[]>`
      insert into users (email, password_hash, full_name, email_confirmed_at, created_at)
      values (${DEMO_DISABLED_EMAIL}, '!demo-account-without-password', 'Morgan Former',
              now() - interval '40 days', now() - interval '40 days')
      returning id`;
    await tx`insert into profiles (id, email, full_name) values (${member!.id}, ${DEMO_DISABLED_EMAIL}, 'Morgan Former')`;
    const actor = { id: admin.id };
    await changeRole(tx, actor, member!.id, { role: 'contractor', granted: true });
    await changeRole(tx, actor, member!.id, { role: 'contractor', granted: false });
    await setAccountDisabled(tx, actor, member!.id, true);
    return 3;
  });
}
