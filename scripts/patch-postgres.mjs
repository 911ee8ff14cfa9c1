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
// 3. porsager/postgres#1215, #1186 (the fix proposed in #1215). When a transaction's connection
//    closes, sql.begin() rejects but its callback runs on: its next query (or the automatic
//    rollback) went to the same connection object, which the pool was already reconnecting for
//    another request, so it failed that request's query with CONNECTION_CLOSED, or, once the
//    connection was open again, ran outside any transaction; queries queued inside the
//    transaction never settled. The patch keeps the close error on the transaction, rejects its
//    queued queries and every later one with it.
// 4. A closed connection kept its deferred write: closed() cancelled the setImmediate but left
//    its handle and the unsent bytes, so after a reconnect no write was ever flushed again (the
//    startup message waited for connect_timeout) or the old bytes went out before it. The patch
//    drops both when the socket closes. scripts/ci/postgres-outage.ts met these two under
//    pg_ctl stop -m immediate: a request unanswered for 10 s, 2 runs in 8.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const patches = [
  {
    file: 'connection.js',
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
    file: 'connection.js',
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
    file: 'connection.js',
    mark: 'a reserved connection stays reserved',
    before: `  function drain() {
    !query && onopen(connection)
  }`,
    after: `  function drain() {
    !query && !connection.reserved && onopen(connection) // a reserved connection stays reserved
  }`,
  },
  {
    file: 'connection.js',
    mark: 'its deferred write goes with it',
    before: `  async function closed(hadError) {
    incoming = Buffer.alloc(0)
    remaining = 0
    incomings = null
    clearImmediate(nextWriteTimer)`,
    after: `  async function closed(hadError) {
    incoming = Buffer.alloc(0)
    remaining = 0
    incomings = null
    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null // its deferred write goes with it: never flushed onto the next socket`,
  },
  {
    file: 'index.js',
    mark: 'porsager/postgres#1215',
    before: `      , prepare = null

    try {
      await sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute }).execute()
      return await Promise.race([
        scope(connection, fn),
        new Promise((_, reject) => connection.onclose = reject)
      ])`,
    after: `      , prepare = null
      , lost = null // the error that closed the transaction's connection (porsager/postgres#1215)

    try {
      await sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute }).execute()
      return await Promise.race([
        scope(connection, fn),
        new Promise((_, reject) => connection.onclose = e => {
          lost = e || Errors.connection('CONNECTION_CLOSED', options)
          while (queries.length)
            queries.shift().reject(lost)
          reject(lost)
        })
      ])`,
  },
  {
    file: 'index.js',
    mark: 'never on the connection that replaced it',
    before: `      function handler(q) {
        q.catch(e => uncaughtError || (uncaughtError = e))
        c.queue === full`,
    after: `      function handler(q) {
        q.catch(e => uncaughtError || (uncaughtError = e))
        if (lost) // its connection closed: fail, never on the connection that replaced it
          return q.reject(lost)
        c.queue === full`,
  },
];

const root = path.resolve(import.meta.dirname, '..', 'node_modules', 'postgres');
for (const file of ['src', 'cjs/src', 'cf/src'].flatMap((dir) => [
  `${dir}/connection.js`,
  `${dir}/index.js`,
])) {
  const full = path.join(root, file);
  if (!existsSync(full)) continue;
  const original = readFileSync(full, 'utf8');
  let source = original;
  for (const { mark, before, after } of patches.filter((patch) => file.endsWith(`/${patch.file}`))) {
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
