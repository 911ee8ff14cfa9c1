// One run of some work at a time, however often it is asked for: a kick while it runs makes it run
// once more when it ends (nothing asked for meanwhile is missed), further kicks add nothing. The
// job runner's drains, a process's local drain after a request and the quote bench's worker.

export interface Coalesced {
  /** Runs the work now, or once more after the run in progress. */
  kick: () => void;
  /** Resolves once no run is in progress or asked for. */
  idle: () => Promise<void>;
}

/** `stopped()`: once true, kicks are ignored and no further run starts. */
export function coalesced(work: () => Promise<unknown>, stopped: () => boolean = () => false): Coalesced {
  let running: Promise<void> | null = null;
  const asked = { again: false };
  const takeAsked = () => {
    const again = asked.again;
    asked.again = false;
    return again;
  };
  return {
    kick: () => {
      if (stopped()) return;
      if (running) {
        asked.again = true;
        return;
      }
      running = (async () => {
        do await work();
        while (takeAsked() && !stopped());
      })().finally(() => (running = null));
    },
    idle: async () => {
      while (running) await running;
    },
  };
}
