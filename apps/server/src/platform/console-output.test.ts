import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { demoCredentialsWarning, prettyLine, startBanner, terminalLanguage } from './console-output.ts';

describe('what the server prints for the person who started it', () => {
  const config = loadConfig({ DATA_DIR: '/srv/pixora', WORKERS: '2' });

  it('says where the site, the API, the database, the workers and the outbox are', () => {
    const banner = startBanner(config, 'http://0.0.0.0:8080', 'en');
    expect(banner).toMatch(/Website +http:\/\/localhost:8080\/\n/);
    expect(banner).toContain('pixora-demo-key / pixora-demo-secret');
    expect(banner).toContain('SQLite /srv/pixora/pixora.sqlite');
    expect(banner).toContain('2 (process)');
    expect(banner).toContain('http://localhost:8080/outbox');
    expect(banner.split('\n').length).toBeLessThan(15);
  });

  it('speaks the language of the shell, never prints a configured secret or a database password', () => {
    const own = loadConfig({
      DEMO_API_SECRET: 'a-private-secret',
      DATABASE_URL: 'postgres://pixora:hunter22@db.internal:5432/pixora',
      SMTP_URL: 'smtp://mail:587',
      SMS_WEBHOOK_URL: 'https://sms.example/send',
    });
    const zh = startBanner(own, 'http://127.0.0.1:9000', 'zh');
    expect(zh).toContain('Pixora AI 开放平台已启动');
    expect(zh).toContain('PostgreSQL db.internal:5432/pixora');
    expect(zh).not.toContain('a-private-secret');
    expect(zh).not.toContain('hunter22');
    expect(zh).not.toContain('/outbox');
    expect(startBanner(own, 'http://127.0.0.1:9000', 'zh_tw')).toContain('資料庫');
    expect(terminalLanguage({ LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(terminalLanguage({ LANG: 'zh_TW.UTF-8' })).toBe('zh_tw');
    expect(terminalLanguage({ LANG: 'C.UTF-8' })).toBe('en');
  });

  it('warns while the published demo credentials are served beyond loopback', () => {
    const warning = demoCredentialsWarning(config, 'en');
    expect(warning).toContain('pixora-demo-key / pixora-demo-secret');
    expect(warning).toContain('0.0.0.0');
    expect(startBanner(config, 'http://0.0.0.0:8080', 'en')).toContain(warning!);
    expect(demoCredentialsWarning(config, 'zh')).toContain('默认凭证');
    expect(demoCredentialsWarning(config, 'zh_tw')).toContain('預設憑證');
    for (const HOST of ['127.0.0.1', 'localhost', '::1'])
      expect(demoCredentialsWarning(loadConfig({ HOST }), 'en'), HOST).toBeUndefined();
    expect(demoCredentialsWarning(loadConfig({ DEMO_API_SECRET: 'a-private-secret' }), 'en')).toBeUndefined();
    expect(demoCredentialsWarning(loadConfig({ DEMO_API_KEY: 'own-demo-key' }), 'en')).toBeUndefined();
    expect(startBanner(loadConfig({ HOST: '127.0.0.1' }), 'http://127.0.0.1:8080', 'en')).not.toContain('!');
  });

  it('turns a JSON log line into a readable one, and leaves other text alone', () => {
    const line = prettyLine(
      JSON.stringify({ level: 30, time: 0, pid: 1, hostname: 'h', msg: 'models loaded', workers: 2 }),
    );
    expect(line).toMatch(/^\d\d:\d\d:\d\d INFO {2}models loaded {2}workers=2$/);
    expect(prettyLine('not json')).toBe('not json');
  });
});
