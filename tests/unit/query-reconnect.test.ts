// @vitest-environment jsdom
// The islands' query client (src/islands/shared/query.tsx): a read is tried once and fails at
// once; one the network failed is read again when the connection comes back (the offline banner's
// back-online event, or the browser's own 'online'); one the server refused, or one that worked,
// is not.
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACK_ONLINE_EVENT } from '../../src/domain/app-chrome.ts';
import { newQueryClient } from '../../src/islands/shared/query.tsx';
import { read } from '../../src/islands/shared/read.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A mounted client observing one read of /x, whose answers are `answers` in turn (the last repeats). */
async function observe(answers: (() => Promise<Response>)[]) {
  let sent = 0;
  vi.stubGlobal('fetch', () => {
    sent += 1;
    return answers[Math.min(sent, answers.length) - 1]!();
  });
  const client = newQueryClient();
  client.mount();
  const observer = new QueryObserver(client, {
    queryKey: ['x'],
    queryFn: ({ signal }) => read<{ n: number }>('/x', signal),
  });
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));
  return {
    result: () => observer.getCurrentResult(),
    sent: () => sent,
    [Symbol.dispose]: () => {
      stop();
      client.unmount();
      client.clear();
    },
  };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const answer = (status: number, body: unknown) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

describe.each([
  ['the back-online event', () => dispatchEvent(new CustomEvent(BACK_ONLINE_EVENT))],
  ["the browser's online event", () => dispatchEvent(new Event('online'))],
])('when the connection is back (%s)', (_name, back) => {
  it('a read the network failed is read again', async () => {
    using read = await observe([offline, answer(200, { n: 1 })]);
    expect(read.result().status).toBe('error');
    expect(read.sent()).toBe(1);
    back();
    await vi.waitFor(() => expect(read.result().data).toEqual({ n: 1 }));
    expect(read.sent()).toBe(2);
  });

  it('a read the server refused, or one that worked, is not', async () => {
    using refused = await observe([answer(500, { error: 'Broken' })]);
    expect(refused.result().error?.message).toBe('Broken');
    back();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(refused.sent()).toBe(1);
  });
});

it('a read that worked is not read again', async () => {
  using worked = await observe([answer(200, { n: 2 })]);
  expect(worked.result().data).toEqual({ n: 2 });
  dispatchEvent(new CustomEvent(BACK_ONLINE_EVENT));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(worked.sent()).toBe(1);
});
