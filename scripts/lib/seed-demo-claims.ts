// Demo listing claims awaiting approval (issue 23, Must 5): two claimants register claims of
// unclaimed listings that were sold demo leads and have a sandbox card, through the real
// registration; claimant@example.com then proves theirs by the code texted (or, for a landline,
// read out by a call) to the listing's public phone, through the sandbox SMS port (the text is at
// /dev/sms), and claimant2@example.com leaves theirs unconfirmed. So `npm start` shows, at
// /admin/contractors, one claim "Confirmed by text to (937) ••• ••NN on <day>" and one "Not
// confirmed" whose approval asks for a second confirmation; approving either shows that the new
// owner's dashboard starts empty and asks for a card. Both accounts use the demo password.
// Written once: nothing happens when claimant@example.com exists.
import { ZContractorSignup } from '../../src/schemas/contractor-signup.ts';
import { checkClaimCode } from '../../src/server/accounts/claims/check-claim-code.ts';
import { sendClaimCode } from '../../src/server/accounts/claims/send-claim-code.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { registerContractor } from '../../src/server/accounts/registration/register-contractor.ts';
import { createSandboxSms } from '../../src/server/platform/sms/sandbox-sms.ts';
import { DEMO_NOW, DEMO_PASSWORD } from './demo-data.ts';

export const DEMO_CLAIMANTS = [
  { email: 'claimant@example.com', ownerName: 'Casey Claimant', confirm: true },
  { email: 'claimant2@example.com', ownerName: 'Riley Claimant', confirm: false },
] as const;

interface Listing {
  id: string;
  name: string;
  address: string | null;
  zip_code: string | null;
  service_areas: string[];
  services: string[];
}

export async function seedDemoClaims(sql: Sql): Promise<number> {
  const [existing] = await sql`select 1 from users where email = ${DEMO_CLAIMANTS[0].email}`;
  if (existing) return 0;
  // Unclaimed listings with a history to inherit: sold leads and a saved default card, no plan.
  const listings = await sql<Listing[]>`
    select b.id, b.name, b.address, b.zip_code, b.service_areas,
           array(select s.slug from business_services bs join services s on s.id = bs.service_id
                  where bs.business_id = b.id order by s.slug) as services
      from businesses b
     where b.status = 'ACTIVE' and b.owner_id is null and b.phone is not null and b.website is not null
       and cardinality(b.service_areas) > 0
       and exists (select 1 from business_services bs where bs.business_id = b.id)
       and exists (select 1 from lead_distributions d where d.business_id = b.id and d.payment_status = 'paid')
       and exists (select 1 from payment_methods m where m.business_id = b.id and m.is_default and m.status = 'active')
       and not exists (select 1 from business_claims c where c.business_id = b.id)
       and not exists (select 1 from subscriptions s where s.business_id = b.id)
     order by (select count(*) from lead_distributions d where d.business_id = b.id and d.payment_status = 'paid') desc,
              b.name, b.id
     limit ${DEMO_CLAIMANTS.length}`;
  const sms = createSandboxSms(sql);
  let made = 0;
  for (const [i, claimant] of DEMO_CLAIMANTS.entries()) {
    const listing = listings[i];
    if (!listing) break;
    const input = ZContractorSignup.parse({
      businessName: listing.name,
      ownerName: claimant.ownerName,
      email: claimant.email,
      phone: `(937) 228-${String(4480 + i)}`,
      password: DEMO_PASSWORD,
      services: listing.services.slice(0, 3),
      serviceZipCodes: listing.service_areas.slice(0, 5).join(', '),
      address: listing.address ?? '100 Main Street',
      zipCode: listing.zip_code ?? '',
      claimBusinessId: listing.id,
    });
    const registered = await registerContractor(sql, input);
    // A demo account signs in at once, like the other demo accounts.
    await sql`update users set email_confirmed_at = ${DEMO_NOW} where id = ${registered.userId}`;
    if (claimant.confirm) {
      const access = { userId: registered.userId };
      await sendClaimCode(sql, sms, access, { channel: 'sms' });
      const [code] = await sql<{ code: string }[]>`
        select v.code from verification_codes c join sandbox_verifications v on v.id = c.provider_ref
         join business_claims b on b.id = c.claim_id
         where b.claimant_id = ${registered.userId}`;
      await checkClaimCode(sql, sms, access, code!.code);
    }
    made += 1;
  }
  return made;
}
