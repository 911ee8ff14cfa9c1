// A listed business and its reviews as the prebuilt pages show them: read from Postgres by
// src/server/site/pages/site-data.ts, turned into page text and JSON-LD by the pure rules here.
export interface DayHours {
  open: string;
  close: string;
  closed: boolean;
}

export interface SiteBusiness {
  id: string;
  name: string;
  slug: string;
  verified: boolean;
  featured: boolean;
  category: string;
  tagline: string | null;
  description: string | null;
  address: string | null;
  city: string;
  state: string;
  zipCode: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  latitude: number | null;
  longitude: number | null;
  averageRating: number | null;
  totalReviews: number;
  yearsInBusiness: number | null;
  responseTimeHours: number | null;
  avgProjectCostMinCents: number | null;
  avgProjectCostMaxCents: number | null;
  priceRange: string | null;
  specialties: string[];
  serviceSlugs: string[];
  serviceAreas: string[];
  businessHours: Record<string, DayHours> | null;
  images: string[];
  insuranceVerified: boolean;
  licenseNumber: string | null;
  /** An admin's latest licence check (admin contractors page); absent on older snapshots. */
  licenceCheck?: SiteLicenceCheck | null;
  status: 'ACTIVE';
  updatedAt: Date;
}

interface SiteLicenceCheck {
  number: string;
  board: string;
  /** YYYY-MM-DD */
  checkedOn: string;
}

export interface SiteReview {
  businessId: string;
  rating: number;
  authorName: string;
  title: string | null;
  content: string;
  projectType: string | null;
  createdAt: Date;
}
