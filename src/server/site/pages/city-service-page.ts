// The view of one city-service landing page (/{service}-{city}-ohio), written from our own
// local data: the contractors serving that area for that service, their figures, the area's
// facts and the service's prices. A seo_pages row with the same slug overrides the copy.
import { SEO_LIMITS } from '../../../domain/content-rules.ts';
import { formatCount, plural } from '../../../domain/format.ts';
import { distanceMiles, type LatLng } from '../../../domain/geo.ts';
import { CONTRACTORS_PER_LEAD_WORD } from '../../../domain/quote-rules.ts';
import { formatRating } from '../../../domain/rating.ts';
import { rankForList } from '../../../domain/ranking.ts';
import { replyPromise } from '../../../domain/reply-promise.ts';
import { cityServicePath, forServiceInArea, formatPriceRange, responseHours } from './derive.ts';
import type { FaqEntry, SiteArea, SiteArticle, SiteBusiness, SiteData, SiteService } from './site-data.ts';

/** The admin chooses up to this many per page (src/domain/content-rules.ts). */
const RELATED_ARTICLES_LIMIT = SEO_LIMITS.relatedArticles;

export interface CityServicePage {
  slug: string;
  path: string;
  service: SiteService;
  area: SiteArea;
  title: string;
  description: string;
  h1: string;
  intro: string;
  /** Top rated (src/domain/ranking.ts): enough reviews, by rating, then distance from the place. */
  contractors: SiteBusiness[];
  /** Filling the list's places: pros with fewer reviews than the minimum, nearest first. */
  newer: SiteBusiness[];
  /** Paid placement among the same pros, shown apart and labelled Sponsored. */
  sponsored: SiteBusiness[];
  contractorCount: number;
  overview: string[];
  localInsights: string[];
  pricing: string[];
  faq: FaqEntry[];
  articles: SiteArticle[];
  nearby: { name: string; path: string }[];
  indexable: boolean;
}

const DOWNTOWN_DAYTON: LatLng = { latitude: 39.7589, longitude: -84.1916 };

/** The 8-point compass direction from one point to another ("southeast"). */
export function compass(from: LatLng, to: LatLng): string {
  const dy = to.latitude - from.latitude;
  const dx = (to.longitude - from.longitude) * Math.cos((from.latitude * Math.PI) / 180);
  const names = ['east', 'northeast', 'north', 'northwest', 'west', 'southwest', 'south', 'southeast'];
  const index = Math.round(Math.atan2(dy, dx) / (Math.PI / 4) + 8) % 8;
  return names[index]!;
}

function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/.exec(text);
  return match?.[1] ?? text;
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function lower(name: string): string {
  return name === 'HVAC' ? 'HVAC' : name.toLowerCase();
}

/** The articles an admin chose for the page (seo_page_articles, in their order) that are
 * published; when none of them is, the latest published ones for its service and city. */
function relatedArticles(data: SiteData, service: SiteService, area: SiteArea, ids: string[]): SiteArticle[] {
  const byId = new Map(data.articles.map((a) => [a.id, a]));
  const chosen = ids.flatMap((id) => byId.get(id) ?? []).slice(0, RELATED_ARTICLES_LIMIT);
  if (chosen.length) return chosen;
  const score = (a: SiteArticle) => (a.service === service.slug ? 2 : 0) + (a.city === area.name ? 1 : 0);
  return data.articles
    .filter((a) => score(a) > 0)
    .sort((a, b) => score(b) - score(a) || b.publishedAt.getTime() - a.publishedAt.getTime())
    .slice(0, RELATED_ARTICLES_LIMIT);
}

function nearbyAreas(data: SiteData, area: SiteArea, service: SiteService): { name: string; path: string }[] {
  const dist = (a: SiteArea) => (a.latitude - area.latitude) ** 2 + (a.longitude - area.longitude) ** 2;
  return data.areas
    .filter((a) => a.slug !== area.slug)
    .sort((a, b) => dist(a) - dist(b))
    .slice(0, 4)
    .map((a) => ({ name: a.name, path: cityServicePath(service, a) }));
}

