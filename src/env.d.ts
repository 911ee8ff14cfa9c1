/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user of this request (on-demand routes only); null when signed out. */
    user: import('./server/platform/security/sessions.ts').SessionUser | null;
    /**
     * The site this request is for (its origin, whether it is HTTPS, the client's address), as
     * configuration decides it: given by the Node server (scripts/lib/site-server.ts), or worked
     * out by the middleware where no server of ours runs first (Netlify's function, astro dev).
     * On-demand routes only.
     */
    site: import('./server/platform/security/request-site.ts').RequestSite;
  }
}
