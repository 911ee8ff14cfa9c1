// The shapes the quote pipeline's steps hand each other.
import type { PaymentGateway } from '../payments/gateway.ts';

/** Where a request stands: the counts are of contractors it went to and who paid. */
export interface SaleResult {
  leadId: string;
  contractorsContacted: number;
  paymentsSuccessful: number;
}

/**
 * What the homeowner is told: 'sent' once it has been sold (or found unsellable), or
 * 'awaiting_confirmation' until the mailed link is followed; 'duplicate' only to the signed-in
 * owner of the address (anyone else is told to check that address's mail, which says so).
 */
export interface SubmitResult extends SaleResult {
  status: 'sent' | 'awaiting_confirmation' | 'duplicate';
}

export interface SubmitOptions {
  gateway: PaymentGateway;
  userId?: string | null;
  /** The signed-in homeowner's verified e-mail: a request carrying it needs no confirmation. */
  verifiedEmail?: string;
  /** The client's address: new requests from one address are limited too. */
  ip?: string | null;
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
}
