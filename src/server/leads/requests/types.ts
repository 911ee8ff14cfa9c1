// The shapes the quote pipeline's steps hand each other.
import type { LineType } from '../../../domain/phone-proof-rules.ts';
import type { ContractorCard } from '../../../schemas/inbox.ts';
import type { PaymentGateway } from '../../money/index.ts';
import type { VisitorSignals } from '../../platform/security/visitor.ts';
import type { SmsPort } from '../../platform/sms/sms-port.ts';
import type { CodeState } from './phone-proof.ts';

/** Where a request stands: the counts are of contractors it went to and who paid. */
export interface SaleResult {
  leadId: string;
  contractorsContacted: number;
  paymentsSuccessful: number;
}

/**
 * What the homeowner is told: 'awaiting_code' until the code sent to the phone is typed (with
 * where the code went), then 'sent' once sold (or found unsellable: outside our area),
 * 'duplicate' (the same person asked for this within 30 days), 'awaiting_email' (a VoIP line:
 * sold once the mailed link is followed too) or 'held' (checked by our team first).
 */
export interface SubmitResult extends SaleResult {
  status: 'sent' | 'awaiting_code' | 'awaiting_email' | 'held' | 'duplicate';
  code?: CodeState;
  /** The contractors who paid for it, once sent (so far, while selling). */
  contractors?: string[];
  /** Sent and being sold: its sale is queued or running; ask again for the contractors. */
  selling?: boolean;
  /** Sent nowhere: its ZIP code is outside the area our contractors serve. */
  outOfArea?: boolean;
  /** Once sent: "within 4 hours", the slowest stated reply time of the contractors it went to. */
  promise?: string;
  /** Once sent (issue 25): the contractors it went to as cards, for the wizard's result page. */
  matches?: ContractorCard[];
  /** Once sent: the request's private page (its quotes, messages), for whoever sent it. */
  inboxUrl?: string;
}

/** What a homeowner's request and its code step use (the sale is a job: queue-sale.ts). */
export type QuoteOptions = Omit<SubmitOptions, 'gateway' | 'contractorsPerLead' | 'afterCharge'>;

export interface SubmitOptions {
  gateway: PaymentGateway;
  /** Codes and line types (Twilio, or the sandbox). Not needed to sell an already proven request. */
  sms?: SmsPort;
  userId?: string | null;
  /** The signed-in homeowner's verified e-mail: a request carrying it has its e-mail confirmed. */
  verifiedEmail?: string;
  /** The client's address: new requests and codes from one address are limited too. */
  ip?: string | null;
  /** The browser's visitor cookie and network, kept on the request for the fraud signals. */
  visitor?: VisitorSignals | null;
  contractorsPerLead?: number;
  /** Tests: called after each gateway call, before its result is recorded (a crash point). */
  afterCharge?: (distributionId: string) => void | Promise<void>;
}

/** A stored lead, as the pipeline reads it back. */
export interface LeadRow {
  id: string;
  service_id: string;
  email: string;
  name: string;
  phone: string;
  zip_code: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  qualification: string;
  project_type: string;
  project_description: string;
  timeline: string;
  budget_min: number;
  budget_max: number;
  property_address: string;
  preferred_contact_method: string;
  /** An admin's payment test (the payment-test page): sold only to test recipients. */
  is_test: boolean;
  /** What was checked before sale, for the trust card in the lead's mail. */
  phone_verified_at: Date | null;
  phone_line_type: LineType | null;
  email_confirmed_at: Date | null;
  /** The contractor asked from its profile: offered the lead first when it matches. */
  chosen_business_id: string | null;
}

/** A contractor a lead can be sold to, with the card to charge. */
export interface Candidate {
  id: string;
  name: string;
  email: string | null;
  customerId: string;
  paymentMethodId: string;
  featured: boolean;
  score: number;
  /** The contractor the homeowner asked from its profile. */
  chosen?: boolean;
}
