// A message on a request (issue 25, Must 6), from the homeowner (by session or private link) to
// one contractor the request was sold to, or from such a contractor to the homeowner. Refused
// alike when the thread is not the caller's (404); limited per request, per business and per
// client address an hour (429), and per thread in all (409). The message, its photo (stored
// first, removed again if the message is refused) and the mail to the other side are one change:
// the mail is written to the outbox in the message's transaction.
import {
  CONTRACTOR_MESSAGES_PER_HOUR,
  HOMEOWNER_MESSAGES_PER_HOUR,
  MESSAGE_MESSAGES,
  MESSAGES_PER_IP_PER_HOUR,
  THREAD_MESSAGES_MAX,
} from '../../../domain/inbox-rules.ts';
import { INVALID_HOMEOWNER_LINK } from '../../../domain/homeowner-rules.ts';
import { checkRateLimit } from '../../platform/security/rate-limit.ts';
import { siteUrl } from '../../platform/config/site.ts';
import { ownerSince } from '../../accounts/index.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createHomeownerLink, homeownerLinkUrl } from '../access/homeowner-links.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { UploadStore } from '../../platform/storage/upload-store.ts';
import { messageToContractorMail, messageToHomeownerMail } from '../../platform/mail/message-mails.ts';
import { discardMessagePhoto, storeMessagePhoto } from './message-photo.ts';
import { resolveRequest, type RequestAccess } from '../access/request-access.ts';
import type { MessageAuthor } from './threads.ts';
import { LEAD_NOT_FOUND } from '../leads-rules.ts';

export interface MessageInput {
  body: string;
  /** The photo's bytes, when one was chosen. */
  photo?: Uint8Array | null;
}

export interface PostedMessage {
  id: string;
  createdAt: Date;
  businessName: string;
}

async function limit(sql: Sql, identifier: string, action: string, max: number): Promise<void> {
  const result = await checkRateLimit(sql, identifier, action, max, 60);
  if (!result.allowed) {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    throw new AppError('RATE_LIMITED', MESSAGE_MESSAGES.tooMany(minutes), undefined, {
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
}

export async function postHomeownerMessage(
  sql: Sql,
  store: UploadStore,
  access: RequestAccess,
  input: MessageInput & { businessId: string },
  meta: { ip?: string | null } = {},
): Promise<PostedMessage> {
  const leadId = await resolveRequest(sql, access);
  if (!leadId) {
    throw new AppError(
      'NOT_FOUND',
      'token' in access ? INVALID_HOMEOWNER_LINK : MESSAGE_MESSAGES.requestNotFound,
    );
  }
  await limit(sql, `lead:${leadId}`, 'message_homeowner', HOMEOWNER_MESSAGES_PER_HOUR);
  if (meta.ip) await limit(sql, `ip:${meta.ip}`, 'message', MESSAGES_PER_IP_PER_HOUR);
  return postMessage(sql, store, { leadId, businessId: input.businessId, author: 'homeowner' }, input);
}

/** The lead behind one of the business's bought distributions (since its owner has it), or 404. */
export async function boughtLeadOf(sql: Sql, businessId: string, distributionId: string): Promise<string> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(distributionId)) {
    throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
  }
  // Only a lead this business bought, since its owner has it (a claimed listing's earlier leads
  // are not the new owner's).
  const [d] = await sql<{ lead_id: string }[]>`
    select lead_id from lead_distributions
     where id = ${distributionId} and business_id = ${businessId} and payment_status = 'paid'
       and created_at >= ${ownerSince(sql, businessId)}`;
  if (!d) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
  return d.lead_id;
}

export async function postContractorMessage(
  sql: Sql,
  store: UploadStore,
  businessId: string,
  distributionId: string,
  input: MessageInput,
  meta: { ip?: string | null } = {},
): Promise<PostedMessage> {
  const leadId = await boughtLeadOf(sql, businessId, distributionId);
  await limit(sql, `business:${businessId}`, 'message_contractor', CONTRACTOR_MESSAGES_PER_HOUR);
  if (meta.ip) await limit(sql, `ip:${meta.ip}`, 'message', MESSAGES_PER_IP_PER_HOUR);
  return postMessage(sql, store, { leadId, businessId, author: 'contractor' }, input);
}

interface ThreadRow {
  distribution_id: string;
  payment_status: string;
  business_name: string;
  business_email: string | null;
  lead_name: string;
  lead_email: string;
  project_type: string;
  messages: number;
}

async function postMessage(
  sql: Sql,
  store: UploadStore,
  thread: { leadId: string; businessId: string; author: MessageAuthor },
  input: MessageInput,
): Promise<PostedMessage> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(thread.businessId)) {
    throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.notYours);
  }
  const photo = input.photo && input.photo.length > 0 ? await storeMessagePhoto(store, input.photo) : null;
  try {
    return await sql.begin(async (tx) => {
      // The distribution's row lock orders the messages of one thread: the limit holds under races.
      const [row] = await tx<ThreadRow[]>`
        select d.id as distribution_id, d.payment_status, b.name as business_name, b.email as business_email,
               l.name as lead_name, l.email as lead_email, l.project_type,
               (select count(*)::int from lead_messages m
                 where m.lead_id = d.lead_id and m.business_id = d.business_id) as messages
          from lead_distributions d
          join businesses b on b.id = d.business_id
          join leads l on l.id = d.lead_id
         where d.lead_id = ${thread.leadId} and d.business_id = ${thread.businessId}
         for update of d`;
      if (!row || row.payment_status !== 'paid') throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.notYours);
      if (row.messages >= THREAD_MESSAGES_MAX) throw new AppError('CONFLICT', MESSAGE_MESSAGES.threadFull);
      const [message] = await tx<{ id: string; created_at: Date }[]>`
        insert into lead_messages (lead_id, business_id, author, body, photos)
        values (${thread.leadId}, ${thread.businessId}, ${thread.author}, ${input.body},
                ${photo ? [photo.url] : []}::text[])
        returning id, created_at`;
      const lead = {
        id: thread.leadId,
        name: row.lead_name,
        email: row.lead_email,
        projectType: row.project_type,
      };
      const sent = { id: message!.id, body: input.body, hasPhoto: Boolean(photo) };
      if (thread.author === 'homeowner') {
        if (row.business_email) {
          await enqueueMail(
            tx,
            messageToContractorMail({ name: row.business_name, email: row.business_email }, lead, {
              ...sent,
              distributionId: row.distribution_id,
            }),
          );
        }
      } else {
        const token = await createHomeownerLink(tx, { leadId: thread.leadId, purpose: 'responses' });
        await enqueueMail(
          tx,
          messageToHomeownerMail(
            lead,
            { name: row.business_name },
            sent,
            homeownerLinkUrl(siteUrl(), 'responses', token),
          ),
        );
      }
      return { id: message!.id, createdAt: message!.created_at, businessName: row.business_name };
    });
  } catch (error) {
    if (photo) await discardMessagePhoto(store, photo.key);
    throw error;
  }
}
