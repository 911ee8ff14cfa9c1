// Confirming a listing claim by a code (issue 23, Must 5): one schema for the claim proof island
// and for POST /api/claims/code and /api/claims/confirm, the admin's approval body, and the
// answers both sides read.
import * as z from 'zod/mini';
import {
  CLAIM_CHANNELS,
  CLAIM_PROOF_MESSAGES as M,
  LOCAL_PART_MAX,
  LOCAL_PART_PATTERN,
  type ClaimChannel,
  type ClaimConfirmation,
} from '../domain/claim-rules.ts';
import { CODE_LENGTH } from '../domain/integrity-rules.ts';

/** Send a code: by text or call to the listing's phone, or by mail to <localPart>@<its domain>. */
export const ZClaimCodeRequest = z
  .strictObject({
    channel: z.enum(CLAIM_CHANNELS, { error: M.channel }),
    /** Only for 'email': the address's part before the @ (the domain is the listing's). */
    localPart: z.optional(
      z.pipe(
        z.string({ error: M.localPart }).check(z.trim(), z.maxLength(LOCAL_PART_MAX, M.localPart)),
        z.string().check(z.regex(LOCAL_PART_PATTERN, M.localPart), z.toLowerCase()),
      ),
    ),
  })
  .check(
    z.refine((body) => body.channel !== 'email' || body.localPart !== undefined, {
      message: M.localPart,
      path: ['localPart'],
    }),
  );
export type TClaimCodeRequest = z.output<typeof ZClaimCodeRequest>;

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** The code as typed (spaces around it forgiven). */
export const ZClaimCodeCheck = z.strictObject({
  code: z.pipe(
    z.string({ error: M.codeFormat }).check(z.trim(), z.maxLength(CODE_LENGTH + 10, M.codeFormat)),
    z.string().check(z.regex(CODE_PATTERN, M.codeFormat)),
  ),
});

/** The admin's approval: `unconfirmed: true` says an unconfirmed claim is approved on purpose. */
export const ZClaimApproval = z.strictObject({
  unconfirmed: z.optional(z.boolean()),
});
export type TClaimApproval = z.output<typeof ZClaimApproval>;

/** What the claimant may confirm with, and whether they did. */
export interface ClaimProofState {
  businessName: string;
  /** The listing's phone, masked ("(937) ••• ••44"); null when it has none we can text or call. */
  phone: string | null;
  /** The listing website's domain (the code goes to <you>@<domain>); null without a website. */
  emailDomain: string | null;
  confirmation: ClaimConfirmation | null;
}

/** The answer of a code sent. */
export interface ClaimCodeSent {
  /** The channel used: a text asked for a landline goes as a call. */
  channel: ClaimChannel;
  /** Where it went, as shown: the masked phone or the address. */
  sentTo: string;
  expiresAt: string;
}

/** The answer of a right code. */
export interface ClaimCodeConfirmed {
  confirmation: ClaimConfirmation;
}
