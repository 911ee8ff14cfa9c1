// The site's policy pages (issue 25): where they live, for the footer, the wizard's consent line
// and the pages themselves.
export const PRIVACY_PATH = '/privacy';
export const TERMS_PATH = '/terms';
export const HOW_WE_MAKE_MONEY_PATH = '/how-we-make-money';
/** The published lead-quality figures (issue 27, Must 7), and their JSON twin. */
export const LEAD_QUALITY_PATH = '/lead-quality';
export const LEAD_QUALITY_JSON_PATH = '/lead-quality.json';
/**
 * URLs in one sitemap file: the sitemaps.org protocol's maximum (issue 28). More pages make more
 * files, all listed by /sitemap-index.xml.
 */
export const SITEMAP_URL_LIMIT = 50_000;
