// A mailed claim code is ours to check, so only a keyed hash of it is stored: an HMAC under a key
// derived from the server's secret, over the code row's id and the code. A plain SHA-256 of six
// digits would be undone by trying all million of them; this needs the secret too.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { quoteProofOfWork } from '../../platform/config/security.ts';

function key(): Buffer {
  return createHmac('sha256', quoteProofOfWork().hmacKey).update('claim code').digest();
}

export function claimCodeHash(codeId: string, code: string): string {
  return createHmac('sha256', key()).update(`${codeId}:${code}`).digest('hex');
}

export function claimCodeMatches(codeId: string, code: string, stored: string): boolean {
  const given = Buffer.from(claimCodeHash(codeId, code));
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
