import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { idleBackend, testApp } from '../../test/helpers.ts';

/** A raw connection: what it received, and a promise of its close. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const state = { received: '', closed: false };
  socket.on('data', (chunk: Buffer) => (state.received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      state.closed = true;
      resolve();
    }),
  );
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, state, closed, opened };
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

describe('slow clients', () => {
  it('cuts off half-sent headers and half-sent bodies with 408 / 10002, and caps connections per address', async () => {
    const { app } = await testApp(idleBackend, {
      HEADERS_TIMEOUT_MS: '300',
      REQUEST_TIMEOUT_MS: '600',
      MAX_CONNECTIONS_PER_IP: '3',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    try {
      // Headers that never end.
      const headers = connect(port);
      await headers.opened;
      headers.socket.write('GET /api/v1/menu/ HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      // A body that never comes in full.
      const body = connect(port);
      await body.opened;
      body.socket.write(
        'POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      );
      await headers.closed;
      await body.closed;
      for (const slow of [headers, body]) {
        expect(slow.state.received).toMatch(/^HTTP\/1\.1 408 /);
        expect(bodyOf(slow.state.received)).toMatchObject({ ErrorCode: 10002, Data: null });
      }

      // Three idle connections from one address are let in; a fourth is refused at once.
      const held = [connect(port), connect(port), connect(port)];
      await Promise.all(held.map((c) => c.opened));
      const fourth = connect(port);
      await fourth.closed;
      expect(fourth.state.received).toMatch(/^HTTP\/1\.1 503 /);
      expect(bodyOf(fourth.state.received)).toMatchObject({ ErrorCode: 10015, Data: null });
      expect(held.some((c) => c.state.closed)).toBe(false);
      // Once one closes (the server may learn of it a moment later), a new connection is served.
      held[0]!.socket.destroy();
      await held[0]!.closed;
      let answer = '';
      for (let attempt = 0; attempt < 50 && !answer.startsWith('HTTP/1.1 200 '); attempt++) {
        const next = connect(port);
        next.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
        await next.closed;
        answer = next.state.received;
      }
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      for (const c of held) c.socket.destroy();
    } finally {
      await app.close();
    }
  });
});
