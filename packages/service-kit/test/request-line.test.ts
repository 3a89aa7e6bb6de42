import { createLogger, requestMs, writeRequestLine, type LogDestination } from '../src';

/** A logger at debug level whose lines are kept, parsed. */
function keptLogger(): { logger: ReturnType<typeof createLogger>; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const destination: LogDestination = {
    write: (text: string) => void lines.push(JSON.parse(text) as Record<string, unknown>),
  };
  return { logger: createLogger('test', 'debug', destination), lines };
}

// pino's numeric levels.
const DEBUG = 20;
const INFO = 30;
const ERROR = 50;

describe('writeRequestLine', () => {
  it('logs 5xx as errors, the probes at debug and everything else at info, with the fields given', () => {
    const { logger, lines } = keptLogger();
    const line = { method: 'GET', path: '/api/posts', ms: 1.2, requestId: 'r-1', upstream: undefined };
    writeRequestLine(logger, { ...line, status: 200 });
    writeRequestLine(logger, { ...line, status: 404 });
    writeRequestLine(logger, { ...line, status: 500 });
    writeRequestLine(logger, { ...line, status: 503 });
    writeRequestLine(logger, { ...line, path: '/health', status: 200 });
    writeRequestLine(logger, { ...line, path: '/metrics', status: 200 });
    writeRequestLine(logger, { ...line, path: '/ready', status: 503 });

    expect(lines.map((entry) => [entry.path, entry.status, entry.level])).toEqual([
      ['/api/posts', 200, INFO],
      ['/api/posts', 404, INFO],
      ['/api/posts', 500, ERROR],
      ['/api/posts', 503, ERROR],
      ['/health', 200, DEBUG],
      ['/metrics', 200, DEBUG],
      ['/ready', 503, ERROR],
    ]);
    expect(lines[0]).toMatchObject({ msg: 'request', method: 'GET', ms: 1.2, requestId: 'r-1' });
    expect(lines[0]).not.toHaveProperty('upstream');
  });

  it('gives durations to a tenth of a millisecond', () => {
    expect(requestMs(1.26)).toBe(1.3);
    expect(requestMs(0.04)).toBe(0);
    expect(requestMs(12.345)).toBe(12.3);
  });
});
