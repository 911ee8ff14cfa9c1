// Idempotency keys for the islands' writes. A form whose request failed for want of a network
// sends it again once the connection is back, with the same Idempotency-Key header; if the first
// try did reach the server (only its answer was lost), the repeat is answered with the first
// try's answer instead of being carried out twice: one reset mail, one response to a lead, one
// changed password. Keys are scoped by the signed-in user (visitors share one scope,
// 'anonymous', where a random UUID is what keeps them apart) and kept a day.
import { createHash, createHmac } from 'node:crypto';
import { quoteProofOfWork } from '../config/security.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../errors.ts';

const REQUEST_KEY_HEADER = 'idempotency-key';
/** What a replayed answer carries, so a client (and a test) can tell it from a fresh one. */
export const REPLAYED_HEADER = 'idempotent-replayed';

const KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;
/**
 * Answers kept for a repeat: longer ones are not kept (the repeat is carried out again). The
 * longest keyed answer is the portfolio's full list after a job is added: 24 jobs of up to 1,120
 * characters, at most 6 bytes a character in JSON (a control character is written \u00XX), about
 * 165 KB (it was 64 KiB, and a resent job past that was added twice).
 */
const MAX_KEPT_BYTES = 262_144;
/** A first try still unfinished after this long died with its server: a repeat runs again. */
const ABANDONED_AFTER_SECONDS = 120;

export const REQUEST_KEY_MESSAGES = {
  invalid: 'The Idempotency-Key header must be 16 to 100 letters, digits, - or _.',
  mismatch: 'This request key was already used for a different request.',
  running: 'This request is still being processed. Please wait a moment.',
} as const;

export interface RequestKeyClaim {
  owner: string;
  key: string;
}

/** The request's key, or null when it has none; a malformed one is a 400. */
export function requestKeyOf(request: Request): string | null {
  const key = request.headers.get(REQUEST_KEY_HEADER);
  if (key === null) return null;
  if (!KEY_PATTERN.test(key)) throw new AppError('BAD_REQUEST', REQUEST_KEY_MESSAGES.invalid);
  return key;
}

/**
 * The body's fingerprint: an HMAC under a key derived from the server's secret, not a plain hash,
 * since bodies carry passwords (sign-up, a password change) and a plain SHA-256 of one would be
 * a fast guess-and-check target for a day.
 */
function hashBody(body: unknown): string {
  const key = createHmac('sha256', quoteProofOfWork().hmacKey).update('request key body').digest();
  return createHmac('sha256', key)
    .update(body === undefined ? '' : JSON.stringify(body))
    .digest('hex');
}

/**
 * What stands for a multipart body (an upload) in its fingerprint: each field's name and value,
 * each file's name, type and SHA-256, in order. Not the raw bytes: a browser sending the same
 * form again frames it with a new boundary, and that repeat must still be known for the same.
 */
export async function formFingerprint(form: FormData): Promise<[string, string][]> {
  const parts: [string, string][] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      parts.push([name, value]);
    } else {
      const digest = createHash('sha256')
        .update(new Uint8Array(await value.arrayBuffer()))
        .digest('hex');
      parts.push([name, `file ${value.name} ${value.type} ${digest}`]);
    }
  }
  return parts;
}

/**
 * Whether `key` was already claimed for this method and path (answered, or still running and not
 * abandoned): the request is a resend, which claimRequestKey will answer from the first try (or
 * refuse if its body differs). Read without the body, so an upload can tell before it is read.
 */
export async function requestKeySeen(
  sql: Sql,
  claim: RequestKeyClaim & { method: string; path: string },
): Promise<boolean> {
  const [row] = await sql`
    select 1 from request_keys
     where owner = ${claim.owner} and key = ${claim.key} and method = ${claim.method} and path = ${claim.path}
       and (status is not null or created_at >= now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))`;
  return row !== undefined;
}

/**
 * Claims `key` for this request. Returns the claim to settle once the handler has answered, or
 * the first try's answer when this is a repeat of a request already carried out. A repeat of
 * another request (method, path or body differ) or of one still running is a 409.
 */
