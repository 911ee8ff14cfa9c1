// The demo admin's second factor (issue 26): admin@example.com has an authenticator app with a
// fixed, published secret, so trying the admin area stays two commands (`npm start`, then
// `npm run demo:code` for the current code) and the tests compute the same codes. A demo
// convenience only: any real account gets a random secret (enrol-totp.ts).
import type { Sql } from '../../src/server/platform/db/client.ts';
import { sealSecret } from '../../src/server/accounts/auth/second-factor/secret-box.ts';
import { DEMO_ADMIN_EMAIL } from './seed-demo-admin.ts';

/** The demo admin's TOTP secret (base32; README.md, Demo accounts). Never use it elsewhere. */
export const DEMO_ADMIN_TOTP_SECRET = 'DAYTONDEMOADMINTOTPSECRET2345677';

/** Enrols the demo admin's app unless it has one; also run on a database seeded before issue 26. */
export async function seedDemoAdminFactor(sql: Sql): Promise<number> {
  const rows = await sql`
    insert into user_totp (user_id, secret_enc, confirmed_at)
    select id, ${sealSecret(DEMO_ADMIN_TOTP_SECRET)}, now() from users where email = ${DEMO_ADMIN_EMAIL}
    on conflict (user_id) do nothing
    returning 1`;
  return rows.length;
}
