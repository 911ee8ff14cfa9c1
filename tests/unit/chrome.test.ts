import { describe, expect, it } from 'vitest';
import {
  pagePath,
  showsBreadcrumbs,
  showsHeaderAndFooter,
  showsStickyBar,
  stickyCallPhone,
} from '../../src/domain/chrome.ts';
import { telHref } from '../../src/domain/contact.ts';
import { formatRating, homeCardRating } from '../../src/domain/rating.ts';
import { replyPromise, respondsInText, respondsWithinText } from '../../src/domain/reply-promise.ts';

describe('header and footer (hidden on /auth and admin routes)', () => {
  it.each([
    ['/', true],
    ['/contractors', true],
    ['/auth', false],
    ['/auth/', false],
    ['/admin', false],
    ['/admin/users', false],
    ['/administrator-tips', true],
    ['/authors', true],
  ])('%s -> %s', (path, shown) => {
    expect(showsHeaderAndFooter(path)).toBe(shown);
  });
});

describe('breadcrumbs (hidden on /)', () => {
  it.each([
    ['/', false],
    ['', false],
    ['/services/plumbing', true],
  ])('%s -> %s', (path, shown) => {
    expect(showsBreadcrumbs(path)).toBe(shown);
  });
});

describe('ratings', () => {
  it('rounds to one decimal', () => {
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating(5)).toBe('5.0');
  });

  it('never invents a rating on home cards: no review, no rating (the card says "New")', () => {
    expect(homeCardRating(null, 0)).toBeNull();
    expect(homeCardRating(4.1, 0)).toBeNull();
    expect(homeCardRating(4.14, 9)).toEqual({ rating: '4.1', reviews: 9 });
  });
});

describe('telHref', () => {
  it.each([
    ['(937) 555-0142', 'tel:+19375550142'],
    ['+1 937 555 0142', 'tel:+19375550142'],
  ])('%s -> %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});

describe('pagePath (the public path of a built page)', () => {
  it.each([
    ['/index.html', '/'],
    ['/', '/'],
    ['/plumbing-dayton-ohio.html', '/plumbing-dayton-ohio'],
    ['/services/hvac.html', '/services/hvac'],
    ['/services/index.html', '/services'],
    ['/contractors/', '/contractors'],
    ['/contractors', '/contractors'],
  ])('%s -> %s', (input, expected) => {
    expect(pagePath(input)).toBe(expected);
  });
});

describe('the mobile sticky Call/Quote bar (issue 24: not where it is in the way)', () => {
  it.each([
    ['/', true],
    ['/contractors', true],
    ['/plumbing-dayton-ohio', true],
    ['/contractor/patriot-gutters-llc', true],
    ['/quote-request', false],
    ['/quote-request/responses', false],
    ['/profile/requests', false],
    ['/profile/requests/00000000-0000-4000-8000-000000000000', false],
    ['/profile', true],
    ['/contractor-signup', false],
    ['/dashboard', false],
    ['/contractor/billing', false],
    ['/admin/users', false],
    ['/auth', false],
    ['/quote-requests-explained', true],
  ])('%s -> %s', (path, shown) => {
    expect(showsStickyBar(path)).toBe(shown);
  });

  it("dials the contractor on a contractor's page, never our number; ours elsewhere", () => {
    const ours = '(937) 555-0142';
    expect(stickyCallPhone('/contractor/acme', '(937) 555-1113', ours)).toBe('(937) 555-1113');
    expect(stickyCallPhone('/contractor/acme', null, ours)).toBeNull();
    expect(stickyCallPhone('/contractor/acme', undefined, ours)).toBeNull();
    expect(stickyCallPhone('/plumbing-dayton-ohio', undefined, ours)).toBe(ours);
    expect(stickyCallPhone('/', undefined, ours)).toBe(ours);
  });
});

describe('the reply promise, worded in one place', () => {
  it('is the slowest stated time of the contractors in question, 24 hours when none is known', () => {
    expect(replyPromise()).toBe('within 24 hours');
    expect(replyPromise([1, 4, 2])).toBe('within 4 hours');
    expect(replyPromise([1, null])).toBe('within 24 hours');
  });

  it("words a contractor's stated time, none counting as 24 hours", () => {
    expect(respondsInText(4)).toBe('Responds in 4h');
    expect(respondsInText(null)).toBe('Responds in 24h');
    expect(respondsWithinText(1)).toBe('Responds within 1 hour');
    expect(respondsWithinText(undefined)).toBe('Responds within 24 hours');
  });
});
