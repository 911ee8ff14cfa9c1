// Which routes show the site chrome (spec: header and footer hidden on /auth and admin routes;
// the breadcrumb bar hidden on the home page).
export function showsHeaderAndFooter(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return !(path === '/auth' || path === '/admin' || path.startsWith('/admin/'));
}

export function showsBreadcrumbs(pathname: string): boolean {
  return (pathname.replace(/\/+$/, '') || '/') !== '/';
}
