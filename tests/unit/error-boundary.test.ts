// @vitest-environment jsdom
// The islands' error boundary (src/islands/shared/ErrorBoundary.tsx) rendered by React in jsdom,
// on vitest's fake clock: a network-looking error mounts the island again after 1, 2 and 4 s and
// then shows 'Something went wrong' with its message; any other error shows it at once (or 'An
// unexpected error occurred' for an error without a message); Try Again mounts it afresh.
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withBoundary } from '../../src/islands/shared/ErrorBoundary.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
let mounts = 0;
let failure: Error | null = null;

/** An island that fails with `failure` while it is set, and counts its renders from scratch. */
function Probe() {
  mounts += 1;
  if (failure) throw failure;
  return createElement('p', null, 'The island works');
}
const Island = withBoundary(Probe);

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  mounts = 0;
});
afterEach(() => {
  act(() => {
    root.unmount();
  });
  container.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const text = () => container.textContent;
const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};
const button = (name: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === name)!;

describe('the error boundary', () => {
  it('retries a network error after 1, 2 and 4 s, then shows it; Try Again mounts afresh', () => {
    failure = new TypeError('Failed to fetch');
    act(() => {
      root.render(createElement(Island));
    });
    expect(text()).toBe('Reconnecting…');
    const first = mounts;
    for (const wait of [1000, 2000, 4000]) {
      const before = mounts;
      advance(wait - 1);
      expect(mounts).toBe(before);
      advance(1);
      expect(mounts).toBeGreaterThan(before);
    }
    expect(mounts).toBeGreaterThan(first);
    expect(container.querySelector('[role="alert"] h2')?.textContent).toBe('Something went wrong');
    expect(text()).toContain('Failed to fetch');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/');
    const settled = mounts;
    advance(60_000);
    expect(mounts).toBe(settled);

    failure = null;
    act(() => {
      button('Try Again').click();
    });
    expect(text()).toBe('The island works');
  });

  it('shows any other error at once, without retrying', () => {
    failure = new RangeError('The probe broke on purpose');
    act(() => {
      root.render(createElement(Island));
    });
    expect(text()).toContain('Something went wrong');
    expect(text()).toContain('The probe broke on purpose');
    const settled = mounts;
    advance(60_000);
    expect(mounts).toBe(settled);
  });

  it("says 'An unexpected error occurred' for an error without a message", () => {
    failure = new Error('');
    act(() => {
      root.render(createElement(Island));
    });
    expect(text()).toContain('An unexpected error occurred');
    expect(button('Try Again')).toBeDefined();
    expect([...container.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Go Home']);
  });
});
