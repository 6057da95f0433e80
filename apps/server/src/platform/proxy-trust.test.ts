import { describe, expect, it } from 'vitest';
import { idleBackend as idle, testApp } from '../../test/helpers.ts';
import { ConfigError, loadConfig } from './config.ts';
import { networkAddress, parseProxyTrust, proxyTrustFunction } from './network.ts';

describe('TRUST_PROXY', () => {
  it('reads a hop count, `true` as one hop, or proxy addresses and ranges; refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual({
      kind: 'ranges',
      ranges: '127.0.0.1,10.0.0.0/8,::1',
    });
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.0/8/1', 'proxy.local'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
  });

  it('takes the first untrusted hop from the right as the client', () => {
    const chain = (trust: string, xff: string, peer = '10.0.0.9') => {
      const fn = proxyTrustFunction(parseProxyTrust(trust) as never);
      const addrs = [
        peer,
        ...xff
          .split(',')
          .map((a) => a.trim())
          .reverse(),
      ];
      if (!fn) return peer;
      for (let i = 0; i < addrs.length - 1; i++) if (!fn(addrs[i]!, i)) return addrs[i]!;
      return addrs.at(-1)!;
    };
    expect(chain('1', '127.0.0.1, 8.8.8.8')).toBe('8.8.8.8');
    expect(chain('2', '127.0.0.1, 8.8.8.8')).toBe('127.0.0.1');
    expect(chain('10.0.0.0/8', '127.0.0.1, 8.8.8.8, 10.0.0.3')).toBe('8.8.8.8');
    expect(chain('10.0.0.0/8', '127.0.0.1, 8.8.8.8', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('grants network rights from a forwarded address only through a trusted proxy', () => {
    const req = (peer: string, headers: Record<string, string>, ip = peer) => ({
      ip,
      headers,
      socket: { remoteAddress: peer },
    });
    const ranges = parseProxyTrust('127.0.0.1') as never;
    expect(networkAddress(req('10.0.0.5', {}), ranges)).toBe('10.0.0.5');
    // A client that names another address itself, straight or through a proxy not trusted: nobody.
    expect(networkAddress(req('203.0.113.9', { 'x-forwarded-for': '10.0.0.5' }), ranges)).toBeUndefined();
    expect(networkAddress(req('127.0.0.1', { 'x-real-ip': '10.0.0.5' }), ranges)).toBeUndefined();
    expect(
      networkAddress(req('127.0.0.1', { 'x-forwarded-for': '10.0.0.5' }), { kind: 'none' }),
    ).toBeUndefined();
    expect(networkAddress(req('127.0.0.1', { 'x-forwarded-for': '10.0.0.5' }, '10.0.0.5'), ranges)).toBe(
      '10.0.0.5',
    );
  });
});

describe('behind a reverse proxy', () => {
  const captchas = async (env: Record<string, string>, forwarded: (i: number) => Record<string, string>) => {
    const { app } = await testApp(idle, env);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/user/captcha',
            remoteAddress: '127.0.0.1',
            headers: forwarded(i),
          })
        ).statusCode,
      );
    await app.close();
    return statuses.filter((s) => s === 200).length;
  };

  it('keeps per-IP limits when a client rotates X-Forwarded-For (30 captchas a minute)', async () => {
    // The client writes the left of the header, the proxy appends the address it saw (the same one).
    const rotate = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` });
    expect(await captchas({ TRUST_PROXY: 'true' }, rotate)).toBe(30);
    expect(await captchas({ TRUST_PROXY: '127.0.0.1' }, rotate)).toBe(30);
    expect(await captchas({}, rotate)).toBe(30);
  });

  it('tells visitors apart by the address the trusted proxy saw', async () => {
    const visitors = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i % 2}` });
    expect(await captchas({ TRUST_PROXY: '1' }, visitors)).toBe(40);
  });

  it('never opens the outbox to a forwarded request, whatever address it names', async () => {
    for (const TRUST_PROXY of ['true', '127.0.0.1', 'false']) {
      const { app } = await testApp(idle, { TRUST_PROXY });
      const outbox = (headers: Record<string, string>) =>
        app.inject({ url: '/api/v1/dev/outbox', remoteAddress: '127.0.0.1', headers });
      expect((await outbox({})).statusCode).toBe(200);
      for (const headers of [
        { 'x-forwarded-for': '127.0.0.1, 8.8.8.8' } as Record<string, string>,
        { 'x-forwarded-for': '127.0.0.1' },
        { forwarded: 'for=127.0.0.1' },
        { 'x-real-ip': '127.0.0.1' },
      ])
        expect((await outbox(headers)).statusCode, `${TRUST_PROXY} ${JSON.stringify(headers)}`).toBe(404);
      await app.close();
    }
  });

  it('lets the internal network in only when the trusted proxy resolves a client inside it', async () => {
    const env = { INTERNAL_NETWORKS: '10.0.0.0/8' };
    const probe = async (trust: string, peer: string, headers: Record<string, string>) => {
      const { app } = await testApp(idle, { ...env, TRUST_PROXY: trust });
      const res = await app.inject({ url: '/api/v1/user/checkOa', remoteAddress: peer, headers });
      await app.close();
      return res.json().data.code === 'IN';
    };
    expect(await probe('false', '10.1.1.1', {})).toBe(true);
    expect(await probe('false', '127.0.0.1', { 'x-forwarded-for': '10.1.1.1' })).toBe(false);
    expect(await probe('true', '127.0.0.1', { 'x-forwarded-for': '10.1.1.1' })).toBe(true);
    expect(await probe('true', '127.0.0.1', { 'x-forwarded-for': '10.1.1.1, 8.8.8.8' })).toBe(false);
    expect(await probe('127.0.0.1', '203.0.113.9', { 'x-forwarded-for': '10.1.1.1' })).toBe(false);
    expect(await probe('127.0.0.1', '127.0.0.1', { 'x-forwarded-for': '10.1.1.1' })).toBe(true);
  });
});
