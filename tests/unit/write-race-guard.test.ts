// Only postgres.js's deferred write on a closed connection is ignored by the server's guard.
import { describe, expect, it } from 'vitest';
import { isPostgresWriteRace } from '../../src/server/platform/db/write-race-guard.ts';

/** A TypeError as reading `.write` of null throws, with the stack it had at `frame`. */
function nullWrite(frame: string): TypeError {
  let error: TypeError;
  try {
    const socket = null as unknown as { write: () => void };
    socket.write();
    throw new Error('unreachable');
  } catch (caught) {
    error = caught as TypeError;
  }
  error.stack = `${error.name}: ${error.message}\n    at ${frame}\n    at process.processImmediate (node:internal/timers:574:21)`;
  return error;
}

describe('isPostgresWriteRace', () => {
  it("recognises postgres.js's nextWrite on a null socket", () => {
    const error = nullWrite(
      'Immediate.nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)',
    );
    expect(error.message).toBe("Cannot read properties of null (reading 'write')");
    expect(isPostgresWriteRace(error)).toBe(true);
  });

  it('lets the same error from anywhere else through', () => {
    expect(
      isPostgresWriteRace(nullWrite('flush (file:///app/src/server/platform/mail/sender.ts:10:5)')),
    ).toBe(false);
    expect(
      isPostgresWriteRace(nullWrite('nextWrite (file:///app/node_modules/pg/lib/connection.js:1:1)')),
    ).toBe(false);
  });

  it('lets other errors through', () => {
    expect(isPostgresWriteRace(new Error("Cannot read properties of null (reading 'write')"))).toBe(false);
    expect(isPostgresWriteRace(new TypeError('x is not a function'))).toBe(false);
    expect(isPostgresWriteRace('boom')).toBe(false);
  });
});
