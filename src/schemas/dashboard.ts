// The contractor dashboard API's answers, shared by the endpoints and the island.
import type { BuyerOutcome } from '../domain/outcome-rules.ts';
import type { ContractorFigures } from '../domain/figures.ts';
import type { ScoreRule } from '../domain/quote-rules.ts';
import type { LeadStage } from '../domain/lead-stages.ts';
import type { LeadTrust } from '../domain/lead-trust.ts';
import type { LeadCreditState } from './lead-credit.ts';

interface LeadContact {
  name: string;
  email: string;
  phone: string;
  address: string;
  preferredContactMethod: string;
}

export interface LeadSummary {
  /** The distribution's id: the lead as this business received it. */
  id: string;
  leadId: string;
  stage: LeadStage;
  receivedAt: string;
  viewedAt: string | null;
  respondedAt: string | null;
  paid: boolean;
  projectType: string;
  description: string;
  timeline: string;
  budgetMin: number;
  budgetMax: number;
  city: string | null;
  zipCode: string | null;
  propertyType: string;
  photoCount: number;
  score: number;
  scoreRules: ScoreRule[];
  /** How many contractors received (paid for) this request. */
  recipients: number;
  /** What the homeowner said happened (issue 27), as this buyer may know it; null before an answer. */
  outcome: BuyerOutcome | null;
  /** Only on a lead this business paid for. */
  contact: LeadContact | null;
  /** What was checked before the lead was sold (the trust card). */
  trust: LeadTrust;
}

export interface LeadPage {
  leads: LeadSummary[];
  /** Leads waiting for a first contact: in the New stage and paid for ("3 new leads"). */
  newLeads: number;
  /** Opaque; pass as ?cursor= for the next page. Null on the last page. */
  nextCursor: string | null;
}

export interface QuoteLine {
  description: string;
  quantity: number;
  rateCents: number;
  amountCents: number;
}

export interface Communication {
  id: string;
  type: string;
  senderName: string;
  subject: string;
  message: string;
  createdAt: string;
  quote: { items: QuoteLine[]; totalCents: number; validUntil: string; terms: string } | null;
  acceptedAt: string | null;
}

/** A message in the lead's thread with the homeowner (issue 25). */
export interface LeadMessage {
  id: string;
  author: 'homeowner' | 'contractor';
  /** "Morgan L." for the homeowner, "You" for the business. */
  authorName: string;
  body: string;
  photo: string | null;
  createdAt: string;
}

export interface LeadDetail {
  lead: LeadSummary;
  nextStages: LeadStage[];
  communications: Communication[];
  /** The thread with the homeowner; null on a lead the business did not buy. */
  messages: LeadMessage[] | null;
  /** The lead's dispute (automatic credits), or until when it may be disputed. */
  credit: LeadCreditState;
}

export interface DashboardStats {
  windowDays: number;
  activeLeads: number;
  newLeads: number;
  /** Percent, whole; null without leads in the window. */
  responseRate: number | null;
  /** Leads won in the window (figures.convertedLeads): the revenue estimate's count. */
  conversions: number;
  /** An estimate: conversions × REVENUE_PER_CONVERSION_CENTS. */
  estimatedRevenueCents: number;
  /** The figures shared with billing and the admin (src/domain/figures.ts): monthly spend,
   * conversion, response time. */
  figures: ContractorFigures;
}
