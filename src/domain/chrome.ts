// Which routes show the site chrome (spec: header and footer hidden on /auth and admin routes;
// the breadcrumb bar hidden on the home page; the mobile sticky Call/Quote bar kept out of the
// pages where it is in the way).
export function showsHeaderAndFooter(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return !(path === '/auth' || path === '/admin' || path.startsWith('/admin/'));
}

export function showsBreadcrumbs(pathname: string): boolean {
  return (pathname.replace(/\/+$/, '') || '/') !== '/';
}

/** The public path of a page: Astro's build sees "/x.html" and "/index.html" for "/x" and "/". */
export function pagePath(pathname: string): string {
  const path = pathname
    .replace(/\.html$/, '')
    .replace(/\/index$/, '/')
    .replace(/(.)\/+$/, '$1');
  return path === '' ? '/' : path;
}

/**
 * Pages without the mobile sticky Call Now / Get Free Quote bar (issue 24): the quote wizard and
 * the homeowner's pages under it (the bar would offer the form the visitor is filling in, over
 * its own buttons), the contractor signup, and the contractor's and admin's working pages, where
 * a homeowner's call to action is noise; nor on My requests (issue 25), whose cards call the
 * homeowner's own contractors.
 */
const NO_STICKY_BAR =
  /^\/(quote-request|profile\/requests|contractor-signup|dashboard|contractor\/billing|admin|auth)(\/|$)/;

export function showsStickyBar(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return showsHeaderAndFooter(path) && !NO_STICKY_BAR.test(path);
}

/**
 * Whose number the sticky bar's Call Now dials: on a contractor's profile that contractor's
 * (never ours: the visitor means to call them), absent when the contractor gave none; elsewhere
 * the site's contact phone. `pagePhone` is the number the page offers, if it offers one.
 */
export function stickyCallPhone(
  pathname: string,
  pagePhone: string | null | undefined,
  sitePhone: string,
): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path.startsWith('/contractor/')) return pagePhone ?? null;
  return pagePhone ?? sitePhone;
}
