// Every per-address limit counts an IPv6 client by its /64 and an IPv4-mapped address as its IPv4
// address: sign-in (30 per 5 minutes across e-mails), uploads (60 an hour), quotes (10 an hour).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AUTH_ATTEMPTS_PER_IP, limitAddress } from '../../src/server/accounts/auth/limit-attempts.ts';
import { limitQuotes } from '../../src/server/leads/requests/limit-quotes.ts';
import { UPLOADS_PER_IP_PER_HOUR, limitUploads } from '../../src/server/platform/uploads/limit-uploads.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import { useTestSql } from '../helpers/sql.ts';
import { QUOTES_PER_IP_PER_HOUR } from '../../src/server/leads/leads-rules.ts';

const sql = useTestSql();

/** A /64 of the documentation range no other test uses, and a new address in it each call. */
function network(): (i: number) => string {
  const prefix = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
  return (i) => `${prefix}:${(i + 1).toString(16)}::${(i * 7 + 1).toString(16)}`;
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'allowed',
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

describe.each([
  ['sign-in, sign-up and reset', AUTH_ATTEMPTS_PER_IP, (ip: string) => limitAddress(sql, { ip })],
  ['uploads', UPLOADS_PER_IP_PER_HOUR, (ip: string) => limitUploads(sql, ip)],
  [
    'quote requests',
    QUOTES_PER_IP_PER_HOUR,
    (ip: string) => sql.begin((tx) => limitQuotes(tx, `q-${randomUUID()}@example.com`, ip)),
  ],
])('the per-address limit of %s (%i)', (_name, limit, attempt) => {
  it('is shared by every address of one IPv6 /64', async () => {
    const address = network();
    for (let i = 0; i < limit; i += 1) expect(await outcome(attempt(address(i)))).toBe('allowed');
    expect(await outcome(attempt(address(limit)))).toBe('RATE_LIMITED');
  });

  it('is not shared with the next /64', async () => {
    const address = network();
    for (let i = 0; i < limit; i += 1) await attempt(address(i));
    const next = address(0).replace(/^(2001:db8:\w+:)(\w+)/, (_, head: string, net: string) => {
      return `${head}${((parseInt(net, 16) + 1) % 0x10000).toString(16)}`;
    });
    expect(await outcome(attempt(next))).toBe('allowed');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const ipv4 = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
    for (let i = 0; i < limit; i += 1) {
      expect(await outcome(attempt(i % 2 ? ipv4 : `::ffff:${ipv4}`))).toBe('allowed');
    }
    expect(await outcome(attempt(`::ffff:${ipv4}`))).toBe('RATE_LIMITED');
  });
});
