// The real logger's lines (src/server/platform/log.ts), read from a child process's stderr: a line
// logged while a request is served carries its id; one logged outside, or by work the request
// started for everyone (outsideRequest), does not. Other tests replace the logger
// (tests/helpers/captured-log.ts); this one checks the JSON pino itself writes.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

const SCRIPT = `
import { log, outsideRequest, withRequestId } from './src/server/platform/log.ts';
log().info('before');
await withRequestId('req-1', async () => {
  log().info('first');
  await new Promise((resolve) => setTimeout(resolve, 5));
  log().warn({ detail: 7 }, 'second');
  outsideRequest(() => log().info('for everyone'));
});
withRequestId('req-2', () => undefined);
log().info('after');
`;

describe('log()', () => {
  it('writes one JSON line an event, with the id of the request it was logged under', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(child.status).toBe(0);
    const lines = child.stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map(({ msg, requestId, level }) => ({ msg, requestId, level }))).toEqual([
      { msg: 'before', requestId: undefined, level: 'info' },
      { msg: 'first', requestId: 'req-1', level: 'info' },
      { msg: 'second', requestId: 'req-1', level: 'warn' },
      { msg: 'for everyone', requestId: undefined, level: 'info' },
      { msg: 'after', requestId: undefined, level: 'info' },
    ]);
    expect(lines[2]).toMatchObject({ detail: 7 });
    expect(typeof lines[0]!['time']).toBe('string');
  });
});
