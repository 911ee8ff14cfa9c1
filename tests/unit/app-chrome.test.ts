// The app chrome's rules (issue 16): the retry delays of network-looking errors (spec 4:
// min(1000 x 2^n, 10000) ms, at most 3 retries; on a fake clock in error-boundary.test.ts and
// api-writes.test.ts), which errors count as the network's, Safari on iOS, and the kill
// switch's address.
import { describe, expect, it } from 'vitest';
import {
  INSTALL_SNOOZE_DAYS,
  installOfferAllowed,
  isIosSafari,
  looksLikeNetworkError,
  retryDelayMs,
  withoutClearSw,
} from '../../src/domain/app-chrome.ts';
import { nextRetryDelay } from '../../src/islands/shared/retry.ts';

describe('retry delays', () => {
  it('are min(1000 x 2^n, 10000) ms', () => {
    expect([0, 1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('give a network error three retries, then none; any other error none', () => {
    const network = new TypeError('Failed to fetch');
    expect([1, 2, 3, 4].map((n) => nextRetryDelay(network, n))).toEqual([1000, 2000, 4000, null]);
    expect(nextRetryDelay(new Error('Cannot read properties of undefined'), 1)).toBeNull();
  });
});

describe('network-looking errors', () => {
  it("are fetch's failures in each browser and chunks that did not load", () => {
    for (const message of [
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
      'Failed to fetch dynamically imported module: /_astro/x.js',
    ]) {
      expect(looksLikeNetworkError(new TypeError(message)), message).toBe(true);
    }
    expect(looksLikeNetworkError(new Error('The probe broke on purpose'))).toBe(false);
    expect(looksLikeNetworkError('Failed to fetch')).toBe(false);
  });
});

describe('Safari on iOS', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
  it('is an iPhone, iPad or a touch "Mac" in Safari, not another browser on iOS', () => {
    expect(isIosSafari(IPHONE, 5)).toBe(true);
    expect(
      isIosSafari(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
        5,
      ),
    ).toBe(true);
    expect(
      isIosSafari(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
        0,
      ),
    ).toBe(false);
    expect(isIosSafari(IPHONE.replace('Version/18.0', 'CriOS/130.0'), 5)).toBe(false);
    expect(
      isIosSafari(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
        0,
      ),
    ).toBe(false);
  });
});

describe('the kill switch address', () => {
  it('is the same address without clear-sw=1, and nothing when it is not asked for', () => {
    expect(withoutClearSw('https://x.test/services?clear-sw=1')).toBe('/services');
    expect(withoutClearSw('https://x.test/a?b=2&clear-sw=1#top')).toBe('/a?b=2#top');
    expect(withoutClearSw('https://x.test/a?b=2')).toBeNull();
    expect(withoutClearSw('https://x.test/a?clear-sw=0')).toBeNull();
  });
});

describe('the install offer (issue 24)', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const day = 24 * 60 * 60 * 1000;
  const offer = (pathname: string, requestCompletedAt: string | null, dismissedAt: string | null) =>
    installOfferAllowed({ pathname, requestCompletedAt, dismissedAt, now });

  it('shows only on the dashboard or after a completed request', () => {
    expect(offer('/', null, null)).toBe(false);
    expect(offer('/contractors', null, null)).toBe(false);
    expect(offer('/dashboard', null, null)).toBe(true);
    expect(offer('/dashboard/', null, null)).toBe(true);
    expect(offer('/dashboards-explained', null, null)).toBe(false);
    expect(offer('/contractors', String(now - day), null)).toBe(true);
  });

  it(`keeps Not Now for ${INSTALL_SNOOZE_DAYS} days, then asks again`, () => {
    const completed = String(now - 60 * day);
    expect(offer('/', completed, String(now - day))).toBe(false);
    expect(offer('/dashboard', null, String(now - (INSTALL_SNOOZE_DAYS - 1) * day))).toBe(false);
    expect(offer('/dashboard', null, String(now - (INSTALL_SNOOZE_DAYS + 1) * day))).toBe(true);
    // A value that is not a time (an older version's '1') does not hide it for ever.
    expect(offer('/dashboard', null, 'yes')).toBe(true);
  });
});
