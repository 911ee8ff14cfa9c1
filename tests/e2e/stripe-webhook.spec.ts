// Stripe's webhook through the built site served by our Node server, as Stripe posts it: raw HTTP
// from no page (a foreign Origin), the body with its Content-Length or chunked (the Node server
// reads a chunked body itself before Astro gets it), its signature checked over the exact bytes
// that arrived. The browser suite's own server has no webhook secret (the sandbox): there the
// endpoint is a 404. The same build is served again with a secret for the rest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { rawRequest, sendLargeBody } from '../helpers/raw-http.ts';
import { serveBuildAgain } from '../helpers/second-server.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

const SECRET = 'whsec_e2e_webhook';
const signer = new Stripe('sk_test_not_used');

function signedEvent(id: string, secret = SECRET): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    // Characters a re-encoding would change: the signature holds only over the exact bytes.
    data: { object: { id: 'cus_e2e', object: 'customer', name: 'Zoë  Müller \u2013 “Dayton”' } },
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

test('Stripe webhook: 404 without a secret; with one, signed raw bodies in, bad signatures and 1 MB+ out', async ({
  baseURL,
}) => {
  const sandbox = await rawRequest(`${baseURL!}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=0' },
    body: '{}',
  });
  expect(sandbox.status).toBe(404);

  const port = new URL(baseURL!).port;
  const databaseUrl = readFileSync(path.resolve('.scratch', `e2e-database-${port}.url`), 'utf8').trim();
  const server = await serveBuildAgain({
    EMBEDDED_DB: '1',
    DATABASE_URL: databaseUrl,
    STRIPE_SECRET_KEY: 'sk_test_not_used',
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
  const ids = [`evt_e2e_length_${Date.now()}`, `evt_e2e_chunked_${Date.now()}`];
  try {
    const url = `${server.origin}/api/stripe/webhook`;
    const headers = (signature: string, extra: Record<string, string> = {}) => ({
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
      origin: 'https://stripe.example',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...extra,
    });
    const withLength = signedEvent(ids[0]!);
    const chunked = signedEvent(ids[1]!);
    const answers = [
      await rawRequest(url, {
        method: 'POST',
        headers: headers(withLength.signature),
        body: withLength.payload,
      }),
      await rawRequest(url, {
        method: 'POST',
        headers: headers(chunked.signature, { 'transfer-encoding': 'chunked' }),
        body: chunked.payload,
      }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ received: true, outcome: 'ignored' });
    }
    const stored = await withSiteDatabase(
      baseURL!,
      (tx) => tx<{ id: string; ignored: boolean }[]>`
        select id, ignored from stripe_events where id = any(${ids}) order by id`,
    );
    expect(stored).toEqual([...ids].sort().map((id) => ({ id, ignored: true })));

    // Signed with another secret: 400, and no row.
    const forged = signedEvent(`evt_e2e_forged_${Date.now()}`, 'whsec_someone_else');
    const refused = await rawRequest(url, {
      method: 'POST',
      headers: headers(forged.signature),
      body: forged.payload,
    });
    expect(refused.status).toBe(400);
    const forgedRows = await withSiteDatabase(
      baseURL!,
      (tx) => tx`select 1 from stripe_events where id like 'evt_e2e_forged_%'`,
    );
    expect(forgedRows).toHaveLength(0);

    // Past 1 MB, declared or chunked: 413 before the body is read.
    for (const isChunked of [false, true]) {
      const large = await sendLargeBody(url, {
        bytes: 2 * 1024 * 1024,
        chunked: isChunked,
        headers: headers('t=1,v1=0'),
      });
      expect(large.status).toBe(413);
    }
  } finally {
    await withSiteDatabase(baseURL!, (tx) => tx`delete from stripe_events where id = any(${ids})`);
    await server.stop();
  }
});
