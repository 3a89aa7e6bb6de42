import pino from 'pino';
import { continueTrace, createLogger, inTrace, type LogDestination } from '../src';
import { isoTimePerMillisecond } from '../src/logger';

describe('isoTimePerMillisecond', () => {
  it("gives pino's isoTime text for each millisecond, made once per millisecond", () => {
    let now = Date.UTC(2026, 10, 29, 10, 50, 1, 234);
    const time = isoTimePerMillisecond(() => now);
    const realNow = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const first = time();
      expect(first).toBe(pino.stdTimeFunctions.isoTime());
      expect(first).toBe(',"time":"2026-11-29T10:50:01.234Z"');
      // The same millisecond: the same text.
      expect(time()).toBe(first);
      now += 1;
      expect(time()).toBe(pino.stdTimeFunctions.isoTime());
      expect(time()).toBe(',"time":"2026-11-29T10:50:01.235Z"');
    } finally {
      realNow.mockRestore();
    }
  });
});

describe('createLogger', () => {
  it("writes the time as pino's isoTime does: an ISO 8601 string in UTC, to the millisecond", () => {
    const lines: string[] = [];
    const destination: LogDestination = { write: (text: string) => void lines.push(text) };
    const before = Date.now();
    createLogger('test', 'info', destination).info({ path: '/x' }, 'request');
    const after = Date.now();
    expect(lines[0]).toMatch(
      /^\{"level":30,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z","service":"test"/,
    );
    const time = Date.parse((JSON.parse(lines[0]) as { time: string }).time);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(after);
  });
});

describe("createLogger's trace id", () => {
  it('adds the trace in progress first, and writes a line outside any trace as it is, the fields left alone', () => {
    const lines: string[] = [];
    const logger = createLogger('test', 'info', { write: (text: string) => void lines.push(text) });
    const fields = { requestId: 'r-1', path: '/x' };
    const trace = continueTrace(undefined);
    inTrace(trace, () => logger.info(fields, 'inside'));
    logger.info(fields, 'outside');
    const [inside, outside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(inside)).toEqual([
      'level',
      'time',
      'service',
      'name',
      'traceId',
      'requestId',
      'path',
      'msg',
    ]);
    expect(inside.traceId).toBe(trace.traceId);
    expect(Object.keys(outside)).toEqual(['level', 'time', 'service', 'name', 'requestId', 'path', 'msg']);
    expect(fields).toEqual({ requestId: 'r-1', path: '/x' });
  });
});
