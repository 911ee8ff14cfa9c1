// What the contractor profile shows and tells search engines: how many reviews and photos, the
// one rating string shared by the page and its JSON-LD, and the title, description and keywords.
import { plural } from './format.ts';
import { formatRating } from './rating.ts';

/** A profile shows the 3 newest verified reviews and the first 6 photos. */
export const PROFILE_REVIEW_LIMIT = 3;
export const PROFILE_PHOTO_LIMIT = 6;
/** Portfolio items shown on a profile (the spec gives no number; the dashboard manages them). */
export const PROFILE_PORTFOLIO_LIMIT = 12;
/** SEO limits of titles and descriptions, as the content collections enforce them. */
const TITLE_MAX = 120;
const DESCRIPTION_MAX = 160;

export interface ShownRating {
  /** One decimal, as printed: "4.8". */
  value: string;
  count: number;
}

/** The rating the profile prints, or null when there is none to show (no verified reviews). */
export function profileRating(b: { averageRating: number | null; totalReviews: number }): ShownRating | null {
  if (b.averageRating === null || b.totalReviews <= 0) return null;
  return { value: formatRating(b.averageRating), count: b.totalReviews };
}

/** "★★★★☆": a whole number of stars out of five, as the profile prints them. */
export function starsText(stars: number): string {
  return '★'.repeat(stars) + '☆'.repeat(5 - stars);
}

export function reviewCountText(count: number): string {
  return plural(count, 'review');
}

export interface ProfileMetaInput {
  name: string;
  category: string;
  city: string;
  state: string;
  specialties: string[];
  averageRating: number | null;
  totalReviews: number;
}

export interface ProfileMeta {
  title: string;
  description: string;
  keywords: string;
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:|-]+$/, '')}…`;
}

/** Adds sentences while the text stays within `max`; the first one is clipped if it alone is too long. */
function fitSentences(sentences: string[], max: number): string {
  let text = clip(sentences[0] ?? '', max);
  for (const next of sentences.slice(1)) {
    if (text.length + 1 + next.length > max) break;
    text = `${text} ${next}`;
  }
  return text;
}

export function profileMeta(b: ProfileMetaInput): ProfileMeta {
  const place = `${b.city}, ${b.state}`;
  const full = `${b.name} | ${b.category} in ${place}`;
  const title = full.length <= TITLE_MAX ? full : clip(`${b.name} | ${b.category}`, TITLE_MAX);

  const rating = profileRating(b);
  const specialties = b.specialties.slice(0, 3).join(', ');
  const description = fitSentences(
    [
      `${b.name}: ${b.category} in ${place}.`,
      ...(rating ? [`Rated ${rating.value} from ${reviewCountText(rating.count)}.`] : []),
      ...(specialties ? [`Specialties: ${specialties}.`] : []),
      'Call or request a free quote.',
    ],
    DESCRIPTION_MAX,
  );

  const seen = new Set<string>();
  const keywords = [
    b.name,
    b.category,
    `${b.category} ${b.city}`,
    `${b.category} ${b.city} ${b.state}`,
    `${b.city} ${b.state} contractors`,
    ...b.specialties,
  ].filter((k) => {
    const key = k.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { title, description, keywords: keywords.join(', ') };
}
