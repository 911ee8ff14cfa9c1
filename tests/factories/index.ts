// Factories for integration tests: rows with sensible defaults and unique e-mails and slugs,
// inserted through the real schema. Override any column by name.
import { randomInt, randomUUID } from 'node:crypto';
import { solvedProof } from '../../scripts/lib/solve-proof.ts';
import { ZQuoteRequest, type TQuoteRequest } from '../../src/schemas/quote.ts';
import type { Db, Sql } from '../../src/server/platform/db/client.ts';

const unique = () => randomUUID().slice(0, 8);

/**
 * A dialable Dayton-area number of its own (a request's phone is a person: limits and duplicates
 * follow it). Its line never ends in 00 or 99, which the sandbox takes for a landline or a VoIP
 * line; pass `ending` for one of those.
 */
export function uniquePhone(ending?: '00' | '99'): string {
  for (;;) {
    const exchange = String(randomInt(200, 1000));
    const line = String(randomInt(0, 10_000)).padStart(4, '0');
    const digits = `937${exchange}${ending ? line.slice(0, 2) + ending : line}`;
    if (exchange === '555' || exchange.endsWith('11')) continue;
    if (!ending && /(00|99)$/.test(digits)) continue;
    if (/^(\d)\1{6}$/.test(digits.slice(3))) continue;
    return digits;
  }
}

/** A street address of its own in ZIP 45402 (three requests a day per address, duplicates per address). */
function uniqueAddress(): string {
  return `${randomInt(100, 99_999)} ${['Main', 'Oak', 'Elm', 'Maple', 'Cedar', 'Pine'][randomInt(0, 6)]} Street Apt ${randomInt(1, 999)}`;
}

/** Marks a phone proven for an e-mail address (as a right code within 90 days would). */
export async function provePhone(sql: Sql, phone: string, email: string): Promise<void> {
  await sql`
    insert into proven_phones (phone, email) values (${phone.replace(/\D/g, '').slice(-10)}, ${email})
    on conflict (phone, email) do update set proven_at = now()`;
}

export interface UserRow {
  id: string;
  email: string;
}

export async function createUser(
  sql: Db,
  overrides: {
    email?: string;
    fullName?: string;
    roles?: ('contractor' | 'admin')[];
    passwordHash?: string;
  } = {},
): Promise<UserRow> {
  const email = overrides.email ?? `user-${unique()}@example.com`;
  const [user] = await sql<UserRow[]>`
    insert into users (email, password_hash, full_name, email_confirmed_at)
    values (${email}, ${overrides.passwordHash ?? 'not-a-real-hash'}, ${overrides.fullName ?? 'Test User'}, now())
    returning id, email`;
  await sql`insert into profiles (id, email, full_name) values (${user!.id}, ${email}, ${overrides.fullName ?? 'Test User'})`;
  for (const role of overrides.roles ?? []) {
    await sql`insert into user_roles (user_id, role) values (${user!.id}, ${role})`;
  }
  return user!;
}

export interface BusinessRow {
  id: string;
  slug: string;
  name: string;
}

export async function createBusiness(
  sql: Db,
  overrides: Partial<{
    name: string;
    status: 'ACTIVE' | 'PENDING';
    verified: boolean;
    featured: boolean;
    category: string;
    city: string;
    latitude: number;
    longitude: number;
    averageRating: number | null;
    totalReviews: number;
    responseTimeHours: number | null;
    yearsInBusiness: number;
    specialties: string[];
    serviceAreas: string[];
    services: string[];
    ownerId: string | null;
    paymentSetupCompleted: boolean;
    /** Not the factory lead's phone (9375550100), so a review is not held for a shared phone. */
    phone: string;
    email: string;
  }> = {},
): Promise<BusinessRow> {
  const name = overrides.name ?? `Test Contractor ${unique()}`;
  const slug = `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${unique()}`;
  const [business] = await sql<BusinessRow[]>`
    insert into businesses (
      name, slug, status, verified, featured, category, city, state, zip_code, latitude, longitude,
      average_rating, total_reviews, response_time_hours, years_in_business, specialties, service_areas,
      owner_id, payment_setup_completed, phone, email)
    values (
      ${name}, ${slug}, ${overrides.status ?? 'ACTIVE'}, ${overrides.verified ?? true}, ${overrides.featured ?? false},
      ${overrides.category ?? 'Plumbing'}, ${overrides.city ?? 'Dayton'}, 'OH', '45402',
      ${overrides.latitude ?? 39.7589}, ${overrides.longitude ?? -84.1916},
      ${overrides.averageRating === undefined ? 4.5 : overrides.averageRating}, ${overrides.totalReviews ?? 10},
      ${overrides.responseTimeHours === undefined ? 2 : overrides.responseTimeHours}, ${overrides.yearsInBusiness ?? 10},
      ${overrides.specialties ?? ['Water Heaters']}, ${overrides.serviceAreas ?? ['45402', '45409']},
      ${overrides.ownerId ?? null}, ${overrides.paymentSetupCompleted ?? false}, ${overrides.phone ?? '(937) 555-0142'},
      ${overrides.email ?? `${slug}@example.com`})
    returning id, slug, name`;
  for (const serviceSlug of overrides.services ?? ['plumbing']) {
    await sql`
      insert into business_services (business_id, service_id)
      select ${business!.id}, id from services where slug = ${serviceSlug}`;
  }
  return business!;
}

