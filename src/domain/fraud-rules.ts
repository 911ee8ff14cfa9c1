// The admin fraud queue (issue 23, Must 3): which signals tie a held or reported request to
// others, the words of its findings and messages, and what buyers' reports and the admin's
// decisions say to contractors. Pure: shared by the server, the island and the tests.
// docs/decisions.md ("Contractors' reports, the fraud queue and unanswered leads") says why.
import { DUPLICATE_DAYS, NEAR_DUPLICATE_SIMILARITY, REPORT_WINDOW_DAYS } from './integrity-rules.ts';

/** Requests a page of the fraud queue's lists holds. */
export const FRAUD_PAGE_SIZE = 20;
/** Other requests sharing the phone, address, prefix, device or wording are looked for within this
 * many days either side of the request (the duplicate rule's window). */
export const SIGNAL_DAYS = DUPLICATE_DAYS;
/** Distinct addresses at the request's e-mail domain are counted within this many hours either
 * side of it (the domain rule's day). */
export const DOMAIN_SIGNAL_HOURS = 24;
/** Other requests named as examples under a signal. */
export const SIGNAL_EXAMPLES = 3;
/** The longest reason an admin gives for blocking (kept on the blocked contact details, 500). */
export const FRAUD_REASON_MAX = 500;

export type SignalKind = 'phone' | 'domain' | 'address' | 'prefix' | 'device' | 'text';

export const SIGNAL_LABELS: Record<SignalKind, string> = {
  phone: 'Same phone',
  domain: 'E-mail domain',
  address: 'Same street address',
  prefix: 'Same network',
  device: 'Same device',
  text: 'Near-duplicate description',
};

/** What a signal found, in words an admin reads. */
export function signalText(kind: SignalKind, count: number, detail: string): string {
  const others = `${count} other request${count === 1 ? '' : 's'}`;
  switch (kind) {
    case 'phone':
      return `${others} in ${SIGNAL_DAYS} days from ${detail}.`;
    case 'domain':
      return `${count} different address${count === 1 ? '' : 'es'} at ${detail} (not a free-mail provider) within ${DOMAIN_SIGNAL_HOURS} hours.`;
    case 'address':
      return `${others} in ${SIGNAL_DAYS} days for ${detail}.`;
    case 'prefix':
      return `${others} in ${SIGNAL_DAYS} days from the network ${detail}.`;
    case 'device':
      return `${others} in ${SIGNAL_DAYS} days from the same browser.`;
    case 'text':
      return `${others} in ${SIGNAL_DAYS} days share at least ${Math.round(NEAR_DUPLICATE_SIMILARITY * 100)}% of this wording${detail ? ` (${detail})` : ''}.`;
  }
}

export const BLOCK_KIND_LABELS: Record<'phone' | 'email' | 'device' | 'domain', string> = {
  phone: 'Phone',
  email: 'E-mail',
  device: 'Device',
  domain: 'E-mail domain',
};

/** What the refunded buyers read (the credit's finding, and its mail). */
export const reportedFinding = (reporters: number): string =>
  `${reporters} buyers of this lead reported it fake or unreachable within ${REPORT_WINDOW_DAYS} days of their charge, so every buyer is refunded and the homeowner's contact details are blocked.`;
export const FRAUD_FINDING =
  'Our team found this request to be fraudulent, so every buyer is refunded and its contact details are blocked.';
/** A buyer's report before enough buyers reported the lead. */
export const FAKE_REPORT_FINDING = `Reported as fake. When a second buyer of this lead reports it fake or unreachable within ${REPORT_WINDOW_DAYS} days of their charge, every buyer is refunded at once; until then our team reviews it.`;

/** Why contact details were blocked (blocked_identities.reason). */
export const reportsBlockReason = (reporters: number, leadId: string): string =>
  `Reported fake or unreachable by ${reporters} buyers of request ${leadId}.`;

export const FRAUD_MESSAGES = {
  leadNotFound: 'Request not found',
  blockNotFound: 'Blocked contact detail not found',
  notInQueue: 'Only a held or reported request can be blocked or released here.',
  notHeld: 'This request is no longer held.',
  alreadyBlocked: 'This request was blocked already.',
  alreadyReleased: 'This contact detail was released already.',
  reasonRequired: 'Please give a reason.',
  noHeld: 'No requests are held.',
  noReported: 'No requests have been reported.',
  noBlocks: 'No contact details are blocked.',
} as const;

/** The fraud queue's audit actions, with the words the activity log shows. */
export const FRAUD_AUDIT_ACTIONS: Record<string, string> = {
  'lead.fraud.block': 'Request blocked as fraud',
  'lead.fraud.release': 'Request released from the fraud queue',
  'blocked_identity.release': 'Blocked contact detail released',
};
