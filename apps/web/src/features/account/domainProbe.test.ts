import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DOMAIN_KEY,
  detectDomain,
  ensureDomainChecked,
  probeReachable,
  resetSessionForTests,
  session,
} from './session.ts';

/** A local HTTP server standing for the probe target: `/ping` answers, `/hang` never does. */
let server: http.Server;
let origin = '';
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/hang') return; // no answer: the probe times out
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionForTests();
});

/** The first probe answers `checkOa`; every other address goes to the network. */
function firstProbe(data: object) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).startsWith('/api/v1/user/checkOa')
      ? Promise.resolve(new Response(JSON.stringify({ code: 0, message: 'ok', data }), { status: 200 }))
      : realFetch(input, init),
  );
}

describe('the domain check', () => {
  it('counts a reply of the probe target as reachable, and an error or silence as not', async () => {
    expect(await probeReachable(`${origin}/ping`, 2000, realFetch)).toBe(true);
    expect(await probeReachable(`${origin}/hang`, 200, realFetch)).toBe(false);
    expect(await probeReachable('http://127.0.0.1:1/ping', 2000, realFetch)).toBe(false);
  });

  it('is IN on a code of the first probe, else as the second probe decides, else OUT', async () => {
    firstProbe({ code: 'IN' });
    expect(await detectDomain(realFetch)).toBe('IN');
    firstProbe({ probe: `${origin}/ping`, probe_timeout_ms: 2000 });
    expect(await detectDomain(realFetch)).toBe('IN');
    firstProbe({ probe: `${origin}/hang`, probe_timeout_ms: 200 });
    expect(await detectDomain(realFetch)).toBe('OUT');
    firstProbe({});
    expect(await detectDomain(realFetch)).toBe('OUT');
  });

  it('runs once per browser session: the result is kept in session storage', async () => {
    firstProbe({ probe: `${origin}/ping`, probe_timeout_ms: 2000 });
    await ensureDomainChecked();
    expect(session.get()).toMatchObject({ domain: 'IN', domainChecked: true });
    expect(sessionStorage.getItem(DOMAIN_KEY)).toBe('IN');

    // A later page load of the same tab reads the kept result without asking the probes again.
    const kept = sessionStorage.getItem(DOMAIN_KEY)!;
    resetSessionForTests();
    sessionStorage.setItem(DOMAIN_KEY, kept);
    const asked = vi.fn(() => Promise.reject(new Error('no probe expected')));
    vi.stubGlobal('fetch', asked);
    await ensureDomainChecked();
    expect(session.get()).toMatchObject({ domain: 'IN', domainChecked: true });
    expect(asked).not.toHaveBeenCalled();
  });
});
