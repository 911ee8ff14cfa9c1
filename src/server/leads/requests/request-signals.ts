// What ties a quote request to a person rather than a mailbox, computed once when it is stored:
// the mailbox key (plus-tags and Gmail's dots folded) and its domain, the street address with its
// ZIP code as one key, the description's sketch, and where it came from (the client's network
// and the visitor cookie's hash). Limits, duplicates, blocks and the fraud queue read these.
import { addressKey, emailDomain, emailKey, textSketch } from '../../../domain/integrity-rules.ts';
import type { VisitorSignals } from '../../platform/security/visitor.ts';

export interface RequestSignals {
  emailKey: string;
  emailDomain: string;
  addressKey: string;
  textSketch: number[];
  clientPrefix: string | null;
  deviceHash: string | null;
}

export function requestSignals(
  input: { email: string; address: string; zipCode: string; description: string },
  visitor: VisitorSignals | null,
): RequestSignals {
  return {
    emailKey: emailKey(input.email),
    emailDomain: emailDomain(input.email),
    addressKey: addressKey(input.address, input.zipCode),
    textSketch: textSketch(input.description),
    clientPrefix: visitor?.clientPrefix ?? null,
    deviceHash: visitor?.deviceHash ?? null,
  };
}
