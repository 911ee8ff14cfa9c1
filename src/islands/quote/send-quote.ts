// Sending the request (POST /api/quotes), the code from the phone (POST /api/quotes/verify),
// asking for a new code (POST /api/quotes/code) and following the sale (POST /api/quotes/status),
// and what each answer means for the wizard.
import { replyPromise } from '../../domain/reply-promise.ts';
import { QUOTE_MESSAGES } from '../../domain/quote-rules.ts';
import type { TQuoteInput } from '../../schemas/quote.ts';
import type { CodeChannel, CodeState } from '../../domain/phone-proof-rules.ts';
import type { ContractorCard } from '../../schemas/inbox.ts';
import { api, type ApiAnswer, type ApiOptions } from '../shared/api.ts';

/** Where the code went, as the server says. */
export type CodeInfo = CodeState;

export type SendOutcome =
  /** Sold (or found unsellable), or already asked for: a toast, then home; sold to contractors
   * (issue 25): a toast and the contractors as cards, on this page. */
  | {
      kind: 'done';
      toast: { title: string; description: string };
      sold?: { contractors: ContractorCard[]; inboxUrl: string | null; promise: string };
    }
  /** Sent, and its sale under way (a job on the server): the wizard follows it (saleStatus). */
  | { kind: 'selling'; contractors: string[] }
  /** A code went to the phone: the wizard asks for it on this page. */
  | { kind: 'code'; code: CodeInfo | null }
  /** A VoIP line: sold once the e-mail link is followed too. */
  | { kind: 'awaiting_email' }
  /** Checked by our team first. */
  | { kind: 'held' }
  /** The server refused fields: their messages, to show on their steps (or on the code). */
  | { kind: 'fields'; errors: Record<string, string> }
  | { kind: 'failed'; title: string; description: string };

type Answer = {
  status: 'sent' | 'awaiting_code' | 'awaiting_email' | 'held' | 'duplicate';
  code?: CodeInfo;
  contractors?: string[];
  outOfArea?: boolean;
  /** "within 4 hours": the slowest stated reply time of the contractors it went to. */
  promise?: string;
  /** The contractors it went to as cards, and the request's private page (issue 25). */
  matches?: ContractorCard[];
  inboxUrl?: string;
  /** Its sale is under way: ask again (POST /api/quotes/status). */
  selling?: boolean;
};

export async function sendQuote(
  body: Record<keyof TQuoteInput, unknown>,
  options: Pick<ApiOptions, 'onWaiting'> = {},
): Promise<SendOutcome> {
  return outcomeOf(await api<Answer>('POST', '/api/quotes', body, options));
}

export async function verifyCode(requestKey: string, code: string): Promise<SendOutcome> {
  return outcomeOf(await api<Answer>('POST', '/api/quotes/verify', { requestKey, code }));
}

/** Where the request's sale stands, while the wizard follows it. */
export async function saleStatus(requestKey: string): Promise<SendOutcome> {
  return outcomeOf(await api<Answer>('POST', '/api/quotes/status', { requestKey }));
}

export async function resendCode(
  requestKey: string,
  channel: CodeChannel,
): Promise<{ ok: true; code: CodeInfo } | { ok: false; message: string }> {
  const answer = await api<{ code: CodeInfo }>('POST', '/api/quotes/code', { requestKey, channel });
  if (answer.ok) return { ok: true, code: answer.body.code };
  return { ok: false, message: answer.body.error ?? QUOTE_MESSAGES.submitError };
}

function outcomeOf(answer: ApiAnswer<Answer>): SendOutcome {
  if (answer.ok) {
    switch (answer.body.status) {
      case 'awaiting_code':
        return { kind: 'code', code: answer.body.code ?? null };
      case 'awaiting_email':
        return { kind: 'awaiting_email' };
      case 'held':
        return { kind: 'held' };
      case 'duplicate':
        return {
          kind: 'done',
          toast: {
            title: 'You already have a request for this',
            description: 'Contractors who have your first request will reply to it.',
          },
        };
      default:
        if (answer.body.selling) return { kind: 'selling', contractors: answer.body.contractors ?? [] };
        if (answer.body.outOfArea) {
          return {
            kind: 'done',
            toast: {
              title: 'Outside our area',
              description:
                'Your address is outside the area our contractors serve (Montgomery, Greene and Warren counties), so we could not send it to anyone.',
            },
          };
        }
        return {
          kind: 'done',
          ...(answer.body.matches?.length
            ? {
                sold: {
                  contractors: answer.body.matches,
                  inboxUrl: answer.body.inboxUrl ?? null,
                  promise: answer.body.promise ?? replyPromise(),
                },
              }
            : {}),
          toast: {
            title: 'Quote Request Submitted!',
            description:
              answer.body.contractors && answer.body.contractors.length === 0
                ? `We are finding the right contractor for it and will be in touch ${answer.body.promise ?? replyPromise()}.`
                : `Local contractors will contact you ${answer.body.promise ?? replyPromise()}.`,
          },
        };
    }
  }
  if (answer.status === 400 && answer.body.fields) {
    const errors: Record<string, string> = {};
    for (const [field, messages] of Object.entries(answer.body.fields)) {
      if (messages[0]) errors[field] = messages[0];
    }
    return { kind: 'fields', errors };
  }
  if (
    (answer.status === 429 || answer.status === 403 || answer.status === 503 || answer.status === 409) &&
    answer.body.error
  ) {
    return {
      kind: 'failed',
      title: answer.status === 429 ? 'Too many requests' : 'Not sent',
      description: answer.body.error,
    };
  }
  // 'Error submitting request: Please try again or contact support.' as a toast's title and text.
  const [title = '', description = ''] = QUOTE_MESSAGES.submitError.split(': ');
  return { kind: 'failed', title, description };
}
