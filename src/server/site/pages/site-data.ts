// Everything the prebuilt pages show, read from Postgres once per build: one query per
// collection, memoised for the life of the build process, then indexed in memory.
import type { EmergencyContent } from '../../../domain/emergency-content.ts';
import type { SiteBusiness, SiteReview } from '../../../domain/site-business.ts';
import type { Sql } from '../../platform/db/client.ts';
import { db } from '../../platform/db/client.ts';
import { sealedBodyHtml } from './article-body-seal.ts';

export type { SiteBusiness, SiteReview } from '../../../domain/site-business.ts';

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface SiteService {
  id: string;
  slug: string;
  name: string;
  category: string;
  description: string;
  isPopular: boolean;
  isEmergency: boolean;
  priceMinCents: number;
  priceMaxCents: number;
  priceUnit: string;
  /** A typical job's size in the price unit (hours, feet); null when the price is per job. */
  typicalUnits: number | null;
  keywords: string[];
  faq: FaqEntry[];
  priceNotes: string;
  specialties: string[];
  projectTypes: string[];
}

export interface SiteArea {
  id: string;
  slug: string;
  name: string;
  county: string;
  state: string;
  population: number;
  zipCodes: string[];
  latitude: number;
  longitude: number;
  description: string;
  neighborhoods: string[];
  housingNotes: string;
}

export interface SitePortfolioItem {
  id: string;
  businessId: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  projectType: string | null;
  isBeforeAfter: boolean;
  displayOrder: number;
  createdAt: Date;
}

interface SiteBusinessService {
  businessId: string;
  serviceSlug: string;
  description: string | null;
  priceRange: string | null;
}

/** An emergency page's content (see src/domain/emergency-content.ts) and its alias slugs. */
export interface SiteEmergencyService extends EmergencyContent {
  aliases: string[];
}

export interface SiteArticle {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  coverImageUrl: string | null;
  category: string;
  publishedAt: Date;
  updatedAt: Date;
  service: string | null;
  city: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  content: unknown;
  /** The rendered, sanitised body stored when the article was written, when its seal still
   * matches; null: not prepared or stale (see article-body-seal.ts). */
  bodyHtml: string | null;
}

interface SiteSeoPage {
  id: string;
  slug: string;
  titleTag: string | null;
  metaDescription: string | null;
  canonicalUrl: string | null;
  h1Heading: string | null;
  introContent: string | null;
  serviceOverview: string | null;
  localInsights: string | null;
  pricingGuide: string | null;
  faqContent: FaqEntry[];
  articleIds: string[];
}

