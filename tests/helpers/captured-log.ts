// What the server logged, for a test that checks it (src/server/platform/log.ts): a test file replaces the
// logger with this one, which keeps each line (its level, message, fields and the id of the request
// it was logged under) instead of writing it:
//
//   vi.mock('../../src/server/platform/log.ts', async (real) =>
//     (await import('../helpers/captured-log.ts')).capturingLog(await real()));
//
// Only the logger is replaced; withRequestId and the request ids stay the real ones.
type LogModule = typeof import('../../src/server/platform/log.ts');

export interface LogLine {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug';
  msg: string;
  fields: Record<string, unknown>;
  /** The request it was logged under (route()), if any. */
  requestId: string | undefined;
}

/** Every line logged since the test file started; a test may empty it. */
export const logLines: LogLine[] = [];

export function capturingLog(real: LogModule): LogModule {
  const at =
    (level: LogLine['level']) =>
    (fieldsOrMsg: Record<string, unknown> | string, msg?: string): void => {
      const plain = typeof fieldsOrMsg === 'string';
      logLines.push({
        level,
        msg: plain ? fieldsOrMsg : (msg ?? ''),
        fields: plain ? {} : fieldsOrMsg,
        requestId: real.currentRequestId(),
      });
    };
  const logger = {
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
  };
  return { ...real, log: () => logger as unknown as ReturnType<LogModule['log']> };
}
