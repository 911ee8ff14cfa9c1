// Which routes show the site chrome (spec: header and footer hidden on /auth and admin routes;
// the breadcrumb bar hidden on the home page).
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
