// How many quote requests one e-mail address and one client address may send.
import { addressKey } from '../../../domain/client-address.ts';
import { QUOTE_RATE_LIMIT } from '../../../domain/quote-rules.ts';
import { checkRateLimit } from '../../platform/security/rate-limit.ts';
import type { TransactionSql } from '../../platform/db/client.ts';
import { isDatabaseUnavailable } from '../../platform/db/unavailable.ts';
import { AppError } from '../../platform/errors.ts';
import { log } from '../../platform/log.ts';
import { QUOTES_PER_IP_PER_HOUR } from '../leads-rules.ts';

/**
 * Spec: 3 requests per 60 minutes per e-mail; if the limiter itself fails, allow and log (not
 * when the database is unreachable: then the whole request fails with 503). Also
 * 10 per hour per client address, so made-up e-mail addresses cannot sell fake leads in bulk.
 * Runs in the lead's transaction (inside a savepoint, so a failing limiter leaves it usable):
 * a request that loses the race for its request key gives its count back.
 */
export async function limitQuotes(tx: TransactionSql, email: string, ip: string | null): Promise<void> {
  let result: Awaited<ReturnType<typeof checkRateLimit>>;
  try {
    result = await tx.savepoint(async (sp) => {
      const limiter = sp;
      const perEmail = await checkRateLimit(
        limiter,
        email,
        'quote',
        QUOTE_RATE_LIMIT.attempts,
        QUOTE_RATE_LIMIT.windowMinutes,
      );
      if (!perEmail.allowed || !ip) return perEmail;
      return checkRateLimit(limiter, addressKey(ip), 'quote:ip', QUOTES_PER_IP_PER_HOUR, 60);
    });
  } catch (error) {
    // The database gone is not the limiter failing: the lead's transaction is lost with it, and
    // postgres.js must not be asked for another query on its closed connection (that crashed the
    // server: a write scheduled on a socket it had already dropped). The request answers 503.
    if (isDatabaseUnavailable(error)) throw error;
    log().error({ err: error }, 'quote rate limit check failed; request allowed');
    return;
  }
  if (!result.allowed) {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    throw new AppError(
      'RATE_LIMITED',
      `Too many requests. Please try again in ${minutes} minute(s).`,
      undefined,
      {
        retryAfterSeconds: result.retryAfterSeconds,
      },
    );
  }
}