export interface LeadRow {
  id: string;
  email: string;
}

export async function createLead(
  sql: Db,
  overrides: Partial<{
    email: string;
    service: string;
    timeline: 'EMERGENCY' | 'ASAP' | 'FLEXIBLE';
    budgetMin: number;
    budgetMax: number;
    leadScore: number;
    description: string;
  }> = {},
): Promise<LeadRow> {
  const service = overrides.service ?? 'plumbing';
  const [lead] = await sql<LeadRow[]>`
    insert into leads (
      service_id, name, email, phone, project_type, project_description, timeline, budget_min, budget_max,
      property_address, zip_code, city, property_type, preferred_contact_method, lead_score, phone_verified_at,
      phone_line_type)
    values (
      (select id from services where slug = ${service}), 'Test Homeowner',
      ${overrides.email ?? `homeowner-${unique()}@example.com`}, '9375550100', ${service},
      ${overrides.description ?? 'Leaking water heater in the basement needs replacing.'},
      ${overrides.timeline ?? 'ASAP'}, ${overrides.budgetMin ?? 1000}, ${overrides.budgetMax ?? 5000},
      '123 Main St, Dayton, OH 45402', '45402', 'Dayton', 'Single Family Home', 'email', ${overrides.leadScore ?? 65},
      -- A request as sold today: its phone proven by a code.
      now(), 'mobile')
    returning id, email`;
  return lead!;
}

/** A card on file in the sandbox gateway (a Stripe test card number) as the business's default. */
export async function giveCard(sql: Db, businessId: string, cardNumber = '4242424242424242'): Promise<void> {
  const customer = `cus_test_${unique()}`;
  const method = `pm_test_${unique()}`;
  await sql`update businesses set stripe_customer_id = ${customer}, payment_setup_completed = true where id = ${businessId}`;
  await sql`
    insert into sandbox_payment_methods (id, customer_id, card_number, brand, exp_month, exp_year)
    values (${method}, ${customer}, ${cardNumber}, 'visa', 12, 2034)`;
  await sql`
    insert into payment_methods (business_id, gateway_payment_method_id, brand, last4, expiry_month, expiry_year, is_default)
    values (${businessId}, ${method}, 'visa', ${cardNumber.slice(-4)}, 12, 2034, true)`;
}

/**
 * A quote request as the wizard sends it (a solved proof of work, a fresh request key and e-mail),
 * parsed by the shared schema; override any field.
 */
export async function quoteRequest(
  overrides: Partial<Record<keyof TQuoteRequest, unknown>> = {},
): Promise<TQuoteRequest> {
  return ZQuoteRequest.parse({
    requestKey: randomUUID(),
    altcha: await solvedProof(),
    description: 'Water heater is leaking from the bottom of the tank and needs replacing soon.',
    timeline: 'ASAP',
    budgetMin: 1000,
    budgetMax: 5000,
    propertyType: 'Single Family Home',
    address: uniqueAddress(),
    zipCode: '45402',
    name: 'Jordan Miller',
    email: `home-${unique()}@example.com`,
    phone: uniquePhone(),
    contactMethod: 'email',
    photos: [],
    ...overrides,
  });
}
