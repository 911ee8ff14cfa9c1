// The admin content page's shared schemas and tab choice: empty copy stores null (the generated
// text stays), blank FAQ rows are dropped and half-filled ones refused, markup and handlers are
// removed from plain text, every string is refused past its cap, and an article needs a title,
// a slug of the right shape and a body.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ARTICLE_LIMITS, CONTENT_MESSAGES, contentTab, SEO_LIMITS } from '../../src/domain/content-rules.ts';
import { ZArticleInput, ZReviewVisibility, ZSeoPageEdit } from '../../src/schemas/admin-content.ts';

const edit = {
  titleTag: '',
  metaDescription: '',
  h1Heading: '',
  introContent: '',
  serviceOverview: '',
  localInsights: '',
  pricingGuide: '',
  faqContent: [] as { question: string; answer: string }[],
};

describe('ZSeoPageEdit', () => {
  it('stores empty fields as null and drops blank FAQ rows', () => {
    const parsed = z.parse(ZSeoPageEdit, {
      ...edit,
      h1Heading: '  Gutter Pros  ',
      faqContent: [
        { question: ' ', answer: '' },
        { question: 'How long?', answer: 'A day.' },
      ],
    });
    expect(parsed).toEqual({
      titleTag: null,
      metaDescription: null,
      h1Heading: 'Gutter Pros',
      introContent: null,
      serviceOverview: null,
      localInsights: null,
      pricingGuide: null,
      faqContent: [{ question: 'How long?', answer: 'A day.' }],
    });
  });

  it('removes markup, script URLs and inline handlers', () => {
    const parsed = z.parse(ZSeoPageEdit, {
      ...edit,
      h1Heading: '<b onmouseover=alert(1)>Roofers</b>',
      introContent: 'javascript:alert(1) hello',
    });
    expect(parsed.h1Heading).not.toMatch(/[<>]|onmouseover=/);
    expect(parsed.introContent).toBe('alert(1) hello');
  });

  it('refuses a question without an answer, and each field past its cap', () => {
    const half = z.safeParse(ZSeoPageEdit, { ...edit, faqContent: [{ question: 'Why?', answer: '' }] });
    expect(half.success).toBe(false);
    expect(half.error?.issues[0]?.message).toBe(CONTENT_MESSAGES.faqIncomplete);
    for (const [field, max] of [
      ['titleTag', SEO_LIMITS.title],
      ['metaDescription', SEO_LIMITS.metaDescription],
      ['h1Heading', SEO_LIMITS.h1],
      ['introContent', SEO_LIMITS.intro],
      ['pricingGuide', SEO_LIMITS.section],
    ] as const) {
      expect(z.safeParse(ZSeoPageEdit, { ...edit, [field]: 'x'.repeat(max) }).success).toBe(true);
      const long = z.safeParse(ZSeoPageEdit, { ...edit, [field]: 'x'.repeat(max + 1) });
      expect(long.success).toBe(false);
      expect(long.error?.issues[0]?.path).toEqual([field]);
    }
    const many = Array.from({ length: SEO_LIMITS.faqEntries + 1 }, () => ({ question: 'Q?', answer: 'A.' }));
    expect(z.safeParse(ZSeoPageEdit, { ...edit, faqContent: many }).success).toBe(false);
  });
});

describe('ZArticleInput', () => {
  const article = { title: 'T', slug: 'a-b', category: 'C', body: 'Body' };
  it('needs a title, a category, a body and a lowercase hyphenated slug', () => {
    expect(z.safeParse(ZArticleInput, article).success).toBe(true);
    for (const bad of [
      { title: ' ' },
      { category: '' },
      { body: '  ' },
      { slug: 'A B' },
      { slug: 'a--b' },
      { body: 'x'.repeat(ARTICLE_LIMITS.body + 1) },
    ]) {
      expect(
        z.safeParse(ZArticleInput, { ...article, ...bad }).success,
        JSON.stringify(bad).slice(0, 40),
      ).toBe(false);
    }
  });
});

describe('ZReviewVisibility and the tab', () => {
  it('caps the reason; an unknown tab is the reviews tab', () => {
    expect(z.safeParse(ZReviewVisibility, { hidden: true, reason: 'x'.repeat(1001) }).success).toBe(false);
    expect(contentTab('seo-pages')).toBe('seo-pages');
    expect(contentTab('articles')).toBe('articles');
    expect(contentTab('nope')).toBe('reviews');
    expect(contentTab(null)).toBe('reviews');
  });
});
