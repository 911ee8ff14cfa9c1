// The chrome every page carries, without a framework (bundled by Astro from
// src/components/AppChrome.astro): the kill switch ?clear-sw=1, the service worker's registration,
// the offline banner with the app-wide back-online event, and the install prompt (only on the
// dashboard or after a completed quote request; Not Now lasts 30 days: installOfferAllowed).
import {
  BACK_ONLINE_EVENT,
  CHROME_TEXT,
  INSTALL_DISMISSED_KEY,
  installOfferAllowed,
  REQUEST_COMPLETED_KEY,
  RESTORED_VISIBLE_MS,
  WRITES_WAITING_EVENT,
  isIosSafari,
  withoutClearSw,
} from '../domain/app-chrome.ts';

/** Chromium's event before it offers installation (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The history entry's mark, on the page the kill switch reloaded: no worker registered there. */
const CLEARED = 'swCleared';

/**
 * ?clear-sw=1: every service worker of this origin unregistered, every cache deleted, local and
 * session storage cleared, then one reload of the same address without the parameter (so it
 * cannot loop); the reloaded page registers no worker (its history entry is marked), the next one
 * does. Returns whether it ran.
 */
async function killSwitch(): Promise<boolean> {
  const next = withoutClearSw(location.href);
  if (next === null) return false;
  try {
    const registrations =
      'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistrations() : [];
    await Promise.all(registrations.map((r) => r.unregister()));
  } catch {
    // no service worker support: nothing to unregister
  }
  try {
    if ('caches' in window) await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  } catch {
    // caches unavailable (e.g. an opaque origin)
  }
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage disabled
  }
  history.replaceState({ [CLEARED]: true }, '', next);
  location.reload();
  return true;
}

/** The versioned worker (src/pages/sw.js.ts), once the page has loaded; never fetched from the HTTP cache. */
function registerWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  if ((history.state as Record<string, unknown> | null)?.[CLEARED]) {
    // The page the kill switch reloaded: no worker controls it, so what a worker still serving
    // the old page may have cached after the sweep goes now, for good.
    if ('caches' in window)
      void caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key))));
    return;
  }
  // After the page has loaded, so installing it (it fetches the offline page) never competes
  // with the page's own first load.
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => {
      // not installable here (http on another host, private mode): the site works without it
    });
  };
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}

function offlineBanner(): void {
  const banner = document.getElementById('net-banner');
  const text = banner?.querySelector('p');
  const waitingLine = banner?.querySelector<HTMLElement>('[data-waiting]');
  if (!banner || !text || !waitingLine) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Writes the islands hold until the connection is back (src/islands/shared/api.ts).
  let waiting = 0;
  addEventListener(WRITES_WAITING_EVENT, (event) => {
    waiting = Math.max(0, waiting + ((event as CustomEvent<unknown>).detail === 1 ? 1 : -1));
    waitingLine.hidden = waiting === 0;
  });
  // A waiting write lives in this page only: leaving it would drop what was sent, so the browser
  // asks first.
  addEventListener('beforeunload', (event) => {
    if (waiting > 0) event.preventDefault();
  });
  const show = (offline: boolean) => {
    clearTimeout(timer);
    text.textContent = offline ? CHROME_TEXT.offline : CHROME_TEXT.restored;
    banner.classList.toggle('offline', offline);
    banner.hidden = false;
  };
  addEventListener('offline', () => show(true));
  addEventListener('online', () => {
    show(false);
    timer = setTimeout(() => (banner.hidden = true), RESTORED_VISIBLE_MS);
    dispatchEvent(new CustomEvent(BACK_ONLINE_EVENT));
  });
  if (!navigator.onLine) show(true);
}

function installPrompt(): void {
  const box = document.getElementById('install-prompt');
  if (!box) return;
  const install = box.querySelector<HTMLButtonElement>('[data-install]');
  const notNow = box.querySelector<HTMLButtonElement>('[data-not-now]');
  const failure = box.querySelector<HTMLElement>('[data-failed]');
  const iosSteps = box.querySelector<HTMLElement>('[data-ios]');
  if (!install || !notNow || !failure || !iosSteps) return;
  let offered: InstallPromptEvent | null = null;

  const installed = () =>
    matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  const stored = (key: string) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const allowed = () =>
    installOfferAllowed({
      pathname: location.pathname,
      requestCompletedAt: stored(REQUEST_COMPLETED_KEY),
      dismissedAt: stored(INSTALL_DISMISSED_KEY),
      now: Date.now(),
    });
  const hide = () => {
    box.hidden = true;
    offered = null;
    waiting = null;
  };
  const show = (ios: boolean) => {
    if (installed() || !allowed()) return;
    install.hidden = ios;
    iosSteps.hidden = !ios;
    failure.hidden = true;
    box.hidden = false;
  };

  // Shown once the visitor has engaged with the page (a tap, a key, a scroll), never on arrival:
  // asking before they have seen anything is the prompt people dismiss, and a box appearing after
  // the first paint would become the page's largest paint (measured: /auth and /quote-request
  // lost 5-12 Lighthouse points when it showed on arrival).
  let engaged = false;
  let waiting: boolean | null = null;
  const ENGAGING = ['pointerdown', 'keydown', 'scroll'] as const;
  const engage = () => {
    engaged = true;
    for (const type of ENGAGING) removeEventListener(type, engage, true);
    if (waiting !== null) show(waiting);
  };
  for (const type of ENGAGING) addEventListener(type, engage, { capture: true, passive: true });
  const offer = (ios: boolean) => {
    if (engaged) show(ios);
    else waiting = ios;
  };

  addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-infobar gives way to ours (and, where ours is not offered, to none).
    event.preventDefault();
    offered = event as InstallPromptEvent;
    offer(false);
  });
  addEventListener('appinstalled', hide);
  install.addEventListener('click', () => {
    const event = offered;
    if (!event) return;
    void (async () => {
      try {
        await event.prompt();
        // An offer is good for one prompt: accepted or dismissed, it is spent (a second prompt()
        // would throw and show 'Installation Failed').
        await event.userChoice;
        hide();
      } catch {
        failure.hidden = false;
        failure.focus();
      }
    })();
  });
  notNow.addEventListener('click', () => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
    } catch {
      // storage disabled: hidden for this page only
    }
    hide();
  });
  if (isIosSafari(navigator.userAgent, navigator.maxTouchPoints)) offer(true);
}

void killSwitch().then((ran) => {
  if (ran) return;
  registerWorker();
  offlineBanner();
  installPrompt();
});
