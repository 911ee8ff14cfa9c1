// Keys that name an object's machinery ("__proto__", "constructor") come from requests: the error
// answer's field map keeps them as plain keys, and a JSON body carrying them is refused.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ZSignIn } from '../../src/schemas/auth.ts';
import { errorResponse, fieldMessages } from '../../src/server/platform/errors.ts';
import { readJson } from '../../src/server/platform/http.ts';

/** JSON.parse defines "__proto__" as an own key, as a request body would arrive. */
const issuesOf = (schema: z.ZodMiniType, json: string) => z.safeParse(schema, JSON.parse(json)).error!;

describe('the field map of a schema error', () => {
  it.each([
    ['{"__proto__": {"x": 1}}', '__proto__'],
    ['{"constructor": "x"}', 'constructor'],
    ['{"toString": "x"}', 'toString'],
    ['{"hasOwnProperty": "x"}', 'hasOwnProperty'],
  ])('keeps %s as a field of its own', (json, key) => {
    const fields = fieldMessages(issuesOf(z.strictObject({}), json));
    expect(Object.keys(fields)).toEqual([key]);
    expect(fields[key]).toEqual([`Unknown parameter: ${key}`]);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });

  it('answers 400 with the field, not a 500', async () => {
    const response = errorResponse(issuesOf(ZSignIn, '{"constructor": "x", "__proto__": {}}'));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string[]> };
    expect(body.fields['constructor,__proto__']).toEqual(['Unknown parameter: constructor, __proto__']);
  });
});

describe('a JSON body', () => {
  const post = (body: string) =>
    new Request('http://127.0.0.1/api/x', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

  it.each([
    '{"__proto__": {"x": 1}}',
    '{"constructor": "x"}',
    '{"email": {"__proto__": null}}',
    '{"email": "a@b.co", "password": "x", "extra": [{"prototype": {}}]}',
  ])('naming an object internal is refused: %s', async (json) => {
    await expect(readJson(post(json), z.object({}))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^The request has a field that is not allowed: /) as unknown,
    });
  });

  it('with ordinary keys is parsed as before', async () => {
    expect(await readJson(post('{"email": "a@b.co", "password": "x"}'), ZSignIn)).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
  });
});
