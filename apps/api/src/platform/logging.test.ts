import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { formatLogLine, logsRequests } from './logging.ts';

describe('log settings', () => {
  it('are short text lines of warnings and errors by default, JSON with LOG_FORMAT=json or LOG_LEVEL=debug', () => {
    expect(loadConfig({}).log).toEqual({ format: 'text', level: 'warn' });
    expect(loadConfig({ LOG_LEVEL: 'info' }).log).toEqual({ format: 'text', level: 'info' });
    expect(loadConfig({ LOG_FORMAT: 'json' }).log).toEqual({ format: 'json', level: 'info' });
    expect(loadConfig({ LOG_LEVEL: 'debug' }).log).toEqual({ format: 'json', level: 'debug' });
    expect(loadConfig({ LOG_LEVEL: 'debug', LOG_FORMAT: 'text' }).log).toEqual({ format: 'text', level: 'debug' });
    expect(() => loadConfig({ LOG_FORMAT: 'pretty' })).toThrow(/LOG_FORMAT/);
    expect(logsRequests({ format: 'text', level: 'info' })).toBe(false);
    expect(logsRequests({ format: 'json', level: 'info' })).toBe(true);
  });
});

describe('a text log line', () => {
  it('is one line a person reads: time, level, message, the error and the request', () => {
    const time = new Date(2026, 10, 25, 9, 5, 7).getTime();
    const line = JSON.stringify({
      level: 50,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'abc-123',
      req: { method: 'POST', url: '/api/brands' },
      err: { type: 'Error', message: 'connection reset', stack: 'Error: connection reset\n    at x' },
      msg: 'request failed',
    });
    expect(formatLogLine(line)).toBe(
      '09:05:07 ERROR request failed: connection reset (POST /api/brands, request abc-123)',
    );
  });

  it('names the component and keeps other context short', () => {
    const line = JSON.stringify({ level: 40, time: 0, component: 'postgres', msg: 'PostgreSQL stopped', code: 'X1' });
    expect(formatLogLine(line)).toMatch(/^\d\d:\d\d:\d\d WARN {2}\[postgres\] PostgreSQL stopped \(code=X1\)$/);
    expect(formatLogLine('not json\n')).toBe('not json');
  });
});
