import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, databaseUrl, loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs the embedded platform by default: port 8080, SQLite under ./data, one worker process per core', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(path.basename(config.DATA_DIR)).toBe('data');
    expect(databaseUrl(config)).toBe(`sqlite://${path.join(config.DATA_DIR, 'pixora.sqlite')}`);
    expect(config.WORKERS).toBe(Math.max(1, os.availableParallelism()));
    // Two worker processes scale to two cores where threads did not (decision 0004).
    expect(config.WORKER_ISOLATION).toBe('process');
    expect(config.QUEUE_MAX).toBe(32);
  });

  it('takes settings from the environment', () => {
    const config = loadConfig({ PORT: '9090', WORKERS: '1', WORKER_ISOLATION: 'thread' });
    expect([config.PORT, config.WORKERS, config.WORKER_ISOLATION]).toEqual([9090, 1, 'thread']);
  });

  it('refuses an invalid setting with a message that names it', () => {
    expect(() => loadConfig({ WORKER_ISOLATION: 'fiber' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKER_ISOLATION: 'fiber' })).toThrow(/WORKER_ISOLATION/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
