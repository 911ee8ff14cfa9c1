// A homeowner's phone number must be one a contractor can call: a valid number of the North
// American Numbering Plan (libphonenumber's rules for calling code 1), and not one of the obvious
// fakes bots and hurried visitors type (one digit repeated, a repeated subscriber number, the
// 555-0100 to 555-0199 numbers reserved for fiction).
import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import metadata from './nanp-metadata.json' with { type: 'json' };

const NANP = metadata as unknown as MetadataJson;

/** The ten-digit national number (area code, exchange, line) when the phone is dialable, else null. */
export function dialableNanpNumber(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: 'US' }, NANP);
  if (!parsed || parsed.countryCallingCode !== '1' || !parsed.isValid()) return null;
  const national = parsed.nationalNumber;
  if (!/^\d{10}$/.test(national)) return null;
  const exchange = national.slice(3, 6);
  const line = national.slice(6);
  if (/^(\d)\1{9}$/.test(national) || /^(\d)\1{6}$/.test(national.slice(3))) return null;
  if (exchange === '555' && /^01\d\d$/.test(line)) return null;
  return national;
}

/** dialableNanpNumber, of the United States only (not Canada or the Caribbean's +1 numbers). */
export function dialableUsNumber(text: string): string | null {
  const national = dialableNanpNumber(text);
  if (!national) return null;
  return parsePhoneNumberFromString(national, { defaultCountry: 'US' }, NANP)?.country === 'US'
    ? national
    : null;
}
