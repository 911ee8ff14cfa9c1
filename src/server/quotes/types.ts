// The shapes the quote pipeline's steps hand each other.
import type { PaymentGateway } from '../payments/gateway.ts';

export interface SubmitResult {
  leadId: string;
  contractorsContacted: number;
  paymentsSuccessful: number;
}

export interface SubmitOptions {
  gateway: PaymentGateway;
  userId?: string | null;
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
