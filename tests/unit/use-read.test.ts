// @vitest-environment jsdom
// useRead (src/islands/shared/query.tsx) rendered by React in jsdom, with fetch answering at the
// HTTP boundary: the read's answer is shown; a write's put shows the state it gives (a new state,
// or a change to the one shown); a refused read is an error carrying the server's words; a read
// not enabled asks nothing (and a change put to it changes nothing); another URL is another read.
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRead, withQueries } from '../../src/islands/shared/query.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Count {
  n: number;
}

let container: HTMLElement;
let root: Root;
let asked: string[] = [];
let answers: (() => Response)[] = [];
let put: ((state: Count | ((current: Count) => Count)) => void) | null = null;

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Shows /count's state, its error, or that it waits. */
function Probe(props: { url: string; enabled: boolean }) {
  const [count, putCount] = useRead<Count>(props.url, props.enabled);
  put = putCount;
  const text = count.isError ? `error: ${count.error.message}` : count.data ? `n=${count.data.n}` : 'waiting';
  return createElement('p', null, text);
}
const Island = withQueries(Probe);

function show(props: { url?: string; enabled?: boolean } = {}) {
  act(() => {
    root.render(createElement(Island, { url: props.url ?? '/count', enabled: props.enabled ?? true }));
  });
}
const text = () => container.textContent;
/** Waits (letting React draw) until the island says `expected`. */
const until = (expected: string) =>
  vi.waitFor(async () => {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    expect(text()).toBe(expected);
  });

beforeEach(() => {
  asked = [];
  answers = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    const next = answers.shift();
    if (!next) throw new Error(`nothing to answer ${url}`);
    return Promise.resolve(next());
  });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => {
    root.unmount();
  });
  container.remove();
  vi.unstubAllGlobals();
});

describe('useRead', () => {
  it('shows the answer, then the state a write puts, and a change to it', async () => {
    answers.push(json({ n: 1 }));
    show();
    await until('n=1');
    expect(asked).toEqual(['/count']);
    act(() => put!({ n: 5 }));
    await until('n=5');
    act(() => put!((current) => ({ n: current.n + 1 })));
    await until('n=6');
    expect(asked).toHaveLength(1);
  });

  it('a refused read is an error with the server’s words', async () => {
    answers.push(json({ error: 'You are not allowed to see this.' }, 403));
    show();
    await until('error: You are not allowed to see this.');
  });

  it('a change put before anything was read changes nothing', async () => {
    show({ enabled: false });
    await until('waiting');
    act(() => put!((current) => ({ n: current.n + 1 })));
    await until('waiting');
    expect(asked).toEqual([]);
  });

  it('another URL is another read', async () => {
    answers.push(json({ n: 1 }), json({ n: 2 }));
    show();
    await until('n=1');
    show({ url: '/count?week=2' });
    await until('n=2');
    expect(asked).toEqual(['/count', '/count?week=2']);
  });
});
