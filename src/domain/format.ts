// The one formatting layer (issue 24): how names, money, phone numbers, places, dates, times and
// statuses read to people, on every island, page and mail. Nothing shown to a person is a raw
// value: never a slug, never ten bare digits, never an upper-case status or a time with seconds.
// Times are Dayton's (America/New_York) wherever they are shown, so the server's render, the
// browser's and a mail agree.
import { BUDGET_NOT_SURE_LABEL, isBudgetNotSure } from './budget-presets.ts';
import { formatMoney } from './money.ts';
import { BUDGET_MAX } from './quote-rules.ts';

export { formatMoney };

/** "$2,000 - $8,000": a price range in whole dollars, from cents. */
export function formatPriceRange(minCents: number, maxCents: number): string {
  return `${formatMoney(minCents, { wholeDollars: true })} - ${formatMoney(maxCents, { wholeDollars: true })}`;
}

/**
 * A homeowner's budget in whole dollars as people read it: "$150 - $300", "$50,000+" for the top
 * preset (up to the largest budget taken), or "Not sure" (0 to 0, the wizard's "Not sure").
 */
export function formatBudget(minDollars: number, maxDollars: number): string {
  if (isBudgetNotSure(minDollars, maxDollars)) return BUDGET_NOT_SURE_LABEL;
  if (maxDollars >= BUDGET_MAX) return `${formatMoney(minDollars * 100, { wholeDollars: true })}+`;
  return formatPriceRange(minDollars * 100, maxDollars * 100);
}

/** The site's time zone: every date and time shown is Dayton's. */
export const SITE_TIME_ZONE = 'America/New_York';

/** Words kept as their usual capitals when a slug becomes a name. */
const ACRONYMS: Record<string, string> = { hvac: 'HVAC', diy: 'DIY', us: 'US', oh: 'OH' };
/** Small words that stay lower case inside a name. */
const SMALL = new Set(['and', 'or', 'of', 'the', 'in', 'on', 'at', 'to', 'for', 'a']);

/**
 * A service's or a place's name from whatever was stored: a name stays as it is; a slug or a
 * lower-case word becomes words with capitals ("kitchen-remodeling" → "Kitchen Remodeling",
 * "hvac" → "HVAC", "kettering" → "Kettering"). A stored name is always preferred; this is the
 * safety net for old rows and query strings.
 */
export function displayName(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (!text) return '';
  // Already a name: it has a capital letter or a space and no hyphen-joined lower-case slug form.
  if (/[A-Z]/.test(text) && !/^[a-z0-9]+(-[a-z0-9]+)+$/.test(text)) return text;
  return text
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (ACRONYMS[lower]) return ACRONYMS[lower];
      if (i > 0 && SMALL.has(lower)) return lower;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

/** "Plumbing in Kettering": a lead's or a request's title, from its service and place. */
export function serviceInPlace(service: string, place: string | null | undefined): string {
  const where = displayName(place);
  return where ? `${displayName(service)} in ${where}` : displayName(service);
}

/** "(937) ••• ••87": enough for the homeowner to recognise their number, not enough to read it. */
export function maskedPhone(digits: string): string {
  const national = digits.slice(-10);
  return `(${national.slice(0, 3)}) ••• ••${national.slice(-2)}`;
}

/** "(937) 253-4187" for a North American number however it was stored; anything else as given. */
export function formatPhone(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  const digits = text.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return text;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** A tel: link for any stored phone ("tel:+19372534187"). */
export function phoneHref(value: string): string {
  const digits = value.replace(/\D/g, '');
  return `tel:${digits.length === 10 ? `+1${digits}` : `+${digits}`}`;
}

/** An sms: link for any stored phone: the phone's messages app, addressed to it. */
export function smsHref(value: string): string {
  return phoneHref(value).replace(/^tel:/, 'sms:');
}

/** A map link for an address (opens the phone's map app or the map site). */
export function mapHref(address: string, zipCode?: string | null): string {
  const query = [address, zipCode].filter(Boolean).join(' ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** An Intl formatter made on first use: making one loads locale and time-zone data, a long task
 * an island page should not pay on load (issue 25). */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('en-US', options));
}

const DATE = lazyFormat({ dateStyle: 'medium', timeZone: SITE_TIME_ZONE });
const DATE_TIME = lazyFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: SITE_TIME_ZONE,
});

const asDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** "Nov 26, 2026". */
export function formatDate(value: Date | string | number): string {
  return DATE().format(asDate(value));
}

