import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from './config.ts';
import { ApiError, errorBody } from './error-catalogue.ts';

/**
 * Timeouts against slow clients, as Fastify options: the headers must arrive within
 * HEADERS_TIMEOUT_MS and the whole request within REQUEST_TIMEOUT_MS (else 408 / 10002, see
 * client-errors.ts), a kept-alive connection may idle KEEP_ALIVE_TIMEOUT_MS between requests,
 * and a connection on which no byte moves either way is closed once it has been silent longer
 * than any call may legitimately take (receiving, downloading an image URL, inference).
 * Node checks the first two on a timer: every quarter of the headers timeout (at most 1 s).
 */
export function slowClientOptions(config: Config) {
  return {
    requestTimeout: Math.max(config.REQUEST_TIMEOUT_MS, config.HEADERS_TIMEOUT_MS),
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS + config.URL_FETCH_TIMEOUT_MS + config.INFERENCE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(config.HEADERS_TIMEOUT_MS / 4))),
    },
  };
}

/**
 * Caps the connections one client address holds open at `max` (0: no cap): one more is answered
 * 503 / 10015 in the catalogue body and closed, before any of its bytes is read. The address is
 * the socket's, so behind a reverse proxy it is the proxy's: raise the cap there or set it to 0
 * and cap at the proxy.
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  const body = JSON.stringify(errorBody(new ApiError(10015, 'too many connections from this address')));
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      // Nothing of it is read: the HTTP parser never sees a request to answer a second time.
      socket.pause();
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`,
        () => socket.destroy(),
      );
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
