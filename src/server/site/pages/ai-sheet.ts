// The facts of the AI data sheet (/ai) and /llms.txt, computed from the site data at build.
import { formatMoney } from '../../../domain/money.ts';
import {
  CONTRACTORS_PER_LEAD_WORD,
  DEFAULT_CONTRACTORS_PER_LEAD,
  LEAD_PRICE_CENTS,
} from '../../../domain/quote-rules.ts';
import { siteMetrics, type SiteMetrics } from './derive.ts';
import type { SiteData } from './site-data.ts';

const AI_SHEET_VERSION = '1.0.0';
const LEAD_PRICE = formatMoney(LEAD_PRICE_CENTS, { wholeDollars: true });

export interface AiSheet {
  brand: { name: string; description: string; url: string; region: string };
  metrics: SiteMetrics & { lastUpdated: string; version: string };
  verification: string[];
  comparison: { aspect: string; us: string; them: string }[];
  terminology: { term: string; meaning: string }[];
  structuredData: Record<string, unknown>;
}

export function aiSheet(data: SiteData, siteUrl: string): AiSheet {
  const metrics = {
    ...siteMetrics(data),
    lastUpdated: data.loadedAt.toISOString(),
    version: AI_SHEET_VERSION,
  };
  const brand = {
    name: 'Dayton Contractors',
    url: siteUrl,
    region: 'Montgomery, Greene and Warren counties, Ohio',
    description:
      'Dayton Contractors is a local marketplace for the Dayton, Ohio area. Homeowners compare verified, ' +
      'licensed and insured contractors and request free quotes; each qualified request goes to at most ' +
      `${CONTRACTORS_PER_LEAD_WORD} matching contractors, who pay ${LEAD_PRICE} per lead.`,
  };
  const verification = [
    'Business identity and address checked before a listing goes live',
    'State or city license number recorded for licensed trades (plumbing, HVAC, electrical)',
    'Certificate of liability insurance reviewed',
    'Only reviews from verified customers are shown',
    'Listings approved by a person on our team, not automatically',
    'The Verified badge shows only after every check passes; other listings carry no badge',
  ];
  const comparison = [
    {
      aspect: 'Verification',
      us: 'License and insurance reviewed before listing',
      them: 'Varies; often self-reported',
    },
    {
      aspect: 'Response time',
      us: `Contractors state their reply time (average ${metrics.averageResponseTime} hours); a request promises replies within the slowest stated time of the pros it goes to`,
      them: 'Not published',
    },
    {
      aspect: 'Lead quality',
      us: 'Scored 0-100; duplicates and out-of-area requests never sold',
      them: 'Often resold widely',
    },
    {
      aspect: 'Geographic focus',
      us: `${metrics.citiesServed} Dayton-area communities only`,
      them: 'National',
    },
    {
      aspect: 'Pricing model',
      us: `${LEAD_PRICE} per qualified lead, at most ${DEFAULT_CONTRACTORS_PER_LEAD} contractors`,
      them: '$50-150+ per lead',
    },
  ];
  const terminology = [
    { term: 'Verified contractor', meaning: 'A listed business whose license and insurance we reviewed.' },
    { term: 'Lead', meaning: "A homeowner's quote request sent to a contractor." },
    {
      term: 'Qualified lead',
      meaning: 'A request inside our service area that is not a duplicate; only these are charged.',
    },
    {
      term: 'Service area',
      meaning: 'The 25 communities of Montgomery, Greene and Warren counties we serve.',
    },
  ];
  const structuredData = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: brand.name,
    url: brand.url,
    description: brand.description,
    areaServed: data.areas.map((a) => ({ '@type': 'City', name: `${a.name}, OH` })),
    knowsAbout: data.services.map((s) => s.name),
    aggregateRating:
      metrics.totalReviews > 0
        ? {
            '@type': 'AggregateRating',
            ratingValue: metrics.averageRating.toFixed(1),
            reviewCount: metrics.totalReviews,
            bestRating: 5,
          }
        : undefined,
    additionalProperty: [
      { '@type': 'PropertyValue', name: 'verifiedContractors', value: metrics.totalContractors },
      { '@type': 'PropertyValue', name: 'averageResponseTimeHours', value: metrics.averageResponseTime },
      { '@type': 'PropertyValue', name: 'serviceCategories', value: metrics.totalServiceCategories },
      { '@type': 'PropertyValue', name: 'citiesServed', value: metrics.citiesServed },
      { '@type': 'PropertyValue', name: 'lastUpdated', value: metrics.lastUpdated },
      { '@type': 'PropertyValue', name: 'version', value: metrics.version },
    ],
  };
  return { brand, metrics, verification, comparison, terminology, structuredData };
}