export function buildCityServicePage(data: SiteData, service: SiteService, area: SiteArea): CityServicePage {
  const slug = cityServicePath(service, area).slice(1);
  // Who offers the service here, ranked by the one top-rated rule; paid placement apart.
  const all = forServiceInArea(data, service, area);
  const { topRated, newer, sponsored } = rankForList(all, area);
  const svc = lower(service.name);
  const place = `${area.name}, Ohio`;

  const rated = all.filter((b) => b.averageRating !== null && b.totalReviews > 0);
  const reviews = rated.reduce((sum, b) => sum + b.totalReviews, 0);
  const avgRating = reviews
    ? rated.reduce((s, b) => s + (b.averageRating ?? 0) * b.totalReviews, 0) / reviews
    : null;
  const fastest = all.length ? Math.min(...all.map(responseHours)) : null;
  const medianResponse = median(all.map(responseHours));
  const verified = all.filter((b) => b.verified).length;
  const local = all.filter((b) => b.city === area.name).length;
  const years = median(all.flatMap((b) => (b.yearsInBusiness === null ? [] : [b.yearsInBusiness])));
  const insured = all.filter((b) => b.insuranceVerified).length;
  const costMins = all.flatMap((b) => (b.avgProjectCostMinCents === null ? [] : [b.avgProjectCostMinCents]));
  const costMaxs = all.flatMap((b) => (b.avgProjectCostMaxCents === null ? [] : [b.avgProjectCostMaxCents]));
  const localMin = median(costMins);
  const localMax = median(costMaxs);
  const typical = formatPriceRange(service.priceMinCents, service.priceMaxCents);

  const intro = all.length
    ? `Compare ${plural(all.length, `${svc} contractor`, `${svc} contractors`)} serving ${place}` +
      (verified ? `, ${verified} of them verified` : '') +
      `${avgRating !== null ? `, rated ${formatRating(avgRating)} on average across ${plural(reviews, 'verified review', 'verified reviews')}` : ''}. ` +
      `Tell us about your project once and up to ${CONTRACTORS_PER_LEAD_WORD} of them send you a free quote.`
    : `We do not list a ${svc} contractor serving ${area.name} yet. Request a free quote and we will look for ` +
      `a verified ${svc} pro from nearby ${area.county} County communities for you.`;

  const offset = data.areas.findIndex((a) => a.slug === area.slug);
  const projects = service.projectTypes.length
    ? [0, 1, 2].map((k) => service.projectTypes[(offset + k) % service.projectTypes.length]!.toLowerCase())
    : [];
  const overview = [
    firstSentence(service.description),
    area.housingNotes ? `In ${area.name}: ${area.housingNotes}` : '',
    projects.length ? `Requests we see from ${area.name} include ${[...new Set(projects)].join(', ')}.` : '',
  ].filter(Boolean);
  const fromDayton = distanceMiles(area, DOWNTOWN_DAYTON);
  const facts =
    area.slug === 'dayton'
      ? `Dayton is the seat of Montgomery County, population ${formatCount(area.population)} (2020 census), ZIP codes ${area.zipCodes.join(', ')}.`
      : `${area.name} lies about ${Math.max(1, Math.round(fromDayton))} miles ${compass(DOWNTOWN_DAYTON, area)} of downtown Dayton in ${area.county} County, population ${formatCount(area.population)} (2020 census), ZIP codes ${area.zipCodes.join(', ')}.`;

  const insights = [
    facts,
    area.description,
    all.length
      ? (local === 0
          ? `None of these contractors is based in ${area.name} itself; they travel in from neighboring communities. `
          : local === all.length
            ? `All of these contractors are based in ${area.name} itself. `
            : `${plural(local, 'of these contractors is', 'of these contractors are')} based in ${area.name} itself; ` +
              `the rest travel in from neighboring communities. `) +
        (medianResponse !== null
          ? `Half answer a new request within ${plural(medianResponse, 'hour', 'hours')}`
          : '') +
        `${fastest !== null ? `, the quickest within ${plural(fastest, 'hour', 'hours')}` : ''}. ` +
        (years !== null
          ? `The typical ${svc} firm here has been in business ${plural(Math.round(years), 'year', 'years')}`
          : '') +
        `${insured ? `, and ${insured} carry verified insurance` : ''}.`
      : `${area.name} has ${formatCount(area.population)} residents (2020 census) in ${area.county} County.`,
    area.neighborhoods.length
      ? `Neighborhoods and landmarks we serve around ${area.name} include ${area.neighborhoods.join(', ')}.`
      : '',
  ].filter(Boolean);

  const pricing = [
    `A typical ${svc} job in the Dayton area runs about ${typical} per ${service.priceUnit}. ${service.priceNotes}`.trim(),
    localMin !== null && localMax !== null
      ? `Contractors serving ${area.name} report average projects of ${formatPriceRange(localMin, localMax)}` +
        ` (median of ${plural(costMins.length, 'contractor', 'contractors')}). Ask each for a written, itemized estimate.`
      : `Ask for a written, itemized estimate before work starts.`,
  ];

  const localFaq: FaqEntry[] = [
    {
      question: `How many ${svc} contractors serve ${area.name}?`,
      answer: all.length
        ? `${plural(all.length, 'contractor on our site offers', 'contractors on our site offer')} ${svc} in ${area.name}` +
          `${verified ? `; ${verified} ${verified === 1 ? 'is' : 'are'} verified for license and insurance` : ''}.`
        : `None yet. Send a free quote request and we will match you with the nearest verified pros.`,
    },
    {
      question: `What does ${svc} cost in ${area.name}?`,
      answer:
        localMin !== null && localMax !== null
          ? `Local contractors average ${formatPriceRange(localMin, localMax)} per project; area-wide the typical range is ${typical}.`
          : `Area-wide the typical range is ${typical} per ${service.priceUnit}.`,
    },
  ];
  if (medianResponse !== null) {
    localFaq.push({
      question: `How fast do ${svc} contractors answer in ${area.name}?`,
      answer: `Half of them reply within ${plural(medianResponse, 'hour', 'hours')} and the quickest within ${plural(fastest ?? medianResponse, 'hour', 'hours')}. A request through us tells you to expect replies ${replyPromise(all.map((b) => b.responseTimeHours))}: the slowest reply time these pros state.`,
    });
  }
  // One of the service's own questions, rotated by area so neighboring pages differ.
  const serviceQuestion = service.faq[offset % Math.max(1, service.faq.length)];
  const faq = serviceQuestion ? [...localFaq, serviceQuestion] : localFaq;

  const override = data.seoPages.get(slug);
  const h1 = override?.h1Heading ?? `${service.name} Contractors in ${area.name}, OH`;
  return {
    slug,
    path: `/${slug}`,
    service,
    area,
    title:
      override?.titleTag ?? `${service.name} in ${area.name}, OH | Compare ${all.length || 'Local'} Pros`,
    description:
      override?.metaDescription ??
      (all.length
        ? `${plural(all.length, `${svc} contractor`, `${svc} contractors`)} serving ${area.name}, OH. Ratings, response times and prices. Free quotes.`
        : `Find a ${svc} contractor for ${area.name}, OH. Request free quotes from verified local pros.`
      ).slice(0, 160),
    h1,
    intro: override?.introContent ?? intro,
    contractors: topRated,
    newer,
    sponsored,
    contractorCount: all.length,
    overview: override?.serviceOverview ? [override.serviceOverview] : overview,
    localInsights: override?.localInsights ? [override.localInsights] : insights,
    pricing: override?.pricingGuide ? [override.pricingGuide] : pricing,
    faq: override?.faqContent.length ? override.faqContent : faq,
    articles: relatedArticles(data, service, area, override?.articleIds ?? []),
    nearby: nearbyAreas(data, area, service),
    indexable: all.length > 0,
  };
}

/** Every city-service page: each service in each area (30 x 25 = 750). */
export function allCityServicePages(data: SiteData): CityServicePage[] {
  return data.services.flatMap((service) =>
    data.areas.map((area) => buildCityServicePage(data, service, area)),
  );
}
