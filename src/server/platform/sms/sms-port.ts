// The SMS port: prove a phone by a code (sent by text, or read out by a voice call for a
// landline), tell a number's line type, and send a plain text message (alerts). Twilio in
// production (Verify, Lookup, Messaging: twilio-sms.ts); the sandbox otherwise, which keeps every
// text and call readable at /dev/sms (sandbox-sms.ts). Numbers are ten-digit North American
// numbers; the adapters make them E.164. index.ts picks the adapter.
import type { CodeChannel, LineType } from '../../../domain/integrity-rules.ts';

export type CheckResult =
  /** The code is right: the phone is proven. */
  | 'approved'
  /** Not the code; the verification still takes tries. */
  | 'wrong'
  /** The provider no longer has the verification (expired, used, or out of tries). */
  | 'gone';

export interface SmsPort {
  readonly kind: 'twilio' | 'sandbox';
  /** Sends a new code; `ref` names the verification at the provider. */
  sendCode(input: { phone: string; channel: CodeChannel }): Promise<{ ref: string }>;
  /** Checks a code against the phone's pending verification. */
  checkCode(input: { phone: string; code: string; ref: string }): Promise<CheckResult>;
  /** The line type of a number (mobile, landline, VoIP...), 'unknown' when the provider cannot tell. */
  lineType(phone: string): Promise<LineType>;
  /** A text message (alerts); `ref` names it at the provider. */
  sendText(input: { phone: string; body: string }): Promise<{ ref: string }>;
}

/** The provider is unreachable or failing (not a wrong code, not a bad number). */
export class SmsUnavailableError extends Error {
  override name = 'SmsUnavailableError';
}

/** The provider refused the number itself (not a number it can text or call). */
export class SmsRefusedNumberError extends Error {
  override name = 'SmsRefusedNumberError';
}

/** The number replied STOP to our texts: nothing may be texted to it until it replies START. */
export class SmsOptedOutError extends Error {
  override name = 'SmsOptedOutError';
}
