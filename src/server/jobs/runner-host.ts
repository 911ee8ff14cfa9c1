// Where our Node server (scripts/serve.ts) asks the Astro bundle to run the background jobs in
// its process (runner.ts). The server and the bundle load their own copies of modules, so they
// meet on a global symbol; this file imports nothing, so plain Node (which strips types only) can
// load it in scripts/serve.ts.
const HOST = Symbol.for('dayton-contractors.job-runner');

export interface RunnerHost {
  /** Set by the Node server: this process runs the jobs. */
  wanted: boolean;
  /** The runner the bundle started, for the server to stop on close. */
  stop?: () => Promise<void>;
}

type HostGlobal = typeof globalThis & { [HOST]?: RunnerHost };

export function runnerHost(): RunnerHost | undefined {
  return (globalThis as HostGlobal)[HOST];
}

/** Called by our Node server before it serves: this process runs the registry. */
export function hostJobRunner(): { stop(): Promise<void> } {
  const state: RunnerHost = { wanted: true };
  (globalThis as HostGlobal)[HOST] = state;
  return {
    async stop() {
      state.wanted = false;
      await state.stop?.();
    },
  };
}
