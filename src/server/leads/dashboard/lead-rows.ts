// The columns a lead is read with on the dashboard, and how a row becomes what the contractor
// sees: the score with its rules, and the homeowner's contact only on a lead this business paid for.
import type { LeadStage } from '../../../domain/lead-stages.ts';
import { leadScoreBreakdown, type Timeline } from '../../../domain/quote-rules.ts';
import { leadTrust } from '../../../domain/lead-trust.ts';
import type { BuyerOutcome, Outcome } from '../../../domain/outcome-rules.ts';
import type { LineType } from '../../../domain/phone-proof-rules.ts';
import type { LeadSummary } from '../../../schemas/dashboard.ts';
import type { Db } from '../../platform/db/client.ts';

export interface LeadRow {
  id: string;
  lead_id: string;
  stage: LeadStage;
  created_at: Date;
  cursor_at: string;
  viewed_at: Date | null;
  responded_at: Date | null;
  payment_status: string;
  project_type: string;
  project_description: string;
  timeline: Timeline;
  budget_min: number;
  budget_max: number;
  city: string | null;
  zip_code: string | null;
  property_type: string;
  photo_count: number;
  lead_score: number;
  recipients: number;
  name: string;
  email: string;
  phone: string;
  property_address: string;
  preferred_contact_method: string;
  phone_verified_at: Date | null;
  phone_line_type: LineType | null;
  email_confirmed_at: Date | null;
  qualification: string;
  outcome: Outcome | null;
  hired_you: boolean;
}

/** The select list over `lead_distributions d join leads l`. */
export function leadColumns(sql: Db) {
  return sql`
    d.id, d.lead_id, d.stage, d.created_at, d.created_at::text as cursor_at, d.viewed_at,
    d.responded_at, d.payment_status, l.project_type, l.project_description, l.timeline,
    l.budget_min, l.budget_max, l.city, l.zip_code, l.property_type,
    coalesce(array_length(l.photos, 1), 0) as photo_count, l.lead_score,
    (select count(*)::int from lead_distributions o
      where o.lead_id = d.lead_id and o.payment_status = 'paid') as recipients,
    l.name, l.email, l.phone, l.property_address, l.preferred_contact_method,
    l.phone_verified_at, l.phone_line_type, l.email_confirmed_at, l.qualification,
    l.outcome, coalesce(l.outcome_business_id = d.business_id, false) as hired_you`;
}

function buyerOutcomeOf(row: LeadRow): BuyerOutcome | null {
  if (row.outcome === 'hired') return row.hired_you ? 'hired_you' : 'hired_other';
  return row.outcome;
}

export function toLeadSummary(row: LeadRow): LeadSummary {
  const paid = row.payment_status === 'paid';
  return {
    id: row.id,
    leadId: row.lead_id,
    stage: row.stage,
    receivedAt: row.created_at.toISOString(),
    viewedAt: row.viewed_at?.toISOString() ?? null,
    respondedAt: row.responded_at?.toISOString() ?? null,
    paid,
    projectType: row.project_type,
    description: row.project_description,
    timeline: row.timeline,
    budgetMin: row.budget_min,
    budgetMax: row.budget_max,
    city: row.city,
    zipCode: row.zip_code,
    propertyType: row.property_type,
    photoCount: row.photo_count,
    score: row.lead_score,
    scoreRules: leadScoreBreakdown({
      budgetMax: row.budget_max,
      timeline: row.timeline,
      description: row.project_description,
      photoCount: row.photo_count,
    }),
    recipients: row.recipients,
    // Every buyer sees what happened; whom the homeowner hired only when it was this one.
    outcome: paid ? buyerOutcomeOf(row) : null,
    contact: paid
      ? {
          name: row.name,
          email: row.email,
          phone: row.phone,
          address: row.property_address,
          preferredContactMethod: row.preferred_contact_method,
        }
      : null,
    trust: leadTrust(row),
  };
}
