// The trust card on every lead (issue 23): what was checked before the lead was sold, in words a
// contractor reads at a glance. Shown on the dashboard's lead cards and in the new-lead mail, from
// the same facts, so both always say the same.
import { LINE_TYPE_LABELS, type LineType } from './phone-proof-rules.ts';
import { DUPLICATE_DAYS } from './integrity-rules.ts';

export interface LeadTrust {
  /** When the homeowner typed the right code (or the phone was proven before); null: a request
   * from before codes were asked. */
  phoneProvenAt: string | null;
  lineType: LineType | null;
  emailConfirmed: boolean;
  /** The duplicate check: 'passed' (no earlier request from this phone, address or mailbox for
   * the service within 30 days), 'duplicate', or 'none' (a request from before the check). */
  duplicateCheck: 'passed' | 'duplicate' | 'none';
}

export interface TrustCheck {
  /** 'yes': checked and passed; 'no': not checked or not passed; 'info': a fact to know. */
  state: 'yes' | 'no' | 'info';
  text: string;
}

export function trustChecks(trust: LeadTrust): TrustCheck[] {
  const line = trust.lineType;
  return [
    trust.phoneProvenAt
      ? { state: 'yes', text: 'Phone proven by a code sent to it' }
      : { state: 'no', text: 'Phone not proven by a code (sent before codes were asked)' },
    line === 'voip'
      ? { state: 'info', text: `${LINE_TYPE_LABELS.voip}: the e-mail was confirmed too before sale` }
      : line === 'landline'
        ? { state: 'info', text: `${LINE_TYPE_LABELS.landline}: the code was read out by a call` }
        : { state: 'info', text: line ? LINE_TYPE_LABELS[line] : LINE_TYPE_LABELS.unknown },
    trust.duplicateCheck === 'passed'
      ? {
          state: 'yes',
          text: `No other request for this from the same phone, address or e-mail in ${DUPLICATE_DAYS} days`,
        }
      : trust.duplicateCheck === 'duplicate'
        ? {
            state: 'no',
            text: `Another request for this came from the same phone, address or e-mail within ${DUPLICATE_DAYS} days`,
          }
        : { state: 'no', text: 'Not checked for duplicates by phone and address (sent before that check)' },
    trust.emailConfirmed
      ? { state: 'yes', text: 'E-mail address confirmed' }
      : { state: 'no', text: 'E-mail address not confirmed yet' },
  ];
}

/** The checks as lines of a plain-text mail. */
export function trustText(trust: LeadTrust): string[] {
  const mark = { yes: '✓', no: '✗', info: '•' } as const;
  return trustChecks(trust).map((c) => `${mark[c.state]} ${c.text}`);
}

/** The trust card's facts of a stored lead (a duplicate is never sold, so a sold one proven by a
 * code passed the check; one from before the check was never put to it). */
export function leadTrust(row: {
  phone_verified_at: Date | null;
  phone_line_type: LineType | null;
  email_confirmed_at: Date | null;
  qualification: string;
}): LeadTrust {
  return {
    phoneProvenAt: row.phone_verified_at?.toISOString() ?? null,
    lineType: row.phone_line_type,
    emailConfirmed: row.email_confirmed_at !== null,
    duplicateCheck:
      row.qualification === 'duplicate' ? 'duplicate' : row.phone_verified_at ? 'passed' : 'none',
  };
}
