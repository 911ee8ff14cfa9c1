// The sandbox's stand-in of Stripe's hosted setup page (/sandbox/checkout/setup): it exists only
// while the sandbox is the gateway, and only for the signed-in owner of the business the session
// was made for. It takes Stripe's test cards with their behaviour and nothing else, so no real
// card number is ever stored; the number stays in the sandbox's own table, never in ours or a log.
import { randomBytes } from 'node:crypto';
import type { Sql } from '../../platform/db/client.ts';
import type { PaymentGateway } from '../gateway/gateway.ts';
import { OUTCOMES } from '../gateway/sandbox-gateway.ts';
import { SETUP_MESSAGES } from '../money-rules.ts';

export interface SandboxSetupSession {
  id: string;
  businessId: string;
  businessName: string;
  customerId: string;
  returnUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete';
}

/** The test cards that save, with their brand (Stripe: "Testing"). */
const SAVED_CARDS: Record<string, string> = {
  '4242424242424242': 'visa',
  '5555555555554444': 'mastercard',
  '378282246310005': 'amex',
};

/** The session, if the gateway is the sandbox, it exists, has not expired and the owner's
 * business is the one it was made for; null otherwise (the page answers 404). */
export async function findSetupSession(
  sql: Sql,
  gateway: Pick<PaymentGateway, 'name'>,
  sessionId: string,
  ownerId: string | null,
): Promise<SandboxSetupSession | null> {
  if (gateway.name !== 'sandbox' || !ownerId || !/^cs_sbx_[0-9a-f]{32}$/.test(sessionId)) return null;
  const [row] = await sql<SandboxSetupSession[]>`
    select s.id, s.business_id as "businessId", b.name as "businessName", s.customer_id as "customerId",
           s.return_url as "returnUrl", s.cancel_url as "cancelUrl", s.status
      from sandbox_setup_sessions s join businesses b on b.id = s.business_id
     where s.id = ${sessionId} and b.owner_id = ${ownerId} and s.expires_at > now()`;
  return row ?? null;
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
}

export type SetupOutcome =
  | { kind: 'saved'; returnUrl: string }
  | { kind: 'refused'; message: string; fields?: Partial<Record<keyof CardForm, string>> };

function readExpiry(text: string, now: Date): { month: number; year: number } | 'incomplete' | 'past' {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text.slice(0, 16));
  if (!match) return 'incomplete';
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12 || year > 2100) return 'incomplete';
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1)) return 'past';
  return { month, year };
}

/**
 * Saves the card of the form into the session's business, once: a second post of a completed
 * session writes nothing and goes back again. Null when the session is not the caller's (404).
 */
export async function completeSetupSession(
  sql: Sql,
  gateway: Pick<PaymentGateway, 'name'>,
  sessionId: string,
  ownerId: string | null,
  form: CardForm,
): Promise<SetupOutcome | null> {
  const found = await findSetupSession(sql, gateway, sessionId, ownerId);
  if (!found) return null;
  const number = form.number.slice(0, 40).replace(/[\s-]/g, '');
  const fields: Partial<Record<keyof CardForm, string>> = {};
  if (!/^\d{13,19}$/.test(number)) fields.number = SETUP_MESSAGES.number;
  const expiry = readExpiry(form.expiry, new Date());
  if (expiry === 'incomplete') fields.expiry = SETUP_MESSAGES.expiry;
  if (expiry === 'past') fields.expiry = SETUP_MESSAGES.expiryPast;
  if (!/^\d{3,4}$/.test(form.cvc.slice(0, 8).trim())) fields.cvc = SETUP_MESSAGES.cvc;
  if (found.status === 'complete') return { kind: 'saved', returnUrl: found.returnUrl };
  const [first] = Object.values(fields);
  if (first !== undefined) return { kind: 'refused', message: first, fields };
  const { month, year } = expiry as { month: number; year: number };
  const decline = OUTCOMES[number];
  if (decline?.status === 'requires_action')
    return { kind: 'refused', message: SETUP_MESSAGES.authentication };
  if (decline) return { kind: 'refused', message: decline.message };
  const brand = SAVED_CARDS[number];
  if (!brand) return { kind: 'refused', message: SETUP_MESSAGES.notTestCard };

  return sql.begin(async (tx) => {
    // The session row locked: two posts at once complete it once.
    const [session] = await tx<{ status: string; customerId: string }[]>`
      select s.status, coalesce(b.stripe_customer_id, s.customer_id) as "customerId"
        from sandbox_setup_sessions s join businesses b on b.id = s.business_id
       where s.id = ${found.id} for update of s`;
    if (session!.status === 'complete') return { kind: 'saved', returnUrl: found.returnUrl } as const;
    const methodId = `pm_sbx_${randomBytes(12).toString('hex')}`;
    await tx`
      insert into sandbox_payment_methods (id, customer_id, card_number, brand, exp_month, exp_year)
      values (${methodId}, ${session!.customerId}, ${number}, ${brand}, ${month}, ${year})`;
    await tx`
      update sandbox_setup_sessions
         set status = 'complete', completed_at = now(), payment_method_id = ${methodId}
       where id = ${found.id}`;
    await tx`
      update payment_methods set is_default = false
       where business_id = ${found.businessId} and is_default and status <> 'removed'`;
    await tx`
      insert into payment_methods
        (business_id, gateway_payment_method_id, brand, last4, expiry_month, expiry_year, is_default, status)
      values (${found.businessId}, ${methodId}, ${brand}, ${number.slice(-4)}, ${month}, ${year}, true, 'active')`;
    await tx`
      update businesses
         set stripe_customer_id = ${session!.customerId}, payment_setup_completed = true
       where id = ${found.businessId}`;
    return { kind: 'saved', returnUrl: found.returnUrl } as const;
  });
}