export interface SiteData {
  services: SiteService[];
  areas: SiteArea[];
  businesses: SiteBusiness[];
  /** Verified reviews an admin has not hidden, newest first, at most 3 per business (the profile
   * shows 3). */
  recentReviews: Map<string, SiteReview[]>;
  portfolio: Map<string, SitePortfolioItem[]>;
  businessServices: Map<string, SiteBusinessService[]>;
  emergencyServices: SiteEmergencyService[];
  articles: SiteArticle[];
  seoPages: Map<string, SiteSeoPage>;
  loadedAt: Date;
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** The columns of a SiteBusiness, for any query over `businesses b`. */
export function businessColumns(sql: Sql) {
  return sql`
    b.id, b.name, b.slug, b.verified, b.featured, b.category, b.tagline, b.description, b.address,
    b.city, b.state, b.zip_code as "zipCode", b.phone, b.email, b.website, b.latitude, b.longitude,
    b.average_rating::float8 as "averageRating", b.total_reviews as "totalReviews",
    b.years_in_business as "yearsInBusiness", b.response_time_hours as "responseTimeHours",
    b.avg_project_cost_min_cents as "avgProjectCostMinCents",
    b.avg_project_cost_max_cents as "avgProjectCostMaxCents", b.price_range as "priceRange",
    b.specialties, b.service_areas as "serviceAreas", b.business_hours as "businessHours", b.images,
    b.insurance_verified as "insuranceVerified", b.license_number as "licenseNumber", b.status,
    b.updated_at as "updatedAt",
    (select json_build_object('number', c.license_number, 'board', c.issuing_board, 'checkedOn', c.checked_on::text)
       from business_licence_checks c where c.business_id = b.id) as "licenceCheck",
    coalesce((select array_agg(s.slug order by s.slug) from business_services bs
              join services s on s.id = bs.service_id where bs.business_id = b.id), '{}') as "serviceSlugs"`;
}

export async function readSiteData(sql: Sql): Promise<SiteData> {
  const [services, areas, businesses, reviews, portfolio, businessServices, emergency, articles, seoPages] =
    await Promise.all([
      sql<SiteService[]>`
        select id, slug, name, category, description, is_popular as "isPopular", is_emergency as "isEmergency",
               price_min_cents as "priceMinCents", price_max_cents as "priceMaxCents", price_unit as "priceUnit",
               typical_units as "typicalUnits", keywords, faq, price_notes as "priceNotes", specialties, project_types as "projectTypes"
        from services order by name`,
      sql<SiteArea[]>`
        select id, slug, name, county, state, population, zip_codes as "zipCodes", latitude, longitude, description,
               neighborhoods, housing_notes as "housingNotes"
        from service_areas order by population desc, name`,
      sql<SiteBusiness[]>`
        select ${businessColumns(sql)} from businesses b where b.status = 'ACTIVE' order by b.name`,
      sql<SiteReview[]>`
        select "businessId", rating, "authorName", title, content, "projectType", "createdAt" from (
          select r.business_id as "businessId", r.rating, r.author_name as "authorName", r.title, r.content,
                 r.project_type as "projectType", r.created_at as "createdAt",
                 row_number() over (partition by r.business_id order by r.created_at desc, r.id) as n
          from reviews r join businesses b on b.id = r.business_id
          where r.verified and r.hidden_at is null and b.status = 'ACTIVE') ranked
        where n <= 3 order by "businessId", "createdAt" desc`,
      sql<SitePortfolioItem[]>`
        select p.id, p.business_id as "businessId", p.title, p.description, p.image_url as "imageUrl",
               p.video_url as "videoUrl", p.project_type as "projectType", p.is_before_after as "isBeforeAfter",
               p.display_order as "displayOrder", p.created_at as "createdAt"
        from portfolio_items p join businesses b on b.id = p.business_id
        where b.status = 'ACTIVE' order by p.business_id, p.display_order, p.created_at desc, p.id`,
      sql<SiteBusinessService[]>`
        select bs.business_id as "businessId", s.slug as "serviceSlug", bs.description, bs.price_range as "priceRange"
        from business_services bs join services s on s.id = bs.service_id
        join businesses b on b.id = bs.business_id where b.status = 'ACTIVE' order by s.name`,
      sql<SiteEmergencyService[]>`
        select e.slug, e.name, e.description, e.service_type as "serviceType", s.slug as "serviceSlug",
               e.response_time_minutes as "responseTimeMinutes", e.availability,
               e.emergency_scenarios as scenarios, e.pricing_notes as "pricingNotes",
               e.call_to_action as "callToAction", e.why_choose_us as "whyChooseUs", e.safety_tips as "safetyTips",
               coalesce((select array_agg(a.alias order by a.alias) from emergency_service_aliases a
                         where a.emergency_slug = e.slug), '{}') as aliases
        from emergency_services e left join services s on s.id = e.service_id order by e.name`,
      sql<SiteArticle[]>`
        select id, title, slug, excerpt, cover_image_url as "coverImageUrl", category,
               published_at as "publishedAt", updated_at as "updatedAt", service, city,
               meta_title as "metaTitle", meta_description as "metaDescription", content,
               ${sealedBodyHtml(sql)} as "bodyHtml"
        from articles where status = 'published' order by published_at desc, title`,
      sql<SiteSeoPage[]>`
        select p.id, p.slug, p.title_tag as "titleTag", p.meta_description as "metaDescription",
               p.canonical_url as "canonicalUrl", p.h1_heading as "h1Heading", p.intro_content as "introContent",
               p.service_overview as "serviceOverview", p.local_insights as "localInsights",
               p.pricing_guide as "pricingGuide", p.faq_content as "faqContent",
               coalesce((select array_agg(spa.article_id order by spa.sort_order) from seo_page_articles spa
                         where spa.seo_page_id = p.id), '{}') as "articleIds"
        from seo_pages p`,
    ]);
  return {
    services: [...services],
    areas: [...areas],
    businesses: [...businesses],
    recentReviews: groupBy([...reviews], (r) => r.businessId),
    portfolio: groupBy([...portfolio], (p) => p.businessId),
    businessServices: groupBy([...businessServices], (s) => s.businessId),
    emergencyServices: [...emergency],
    articles: [...articles],
    seoPages: new Map([...seoPages].map((p) => [p.slug, p])),
    loadedAt: new Date(),
  };
}

let cached: Promise<SiteData> | undefined;

/** The site data for this build, read once. */
export function siteData(): Promise<SiteData> {
  cached ??= readSiteData(db());
  return cached;
}
