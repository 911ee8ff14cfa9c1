// Passkeys as a second factor (WebAuthn through @simplewebauthn/server). The relying party is
// the site the request came to (its origin and host name: src/server/platform/security/request-site.ts);
// every challenge is kept server-side for CHALLENGE_MINUTES and used once.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db, Sql } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { FACTOR_MESSAGES } from './messages.ts';
import { TOTP_ISSUER } from './totp.ts';

const CHALLENGE_MINUTES = 5;
/** Passkeys one account may keep. */
const MAX_PASSKEYS = 10;

/** Who the passkey is for: the site's origin, and its host name as the RP ID. */
export interface RelyingParty {
  origin: string;
  rpID: string;
}

export function relyingPartyOf(site: { origin: string }): RelyingParty {
  return { origin: site.origin, rpID: new URL(site.origin).hostname };
}

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function listPasskeys(sql: Db, userId: string): Promise<PasskeySummary[]> {
  const rows = await sql<
    { credential_id: string; name: string; created_at: Date; last_used_at: Date | null }[]
  >`
    select credential_id, name, created_at, last_used_at from user_passkeys
    where user_id = ${userId} order by created_at`;
  return rows.map((r) => ({
    id: r.credential_id,
    name: r.name,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  }));
}

async function keepChallenge(
  sql: Sql,
  userId: string,
  purpose: 'register' | 'authenticate',
  challenge: string,
) {
  await sql`delete from webauthn_challenges where user_id = ${userId} and (purpose = ${purpose} or expires_at <= now())`;
  await sql`
    insert into webauthn_challenges (challenge, user_id, purpose, expires_at)
    values (${challenge}, ${userId}, ${purpose}, now() + make_interval(mins => ${CHALLENGE_MINUTES}))`;
}

/** Takes the challenge out (single use); true when it was the user's, for this purpose, and live. */
async function takeChallenge(sql: Sql, userId: string, purpose: string, challenge: string): Promise<boolean> {
  const rows = await sql`
    delete from webauthn_challenges
    where challenge = ${challenge} and user_id = ${userId} and purpose = ${purpose} and expires_at > now()
    returning 1`;
  return rows.length > 0;
}

/** The challenge a browser's answer carries in its client data (base64url JSON). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : '';
  } catch {
    return '';
  }
}

export async function passkeyRegistrationOptions(
  sql: Sql,
  user: { id: string; email: string },
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await sql<{ credential_id: string; transports: string[] }[]>`
    select credential_id, transports from user_passkeys where user_id = ${user.id}`;
  if (existing.length >= MAX_PASSKEYS) throw new AppError('CONFLICT', FACTOR_MESSAGES.tooManyPasskeys);
  const options = await generateRegistrationOptions({
    rpName: TOTP_ISSUER,
    rpID: rp.rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credential_id,
      transports: p.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(sql, user.id, 'register', options.challenge);
  return options;
}

/** Verifies a new passkey and keeps its public key under `name`. */
export async function registerPasskey(
  sql: Sql,
  userId: string,
  rp: RelyingParty,
  name: string,
  response: RegistrationResponseJSON,
): Promise<PasskeySummary> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!(await takeChallenge(sql, userId, 'register', challenge))) {
    throw new AppError('BAD_REQUEST', FACTOR_MESSAGES.passkeyFailed);
  }
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) throw new AppError('BAD_REQUEST', FACTOR_MESSAGES.passkeyFailed);
  const { credential } = result.registrationInfo;
  const [row] = await sql<{ created_at: Date }[]>`
    insert into user_passkeys (credential_id, user_id, public_key, sign_count, transports, name)
    values (${credential.id}, ${userId}, ${Buffer.from(credential.publicKey)}, ${credential.counter},
            ${credential.transports ?? []}, ${name})
    on conflict (credential_id) do nothing
    returning created_at`;
  if (!row) throw new AppError('CONFLICT', FACTOR_MESSAGES.passkeyKnown);
  return { id: credential.id, name, createdAt: row.created_at, lastUsedAt: null };
}

export async function passkeyAuthenticationOptions(
  sql: Sql,
  userId: string,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const keys = await sql<{ credential_id: string; transports: string[] }[]>`
    select credential_id, transports from user_passkeys where user_id = ${userId}`;
  if (!keys.length) throw new AppError('CONFLICT', FACTOR_MESSAGES.noPasskey);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: keys.map((k) => ({
      id: k.credential_id,
      transports: k.transports as AuthenticatorTransport[],
    })),
    userVerification: 'preferred',
  });
  await keepChallenge(sql, userId, 'authenticate', options.challenge);
  return options;
}

/** Checks a passkey's answer to the user's challenge; true when it is one of theirs and right. */
export async function usePasskey(
  sql: Sql,
  userId: string,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!(await takeChallenge(sql, userId, 'authenticate', challenge))) return false;
  const [key] = await sql<
    { credential_id: string; public_key: Uint8Array; sign_count: string; transports: string[] }[]
  >`
    select credential_id, public_key, sign_count, transports from user_passkeys
    where credential_id = ${response.id} and user_id = ${userId}`;
  if (!key) return false;
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: key.credential_id,
      publicKey: new Uint8Array(key.public_key),
      counter: Number(key.sign_count),
      transports: key.transports,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) return false;
  await sql`
    update user_passkeys set sign_count = ${result.authenticationInfo.newCounter}, last_used_at = now()
    where credential_id = ${key.credential_id}`;
  return true;
}

export async function removePasskey(sql: Db, userId: string, credentialId: string): Promise<boolean> {
  const rows =
    await sql`delete from user_passkeys where user_id = ${userId} and credential_id = ${credentialId} returning 1`;
  return rows.length > 0;
}
