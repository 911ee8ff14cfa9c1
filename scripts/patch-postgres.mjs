// postinstall: fixes for postgres.js bugs not yet released (3.4.9 is the latest release), applied
// to its three builds. Idempotent; a file whose code no longer matches (a fixed release) is left
// alone, with a notice. Plain Node: runs before tsx is installed.
//
// 1. porsager/postgres#1154, #1208 (the fix proposed in #1209). When the database drops a
//    connection, a write postgres.js had deferred to setImmediate can run after it nulled the
//    socket: the TypeError is thrown outside any promise and ends the whole process (with a guard
//    that swallows it, the query waits forever instead). The patch fails that connection's queries
//    with CONNECTION_CLOSED, as every other path of a closed connection does, so the request
//    answers 503. scripts/ci/postgres-outage.ts showed both (the server killed; requests hung).
// 2. porsager/postgres#823, #1189 (fixes proposed in #1207, #1218). sql.begin() reserves its
//    connection in a hook at the end of an && chain that is skipped when BEGIN is the query that
//    fills the connection's pipeline or its write meets a full socket buffer; and a socket 'drain'
//    hands a reserved connection back to the pool between a transaction's queries. Either way the
//    transaction fails with UNSAFE_TRANSACTION (or worse, other requests' queries run inside it),
//    and the connection goes back to the pool inside an open transaction. CI met it with 50 sales
//    at once on PostgreSQL. The patch runs the hook whenever the query was written and lets a drain
//    reopen only an unreserved connection; tests/integration/postgres-begin-race.test.ts fails
//    27 times in 20 rounds without it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const patches = [
  {
    mark: 'porsager/postgres#1154',
    before: `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`,
    after: `  function nextWrite(fn) {
    if (!socket) { // closed since the write was deferred (porsager/postgres#1154): fail its queries
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options, socket))
      return false
    }
    const x = socket.write(chunk, fn)`,
  },
  {
    mark: 'porsager/postgres#823',
    before: `      build(q)
      return write(toBuffer(q))
        && !q.describeFirst
        && !q.cursorFn
        && sent.length < max_pipeline
        && (!q.options.onexecute || q.options.onexecute(connection))`,
    after: `      build(q)
      const written = write(toBuffer(q))
      if (q.options.onexecute) // sql.begin reserves the connection once BEGIN is written (porsager/postgres#823)
        return q.options.onexecute(connection)
      return written
        && !q.describeFirst
        && !q.cursorFn
        && sent.length < max_pipeline`,
  },
  {
    mark: 'a reserved connection stays reserved',
    before: `  function drain() {
    !query && onopen(connection)
  }`,
    after: `  function drain() {
    !query && !connection.reserved && onopen(connection) // a reserved connection stays reserved
  }`,
  },
];

const root = path.resolve(import.meta.dirname, '..', 'node_modules', 'postgres');
for (const file of ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js']) {
  const full = path.join(root, file);
  if (!existsSync(full)) continue;
  const original = readFileSync(full, 'utf8');
  let source = original;
  for (const { mark, before, after } of patches) {
    if (source.includes(mark)) continue;
    if (!source.includes(before)) {
      console.warn(
        `patch-postgres: ${file} has changed; not patched for ${mark} (check whether it is fixed)`,
      );
      continue;
    }
    source = source.replace(before, after);
    console.log(`patch-postgres: ${file} patched (${mark})`);
  }
  if (source !== original) writeFileSync(full, source);
}
