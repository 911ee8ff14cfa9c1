// The homeowner's inbox and the messages on a request (issue 25, Musts 4-6): limits, words and
// the request's status as the homeowner reads it. Pure: shared by the pages, the dashboard's
// island, the endpoints and the tests. docs/decisions.md, "The homeowner's inbox and messages
// (issue 25)".

/** A message's text, in characters: the spec's free-text limit (its sanitiser truncates at 1000). */
export const MESSAGE_MAX = 1000;
/** Messages one thread (a request and one contractor) may hold. */
export const THREAD_MESSAGES_MAX = 200;
/** Messages a homeowner may send on one request, and a contractor from one business, an hour. */
export const HOMEOWNER_MESSAGES_PER_HOUR = 20;
export const CONTRACTOR_MESSAGES_PER_HOUR = 60;
/** Messages one client address may send an hour, whoever it is. */
export const MESSAGES_PER_IP_PER_HOUR = 60;
/** Requests the inbox lists (newest first). */
export const INBOX_REQUESTS_MAX = 50;

export const MESSAGE_MESSAGES = {
  empty: 'Please write a message',
  tooLong: `Keep the message under ${MESSAGE_MAX} characters`,
  threadFull: 'This conversation is full. Please call the contractor instead.',
  notYours: 'This conversation is not part of your request.',
  requestNotFound: 'Request not found',
  tooMany: (minutes: number) =>
    `Too many messages. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  sent: 'Message sent. We e-mailed it to them.',
  sentToHomeowner: 'Message sent. We e-mailed it to the homeowner.',
} as const;

/** How the inbox names where a request stands, from its qualification and its quotes. */
export type RequestStatus =
  | 'awaiting_code'
  | 'awaiting_email'
  | 'held'
  | 'duplicate'
  | 'not_sent'
  | 'matching'
  | 'sent'
  | 'quoted'
  | 'accepted'
  | 'expired';

export const REQUEST_STATUS_WORDS: Record<RequestStatus, string> = {
  awaiting_code: 'Waiting for your phone code',
  awaiting_email: 'Waiting for your e-mail confirmation',
  held: 'Being checked by our team',
  duplicate: 'Already requested',
  not_sent: 'Outside our area',
  matching: 'Finding contractors',
  sent: 'Sent to contractors',
  quoted: 'Quotes received',
  accepted: 'Quote accepted',
  expired: 'Expired',
};

export function requestStatus(r: {
  qualification: string;
  contractors: number;
  quotes: number;
  accepted: boolean;
}): RequestStatus {
  if (r.accepted) return 'accepted';
  switch (r.qualification) {
    case 'unconfirmed':
      return 'awaiting_code';
    case 'awaiting_email':
      return 'awaiting_email';
    case 'held':
    case 'blocked':
      return 'held';
    case 'duplicate':
      return 'duplicate';
    case 'out_of_area':
      return 'not_sent';
    case 'expired':
      return 'expired';
    default:
      if (r.quotes > 0) return 'quoted';
      return r.contractors > 0 ? 'sent' : 'matching';
  }
}

/** A contractor's licence as a card says it: checked by us, a number on file, or nothing. */
export function licenceText(b: { licenceChecked: boolean; licenseNumber: string | null }): string {
  if (b.licenceChecked) return 'Licence checked';
  return b.licenseNumber ? 'Licence number on file' : 'No licence on file';
}

export function insuranceText(insuranceVerified: boolean): string {
  return insuranceVerified ? 'Insurance checked' : 'Insurance not checked';
}

/** The homeowner as a contractor's thread names them: first name and initial ("Morgan L."). */
export function homeownerShortName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'The homeowner';
  const first = parts[0]!;
  const last = parts.length > 1 ? ` ${parts[parts.length - 1]![0]!.toUpperCase()}.` : '';
  return `${first}${last}`;
}
