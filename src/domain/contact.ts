// The public contact phone ({phone} in the spec): its default, and its tel: link. The number
// itself is configurable with PUBLIC_CONTACT_PHONE (contactPhone() in
// src/server/platform/config/site.ts).
export const DEFAULT_CONTACT_PHONE = '(937) 555-0142';

/** tel: link for a display phone number: digits only, with +1 for 10-digit US numbers. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.length === 10 ? `+1${digits}` : `+${digits}`}`;
}
