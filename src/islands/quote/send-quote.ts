// Sending the request: POST /api/quotes, and what its answer means for the wizard.
import { QUOTE_MESSAGES, QUOTE_PROMISED_HOURS, type TQuoteInput } from '../../schemas/quote.ts';
import { api, type ApiOptions } from '../shared/api.ts';

export type SendOutcome =
  /** Sold at once (a signed-in homeowner at their verified address), or already asked for. */
  | { kind: 'done'; toast: { title: string; description: string } }
  /** Waiting for the homeowner to follow the link mailed to them: nothing sold yet. */
  | { kind: 'awaiting' }
  /** The server refused fields: their messages, to show on their steps. */
  | { kind: 'fields'; errors: Record<string, string> }
  | { kind: 'failed'; title: string; description: string };

type Answer = { status: 'sent' | 'awaiting_confirmation' | 'duplicate' };

export async function sendQuote(
  body: Record<keyof TQuoteInput, unknown>,
  options: Pick<ApiOptions, 'onWaiting'> = {},
): Promise<SendOutcome> {
  const answer = await api<Answer>('POST', '/api/quotes', body, options);
  if (answer.ok) {
    if (answer.body.status === 'awaiting_confirmation') return { kind: 'awaiting' };
    return {
      kind: 'done',
      toast:
        answer.body.status === 'duplicate'
          ? {
              title: 'You already have a request for this',
              description: 'Contractors who have your first request will reply to it.',
            }
          : {
              title: 'Quote Request Submitted!',
              description: `Local contractors will contact you within ${QUOTE_PROMISED_HOURS} hours.`,
            },
    };
  }
  if (answer.status === 400 && answer.body.fields) {
    const errors: Record<string, string> = {};
    for (const [field, messages] of Object.entries(answer.body.fields)) {
      if (messages[0]) errors[field] = messages[0];
    }
    return { kind: 'fields', errors };
  }
  if (answer.status === 429 && answer.body.error) {
    return { kind: 'failed', title: 'Too many requests', description: answer.body.error };
  }
  // 'Error submitting request: Please try again or contact support.' as a toast's title and text.
  const [title = '', description = ''] = QUOTE_MESSAGES.submitError.split(': ');
  return { kind: 'failed', title, description };
}
