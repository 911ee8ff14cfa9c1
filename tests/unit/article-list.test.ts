import { describe, expect, it } from 'vitest';
import { formatArticleDate } from '../../src/domain/article-date.ts';
import { isoDay } from '../../src/domain/format.ts';
import { ARTICLE_LIST_LIMIT, EMPTY_STATE_SERVICES, articleListView } from '../../src/domain/article-list.ts';

const article = (slug: string, day: string) => ({ slug, publishedAt: new Date(`${day}T00:00:00Z`) });

describe('articleListView', () => {
  it('is the empty state when nothing is published', () => {
    expect(articleListView([])).toEqual({ kind: 'empty' });
  });

  it('lists newest first', () => {
    const view = articleListView([
      article('old', '2026-01-01'),
      article('new', '2026-03-01'),
      article('mid', '2026-02-01'),
    ]);
    expect(view.kind === 'list' && view.articles.map((a) => a.slug)).toEqual(['new', 'mid', 'old']);
  });

  it(`shows at most ${ARTICLE_LIST_LIMIT}`, () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      article(`a${i}`, `2026-01-${String((i % 28) + 1).padStart(2, '0')}`),
    );
    const view = articleListView(many);
    expect(view.kind === 'list' && view.articles).toHaveLength(50);
  });

  it('keeps one article', () => {
    expect(articleListView([article('only', '2026-05-05')])).toEqual({
      kind: 'list',
      articles: [article('only', '2026-05-05')],
    });
  });

  it('links the empty state to plumbing, hvac, roofing and electrical', () => {
    expect(EMPTY_STATE_SERVICES.map((s) => s.slug)).toEqual(['plumbing', 'hvac', 'roofing', 'electrical']);
  });
});

describe('article dates', () => {
  it.each([
    ['2026-06-23T00:00:00Z', 'June 23, 2026', '2026-06-23'],
    ['2026-01-01T00:00:00Z', 'January 1, 2026', '2026-01-01'],
    ['2026-11-03T23:30:00Z', 'November 3, 2026', '2026-11-03'],
  ])('%s reads %s', (iso, shown, day) => {
    expect(formatArticleDate(new Date(iso))).toBe(shown);
    expect(isoDay(new Date(iso))).toBe(day);
  });
});
