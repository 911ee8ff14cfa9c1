// The few scripts written inline into pages, as strings: the pages render these exact strings
// and astro.config.mjs hashes the same strings for the Content-Security-Policy, so a script and
// its hash cannot drift apart. (Astro hashes the scripts it bundles itself, not inline ones.)

/** Shows the sticky call/quote bar once the visitor has scrolled past the first screen's top. */
export const STICKY_CTA_SCRIPT = `(() => {
  const bar = document.querySelector('.sticky-cta');
  if (!bar) return;
  const update = () => bar.classList.toggle('shown', scrollY > 100);
  addEventListener('scroll', update, { passive: true });
  update();
})();`;

/** Counts an article's view (its id in the script element's data-article-id); failures are ignored. */
export const ARTICLE_VIEW_SCRIPT = `(function (s) {
  var u = '/api/articles/' + s.getAttribute('data-article-id') + '/view';
  try {
    if (!(navigator.sendBeacon && navigator.sendBeacon(u)))
      fetch(u, { method: 'POST', keepalive: true }).catch(function () {});
  } catch (e) {}
})(document.currentScript);`;

/**
 * Counts a city-service (SEO) page's view (its slug in the script element's data-seo-page):
 * once per client and day on the server; failures are ignored.
 */
export const SEO_PAGE_VIEW_SCRIPT = `(function (s) {
  var u = '/api/seo-pages/' + s.getAttribute('data-seo-page') + '/view';
  try {
    if (!(navigator.sendBeacon && navigator.sendBeacon(u)))
      fetch(u, { method: 'POST', keepalive: true }).catch(function () {});
  } catch (e) {}
})(document.currentScript);`;

/**
 * Shows a request's "Hear back first" card (the element just before the script) where it is
 * offered, while the page is still being read: shown later by its module script, it pushed the
 * contractors below it down (a layout shift, CLS 0.098). Without scripts it stays hidden. A
 * browser that cannot take notifications (the test of pushSupported() in
 * src/islands/shared/push-subscription.ts) never shows its "Turn on" button, and reads why at once:
 * hidden by the module script, the button was drawn and then taken away.
 */
export const REQUEST_PUSH_SHOW_SCRIPT = `(function (s) {
  var card = s.previousElementSibling;
  if (!card || card.getAttribute('data-offer') !== 'true') return;
  card.hidden = false;
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return;
  card.querySelector('[data-push-on]').hidden = true;
  card.querySelector('[data-push-status]').textContent = card.getAttribute('data-unsupported');
})(document.currentScript);`;

export const INLINE_SCRIPTS = [
  STICKY_CTA_SCRIPT,
  ARTICLE_VIEW_SCRIPT,
  SEO_PAGE_VIEW_SCRIPT,
  REQUEST_PUSH_SHOW_SCRIPT,
];
