// Whether the developer's pages (/dev/mail, /dev/errors, /dev/sms) exist for this request: only
// on the embedded database with mail captured (no SMTP_URL), and only for a request from this
// machine to a loopback host name (src/domain/loopback.ts), since they show every mailed link.
// Anywhere else they are the not-found page.
import type { APIContext } from 'astro';
import { isLoopbackRequest } from '../../domain/loopback.ts';
import { isEmbeddedDatabase } from './config/database.ts';
import { mailIsCaptured } from './config/messaging.ts';
import { requestMeta } from './http.ts';

export function devPagesHere(context: Pick<APIContext, 'request' | 'clientAddress' | 'locals'>): boolean {
  return (
    isEmbeddedDatabase() &&
    mailIsCaptured() &&
    isLoopbackRequest(requestMeta(context).ip, context.request.headers.get('host'))
  );
}
