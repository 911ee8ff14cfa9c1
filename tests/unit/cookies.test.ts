// The session and device cookies: HttpOnly, SameSite=Lax, path /; Secure and __Host- named where
// the site is served over https (as the middleware settled it, never the request URL); the device
// cookie long-lived.
import type { AstroCookies, AstroCookieSetOptions } from 'astro';
import { describe, expect, it } from 'vitest';
import { setDeviceCookie, setSessionCookie } from '../../src/server/platform/http.ts';

function recorder() {
  const set: { name: string; value: string; options: AstroCookieSetOptions }[] = [];
  const cookies = {
    set: (name: string, value: string, options: AstroCookieSetOptions) => set.push({ name, value, options }),
  } as unknown as AstroCookies;
  return { cookies, set };
}

const inAYear = new Date(Date.now() + 365 * 86_400_000);

describe.each([
  ['over https', '__Host-device', true],
  ['over plain http', 'device', false],
])('the device cookie of a site served %s', (_served, name, secure) => {
  const locals = { site: { secure } } as unknown as Pick<App.Locals, 'site'>;
  it(`is ${name}, HttpOnly, SameSite=Lax, path /, ${secure ? '' : 'not '}Secure, until it expires`, () => {
    const { cookies, set } = recorder();
    setDeviceCookie({ cookies, locals }, 'token', inAYear);
    expect(set).toEqual([
      {
        name,
        value: 'token',
        options: { httpOnly: true, secure, sameSite: 'lax', path: '/', expires: inAYear },
      },
    ]);
  });

  it('is not among the cookies a sign-in session sets (so signing out keeps it)', () => {
    const { cookies, set } = recorder();
    setSessionCookie({ cookies, locals }, 'token', inAYear);
    expect(set.map((c) => c.name)).not.toContain(name);
  });
});
