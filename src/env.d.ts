/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user of this request (on-demand routes only); null when signed out. */
    user: import('./server/auth/sessions.ts').SessionUser | null;
  }
}