/** "Nov 2, 2026" for a calendar day stored without a time ("2026-11-02"): the same day wherever
 * it is read (as a midnight in UTC it would be the day before in Dayton). */
export function formatDay(day: string): string {
  return DATE().format(new Date(`${day.slice(0, 10)}T12:00:00Z`));
}

/** "Nov 26, 2026, 7:45 AM": never seconds. */
export function formatDateTime(value: Date | string | number): string {
  return DATE_TIME().format(asDate(value));
}

const MONTH = lazyFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "November 2026" for a calendar month given as "2026-11" (a month has no time zone). */
export function formatMonth(yearMonth: string): string {
  return MONTH().format(new Date(`${yearMonth}-15T12:00:00Z`));
}

const MONTH_DAY_UTC = lazyFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 23 - Dec 23, 2026" for a period of UTC calendar days; "Dec 23, 2026 - Jan 23, 2027" when
 * it spans two years. */
export function formatDayRange(start: Date, end: Date): string {
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  const from = sameYear ? MONTH_DAY_UTC().format(start) : formatDay(isoDay(start));
  return `${from} - ${formatDay(isoDay(end))}`;
}

const LONG_DAY_UTC = lazyFormat({ dateStyle: 'long', timeZone: 'UTC' });

/** "June 23, 2026" for a calendar day stored at midnight UTC (an article's date, a plan's
 * renewal), read in UTC: a local time zone would show the day before. */
export function formatLongDay(date: Date): string {
  return LONG_DAY_UTC().format(date);
}

/** "YYYY-MM-DD" of the UTC day `date` falls in: the machine form of a day, for <time datetime>,
 * JSON-LD, CSV file names, day keys and the date input's value. Dayton's day is daytonDay(). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** isoDay of `days` whole days (of 24 hours) after `from`: a default or a limit for a date input. */
export function isoDayAfter(from: Date, days: number): string {
  return isoDay(new Date(from.getTime() + days * 86_400_000));
}

/** "20261123": a UTC day in an idempotency key. */
export function compactIsoDay(date: Date): string {
  return isoDay(date).replaceAll('-', '');
}

/** "11/26/2026, 7:45:12 AM" on the machine's own clock, with seconds: only the dev outboxes
 * (/dev/mail, /dev/sms, /dev/push) show it, where the order of messages a second apart matters. */
export function formatMachineTime(date: Date): string {
  return date.toLocaleString('en-US');
}

/** "04/2028": a card's expiry month and year, as printed on the card. */
export function formatCardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

/** "45 min", "1 h 30 min", "2 h", "3 days": a duration in minutes as people say it. */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '—';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  if (whole < 48 * 60) {
    const hours = Math.floor(whole / 60);
    const rest = whole % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  return `${Math.round(whole / (24 * 60))} days`;
}

/** "12,345": a count or a whole number with thousands separators. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** "3 leads", "1 lead". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** How a homeowner asked to be reached, in words. */
export const CONTACT_METHOD_WORDS: Record<string, string> = {
  email: 'E-mail',
  phone: 'Phone call',
  both: 'Phone or e-mail',
};

/** A charge's status as the person who paid reads it. */
export const CHARGE_WORDS: Record<string, string> = {
  paid: 'Paid',
  succeeded: 'Paid',
  pending: 'Processing',
  failed: 'Not charged: card declined',
  refunded: 'Refunded',
  requires_action: 'Needs card confirmation',
};

/** A business's listing status as its owner and the public read it. */
export const LISTING_WORDS: Record<string, string> = {
  ACTIVE: 'Listed',
  PENDING: 'Awaiting approval',
  SUSPENDED: 'Suspended',
};

/** A word from one of the maps above, or the value made readable when it is not there. */
export function wordFor(words: Record<string, string>, value: string | null | undefined): string {
  if (!value) return '';
  return words[value] ?? displayName(value.toLowerCase());
}

/** The account menu's badge and the admin users list: what a person is here, in one word. Admin
 * wins over contractor; an account with neither role is a homeowner's. */
export function accountLabel(roles: readonly string[]): 'Admin' | 'Contractor' | 'Homeowner' {
  if (roles.includes('admin')) return 'Admin';
  if (roles.includes('contractor')) return 'Contractor';
  return 'Homeowner';
}

/** A sentence ending in a name that may end in its own period ("Acme Co."): one period, never
 * "Co..". */
export function endSentence(text: string): string {
  return /[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`;
}
