// A guard against one known postgres.js bug (3.4.9, the latest: porsager/postgres#1154, #1066,
// #1208; fixes proposed in #1168, #1209, not released): when the database drops a connection,
// a write postgres.js had deferred to setImmediate can run after it nulled the socket, and its
// TypeError is thrown outside any promise, which ends the whole server. The queries of that
// connection have already been rejected with CONNECTION_CLOSED (their requests answer 503), so
// the lost write is moot. The PostgreSQL outage check (scripts/ci/postgres-outage.ts) killed the
// server this way within seconds, through the mail sender and the quote limiter. Only that exact
// error is ignored; any other uncaught exception still ends the process as Node would.
import { log } from '../log.ts';

/** True for postgres.js's deferred write on a closed connection, and nothing else. */
export function isPostgresWriteRace(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const stack = error.stack ?? '';
  return (
    /Cannot read properties of null \(reading 'write'\)/.test(error.message) &&
    /\bnextWrite\b/.test(stack) &&
    /postgres[\\/]src[\\/]connection\.js/.test(stack)
  );
}

let installed = false;

/**
 * Installs the guard once per process: our Node server does (scripts/serve.ts). Not test runners,
 * which handle uncaught exceptions themselves.
 */
export function guardPostgresWriteRace(): void {
  if (installed) return;
  installed = true;
  process.on('uncaughtException', (error, origin) => {
    if (isPostgresWriteRace(error)) {
      log().warn('postgres.js wrote on a closed connection (porsager/postgres#1154): ignored');
      return;
    }
    // As Node does without a listener: the error (written at once), then exit 1.
    log().fatal({ err: error, origin }, 'uncaught exception');
    process.exit(1);
  });
}