export async function claimRequestKey(
  sql: Sql,
  claim: RequestKeyClaim & { method: string; path: string; body: unknown },
): Promise<{ claim: RequestKeyClaim } | { replay: Response }> {
  const bodyHash = hashBody(claim.body);
  const [inserted] = await sql<{ key: string }[]>`
    insert into request_keys (owner, key, method, path, body_hash)
    values (${claim.owner}, ${claim.key}, ${claim.method}, ${claim.path}, ${bodyHash})
    on conflict (owner, key) do nothing
    returning key`;
  if (inserted) return { claim: { owner: claim.owner, key: claim.key } };

  const [first] = await sql<
    {
      method: string;
      path: string;
      body_hash: string;
      status: number | null;
      response_type: string | null;
      response_body: string | null;
      abandoned: boolean;
    }[]
  >`
    select method, path, body_hash, status, response_type, response_body,
           created_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}) as abandoned
    from request_keys where owner = ${claim.owner} and key = ${claim.key}`;
  if (!first) {
    // Purged or released between the two statements: claim it afresh.
    return claimRequestKey(sql, claim);
  }
  if (first.method !== claim.method || first.path !== claim.path || first.body_hash !== bodyHash) {
    throw new AppError('CONFLICT', REQUEST_KEY_MESSAGES.mismatch);
  }
  if (first.status === null) {
    if (!first.abandoned) {
      throw new AppError('IN_PROGRESS', REQUEST_KEY_MESSAGES.running, undefined, { retryAfterSeconds: 1 });
    }
    // Its server died before answering; whether it carried the request out is unknown, and the
    // handlers' own guards (unique rows, charge keys) are what stand behind a second run.
    const [taken] = await sql`
      update request_keys set created_at = now()
      where owner = ${claim.owner} and key = ${claim.key} and status is null
        and created_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})
      returning 1`;
    if (!taken)
      throw new AppError('CONFLICT', REQUEST_KEY_MESSAGES.running, undefined, { retryAfterSeconds: 2 });
    return { claim: { owner: claim.owner, key: claim.key } };
  }
  const headers: Record<string, string> = { [REPLAYED_HEADER]: 'true' };
  if (first.response_type) headers['content-type'] = first.response_type;
  return { replay: new Response(first.response_body, { status: first.status, headers }) };
}

/**
 * Settles a claim with the handler's answer. A successful answer is kept for repeats; anything
 * else releases the key, so the repeat is carried out (a refused or failed request changed
 * nothing). So is an answer that sets a cookie (a session is never stored here) or is too long
 * to keep. Returns the answer to send (its body read once, so it is rebuilt).
 */
export async function settleRequestKey(
  sql: Sql,
  claim: RequestKeyClaim,
  response: Response,
  { setsCookie }: { setsCookie: boolean },
): Promise<Response> {
  const keep = response.ok && !setsCookie && !response.headers.has('set-cookie');
  if (!keep) {
    await releaseRequestKey(sql, claim);
    return response;
  }
  const text = await response.text();
  const rebuilt = new Response(text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  if (Buffer.byteLength(text) > MAX_KEPT_BYTES) {
    await releaseRequestKey(sql, claim);
    return rebuilt;
  }
  await sql`
    update request_keys
    set status = ${response.status}, response_type = ${response.headers.get('content-type')},
        response_body = ${text}, completed_at = now()
    where owner = ${claim.owner} and key = ${claim.key}`;
  return rebuilt;
}

/** Forgets a claim whose request did not succeed, so its repeat runs again. */
export async function releaseRequestKey(sql: Sql, claim: RequestKeyClaim): Promise<void> {
  await sql`delete from request_keys where owner = ${claim.owner} and key = ${claim.key} and status is null`;
}

/** Keys older than a day (housekeeping). */
export async function purgeRequestKeys(sql: Sql): Promise<number> {
  const rows = await sql`delete from request_keys where created_at <= now() - interval '1 day' returning 1`;
  return rows.length;
}
