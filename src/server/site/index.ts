// The site area's front door. The public site: the service catalog, search and suggestions,
// the data behind the prebuilt pages (pages: city-service, emergency, articles, profiles), the
// contractors' public figures and the profile analytics. Below it: accounts and platform.
export { addToAnalytics } from './analytics/add-to-analytics.ts';
export { businessAnalytics } from './analytics/business-analytics.ts';
export { recordProfileEvent } from './analytics/record-profile-event.ts';
export { contractorFigures } from './figures/contractor-figures.ts';
export { aiSheet } from './pages/ai-sheet.ts';
export { areasDirectory } from './pages/areas-directory.ts';
export { articleBody } from './pages/article-body-seal.ts';
export { renderArticleContent } from './pages/article-content.ts';
export { articleDescription, articleJsonLd } from './pages/article-json-ld.ts';
export { purgeViewMarks, recordArticleView } from './pages/article-views.ts';
export {
  allCityServicePages,
  buildCityServicePage,
  type CityServicePage,
} from './pages/city-service-page.ts';
export {
  browseHref,
  cityServicePath,
  formatPriceRange,
  homeContractors,
  popularServices,
  ratingClaim,
  siteMetrics,
  verifiedForService,
} from './pages/derive.ts';
export { findEmergencyService, listEmergencyContractors } from './pages/emergency-lookup.ts';
export { emergencyContent, emergencyPages, type EmergencyPage } from './pages/emergency-pages.ts';
export { leadQuality } from './pages/lead-quality.ts';
export { profileFigures } from './pages/profile-figures.ts';
export { buildProfilePage, type ProfilePage } from './pages/profile-page.ts';
export { recordSeoPageView } from './pages/record-seo-page-view.ts';
export {
  readSiteData,
  siteData,
  type SiteArticle,
  type SiteBusiness,
  type SiteService,
} from './pages/site-data.ts';
export { pickTestimonial } from './pages/testimonial.ts';
export { placeName } from './search/place-name.ts';
export { purgeSearchMarks } from './search/purge-search-marks.ts';
export { searchCatalog } from './search/search-catalog.ts';
export { searchContractors } from './search/search-contractors.ts';
export { suggest } from './search/suggest.ts';
