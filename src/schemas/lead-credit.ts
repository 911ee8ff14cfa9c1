// A contractor's dispute of a charged lead (automatic credits): a reason, and a note (required
// for 'other'). One schema for the dashboard's form and the endpoint; the answer's type.
import * as z from 'zod/mini';
import {
  CREDIT_MESSAGES as M,
  CREDIT_NOTE_MAX,
  CREDIT_REASONS,
  type CreditReason,
  type CreditRowReason,
  type CreditStatus,
} from '../domain/credit-rules.ts';
import { ZSanitized } from './sanitized-text.ts';

export const ZLeadCreditRequest = z
  .object({
    reason: z.enum(CREDIT_REASONS.map((r) => r.value) as [CreditReason, ...CreditReason[]], {
      error: M.reasonRequired,
    }),
    note: z.optional(ZSanitized(0, CREDIT_NOTE_MAX, M.noteRequired, M.noteTooLong)),
  })
  .check(
    z.refine((v) => v.reason !== 'other' || Boolean(v.note), {
      message: M.noteRequired,
      path: ['note'],
    }),
  );
export type TLeadCreditRequest = z.output<typeof ZLeadCreditRequest>;

/** A dispute as the contractor sees it (on the lead, and as the endpoint's answer). */
export interface LeadCredit {
  id: string;
  reason: CreditRowReason;
  status: CreditStatus;
  /** What the server's check found. */
  finding: string;
  amountCents: number;
  createdAt: string;
  refundedAt: string | null;
  /** The reason an admin gave when granting or declining it; null when no admin decided. */
  decision: string | null;
}

/** The lead's dispute, or whether it may still be disputed and until when. */
export interface LeadCreditState {
  credit: LeadCredit | null;
  /** ISO time the dispute window closes; null for a lead that was not charged. */
  disputableUntil: string | null;
  /** Whether it may be disputed now (charged, within the window, not disputed yet). */
  disputable: boolean;
}
