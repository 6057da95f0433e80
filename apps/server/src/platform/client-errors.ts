import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody, type ErrorCode } from './error-catalogue.ts';

/**
 * Answers requests the HTTP parser refuses before any route sees them (Node's 'clientError'),
 * in the catalogue's body like every other error: 431 for headers over the size limit and 408
 * for a request not received in time, both with the code of their cause, 400 / 10000 for any
 * other malformed request. A reset connection gets nothing. The connection is then closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let code: ErrorCode = 10000;
  let detail = 'malformed HTTP request';
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    detail = 'request headers too large';
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    code = 10002;
    detail = 'request not received in time';
  }
  const body = JSON.stringify(errorBody(new ApiError(code, detail)));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}

/**
 * Errors the router raises before any route runs (a path whose percent-encoding cannot be
 * decoded): 400 / 10000 in the catalogue body, like every other malformed request.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send(errorBody(new ApiError(10000, error.message)));
}
