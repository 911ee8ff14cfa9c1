// The form-POST pages' wrapper (src/server/platform/form-post.ts): a GET draws the page; a POST's
// fields are read and cut, checked, run through a use-case on the real database, and end in a 303
// or in the page again with what was typed and why it was refused.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZTokenQuery } from '../../src/schemas/auth.ts';
import { ZJobReview } from '../../src/schemas/homeowner.ts';
import { confirmQuote, INVALID_CONFIRM_LINK } from '../../src/server/leads/index.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import { handleFormPost, seeOther, type FormPage } from '../../src/server/platform/form-post.ts';
import { checkRateLimit } from '../../src/server/platform/security/rate-limit.ts';
import { useTestSql } from '../helpers/sql.ts';

const sql = useTestSql();

function page(method: string, body?: Record<string, string> | string): FormPage {
  const init: RequestInit = { method };
  if (typeof body === 'string') init.body = body;
  else if (body) {
    const form = new FormData();
    for (const [name, value] of Object.entries(body)) form.set(name, value);
    init.body = form;
  }
  if (typeof body === 'string') init.headers = { 'content-type': 'application/json' };
  return { request: new Request('http://localhost/page', init), response: { headers: new Headers() } };
}

const unknownToken = () => 'A'.repeat(11) + randomUUID().replaceAll('-', '');

describe('handleFormPost', () => {
  it('draws the page for a GET, private, running nothing', async () => {
    const get = page('GET');
    let ran = false;
    const post = await handleFormPost(get, {
      fields: { token: null },
      run: () => Promise.resolve((ran = true)),
    });
    expect(post).toEqual({ kind: 'none' });
    expect(ran).toBe(false);
    expect(get.response.headers.get('cache-control')).toBe('private, no-store');
  });

  it("keeps a refused form's input and its field messages, with a 400, running nothing", async () => {
    const posted = page('POST', { token: 'short', rating: '9', title: 'Great', content: 'Too short' });
    let ran = false;
    const post = await handleFormPost(posted, {
      fields: { token: null, rating: null, title: 5, content: null, authorName: null },
      schema: ZJobReview,
      run: () => Promise.resolve((ran = true)),
    });
    if (post instanceof Response || post.kind !== 'invalid')
      throw new Error(`not refused: ${JSON.stringify(post)}`);
    expect(ran).toBe(false);
    expect(posted.response.status).toBe(400);
    expect(post.input).toEqual({
      token: 'short',
      rating: '9',
      title: 'Great',
      content: 'Too short',
      authorName: '',
    });
    expect(post.fields['rating']).toEqual(['Choose a rating from 1 to 5 stars']);
    expect(post.message).toBe(Object.values(post.fields).flat()[0]);
  });

  it("turns a use-case's AppError into its message and status, keeping what was typed", async () => {
    const token = unknownToken();
    const posted = page('POST', { token });
    const post = await handleFormPost(posted, {
      fields: { token: null },
      schema: ZTokenQuery,
      run: ({ token: checked }) => confirmQuote(sql, checked),
    });
    if (post instanceof Response || post.kind !== 'failed')
      throw new Error(`not failed: ${JSON.stringify(post)}`);
    expect(post.input).toEqual({ token });
    expect(post.error.code).toBe('NOT_FOUND');
    expect(post.message).toBe(INVALID_CONFIRM_LINK);
    expect(posted.response.status).toBe(404);
  });

  it("lets the page choose a refusal's status", async () => {
    const posted = page('POST', { token: unknownToken() });
    await handleFormPost(posted, {
      fields: { token: null },
      schema: ZTokenQuery,
      run: ({ token }) => confirmQuote(sql, token),
      status: () => 400,
    });
    expect(posted.response.status).toBe(400);
  });

  it('redirects with a 303 after a success, then answers a rate limit with 429 and Retry-After', async () => {
    const who = `form-${randomUUID()}`;
    const limited = {
      fields: { who: 80 },
      run: async ({ who: identifier }: { who: string }) => {
        const limit = await checkRateLimit(sql, identifier, 'form-post-test', 1, 60);
        if (!limit.allowed) {
          throw new AppError('RATE_LIMITED', 'Too many tries', undefined, {
            retryAfterSeconds: limit.retryAfterSeconds,
          });
        }
        return identifier;
      },
      redirect: (done: string, input: { who: string }) => `/done?who=${done}&typed=${input.who.length}`,
    };
    const first = await handleFormPost(page('POST', { who: `${who}${'x'.repeat(100)}` }), limited);
    if (!(first instanceof Response)) throw new Error(`no redirect: ${JSON.stringify(first)}`);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(
      `/done?who=${`${who}${'x'.repeat(100)}`.slice(0, 80)}&typed=80`,
    );
    expect(first.headers.get('cache-control')).toBe('private, no-store');

    const again = page('POST', { who: `${who}${'x'.repeat(100)}` });
    const second = await handleFormPost(again, limited);
    if (second instanceof Response || second.kind !== 'failed') throw new Error('not limited');
    expect(second.message).toBe('Too many tries');
    expect(again.response.status).toBe(429);
    expect(Number(again.response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('sends no Retry-After with a rate limit the page answers with its own status', async () => {
    const posted = page('POST', { who: 'x' });
    const post = await handleFormPost(posted, {
      fields: { who: null },
      run: () =>
        Promise.reject(new AppError('RATE_LIMITED', 'Too many tries', undefined, { retryAfterSeconds: 30 })),
      status: () => 400,
    });
    if (post instanceof Response || post.kind !== 'failed') throw new Error('not limited');
    expect(posted.response.status).toBe(400);
    expect(posted.response.headers.get('retry-after')).toBeNull();
  });

  it('draws the page when the use-case asks for no redirect', async () => {
    const post = await handleFormPost(page('POST', { note: 'kept' }), {
      fields: { note: null },
      run: ({ note }) => Promise.resolve(note.toUpperCase()),
      redirect: () => null,
    });
    expect(post).toEqual({ kind: 'done', input: { note: 'kept' }, value: 'KEPT' });
  });

  it('reads a body that is not a form as empty fields, and hands the use-case no form', async () => {
    let given: FormData | null | undefined;
    const post = await handleFormPost(page('POST', '{"token":"x"}'), {
      fields: { token: null },
      run: (input, form) => Promise.resolve(((given = form), input)),
    });
    expect(given).toBeNull();
    expect(post).toMatchObject({ kind: 'done', input: { token: '' } });
  });

  it('throws any other error on, to the error page', async () => {
    await expect(
      handleFormPost(page('POST', {}), {
        fields: {},
        run: () => Promise.reject(new Error('database gone')),
      }),
    ).rejects.toThrow('database gone');
  });

  it('sees the browser on with a private 303', () => {
    const answer = seeOther('/auth?verify=invalid');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/auth?verify=invalid');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });
});
