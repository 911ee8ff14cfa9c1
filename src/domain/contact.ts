// The public contact phone ({phone} in the spec): its default, and its tel: link. The number
// itself is configurable with PUBLIC_CONTACT_PHONE (contactPhone() in
// src/server/platform/config/site.ts).
import { phoneHref } from './format.ts';

export const DEFAULT_CONTACT_PHONE = '(937) 555-0142';

/** tel: link for a display phone number: digits only, with +1 for 10-digit US numbers (the
 * formatting layer's phoneHref, under the name the pages use). */
export function telHref(phone: string): string {
  return phoneHref(phone);
}
