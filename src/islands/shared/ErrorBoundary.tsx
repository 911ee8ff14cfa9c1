// The error boundary around every island's root (spec 4 and 8): a render failure shows 'Something
// went wrong' with the error's message (or 'An unexpected error occurred'), Try Again (mounts the
// island afresh) and Go Home. A network-looking error is first retried by itself, up to 3 times
// after 1, 2 and 4 s (src/islands/shared/retry.ts).
import { Component, Fragment, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { CHROME_TEXT } from '../../domain/app-chrome.ts';
import { nextRetryDelay } from './retry.ts';

interface State {
  error: Error | null;
  /** Changes to mount the children afresh. */
  generation: number;
  /** Network-looking failures since the island was first mounted or Try Again was pressed. */
  failures: number;
}

class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, generation: 0, failures: 0 };
  private timer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    const failures = this.state.failures + 1;
    const delay = nextRetryDelay(error, failures);
    this.setState({ failures });
    if (delay !== null) this.timer = setTimeout(this.remount, delay);
  }

  override componentWillUnmount(): void {
    clearTimeout(this.timer);
  }

  private remount = () => {
    this.setState((s) => ({ error: null, generation: s.generation + 1 }));
  };

  private tryAgain = () => {
    clearTimeout(this.timer);
    this.setState((s) => ({ error: null, generation: s.generation + 1, failures: 0 }));
  };

  override render(): ReactNode {
    const { error, generation, failures } = this.state;
    if (!error) return <Fragment key={generation}>{this.props.children}</Fragment>;
    if (nextRetryDelay(error, failures) !== null) {
      return (
        <p className="muted" role="status">
          Reconnecting…
        </p>
      );
    }
    return (
      <div className="card error-boundary" role="alert">
        <h2>{CHROME_TEXT.errorTitle}</h2>
        <p>{error.message || CHROME_TEXT.unexpected}</p>
        <div className="error-actions">
          <button type="button" className="btn" onClick={this.tryAgain}>
            {CHROME_TEXT.tryAgain}
          </button>
          <a className="btn secondary" href="/">
            {CHROME_TEXT.goHome}
          </a>
        </div>
      </div>
    );
  }
}

/** An island's root inside the boundary: `export default withBoundary(Island)`. */
export function withBoundary<P extends object>(Island: ComponentType<P>): ComponentType<P> {
  function Bounded(props: P) {
    return (
      <ErrorBoundary>
        <Island {...props} />
      </ErrorBoundary>
    );
  }
  Bounded.displayName = `withBoundary(${Island.displayName ?? Island.name})`;
  return Bounded;
}
