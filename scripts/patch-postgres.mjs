// postinstall: a fix for a postgres.js bug not yet released (3.4.9, porsager/postgres#1154,
// #1208; the fix proposed in #1209). When the database drops a connection, a write postgres.js
// had deferred to setImmediate can run after it nulled the socket: the TypeError is thrown outside
// any promise and ends the whole process (with a guard that swallows it, the query waits forever
// instead). The patch fails that connection's queries with CONNECTION_CLOSED, as every other path
// of a closed connection does, so the request answers 503. scripts/ci/postgres-outage.ts showed
// both (the server killed; requests hung) and passes with it. Idempotent; a postgres.js whose code
// no longer matches (a fixed release) is left alone, with a notice. Plain Node: runs before tsx is
// installed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MARK = 'porsager/postgres#1154';
const BEFORE = `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`;
const AFTER = `  function nextWrite(fn) {
    if (!socket) { // closed since the write was deferred (${MARK}): fail its queries
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options, socket))
      return false
    }
    const x = socket.write(chunk, fn)`;

const root = path.resolve(import.meta.dirname, '..', 'node_modules', 'postgres');
for (const file of ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js']) {
  const full = path.join(root, file);
  if (!existsSync(full)) continue;
  const source = readFileSync(full, 'utf8');
  if (source.includes(MARK)) continue;
  if (!source.includes(BEFORE)) {
    console.warn(`patch-postgres: ${file} has changed; not patched (check whether ${MARK} is fixed)`);
    continue;
  }
  writeFileSync(full, source.replace(BEFORE, AFTER));
  console.log(`patch-postgres: ${file} patched (${MARK})`);
}
