import { canAccess, parseRoles } from '@pixora/catalog';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/error-catalogue.ts';
import type { AccountService, User } from './account.service.ts';

export const TOKEN_COOKIE = 'Admin-Token';

/** The session token: a bearer Authorization header, else the Admin-Token cookie. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[TOKEN_COOKIE] || undefined;
}

export async function requireUser(accounts: AccountService, request: FastifyRequest): Promise<User> {
  const user = await accounts.userForToken(sessionToken(request));
  if (!user) throw new ApiError(30006);
  return user;
}

/** Signed in and holding one of `roles` (admins hold every role). */
export async function requireRoles(
  accounts: AccountService,
  request: FastifyRequest,
  roles: readonly string[],
) {
  const user = await requireUser(accounts, request);
  if (!canAccess(parseRoles(user.role_permissions), roles)) throw new ApiError(30007);
  return user;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  ttlHours: number,
) {
  // Readable by the page on purpose: the web client sends it back as a bearer token.
  reply.setCookie(TOKEN_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: ttlHours * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(TOKEN_COOKIE, { path: '/' });
}
