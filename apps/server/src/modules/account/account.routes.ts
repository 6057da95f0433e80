import { unreadCount } from '../messages/messages.service.ts';
import { adminUserList, envelope, outboxList, parseRoles, ROLES } from '@pixora/catalog';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { requestLanguage, translate, type MessageKey } from '../../platform/messages.ts';
import type { AccountService, RequestInfo, User } from './account.service.ts';
import { clearSessionCookie, requireRoles, requireUser, sessionToken, setSessionCookie } from './auth.ts';
import { inNetworks, isForwarded, LOOPBACK, networkAddress } from '../../platform/network.ts';
import {
  authorizeUrl,
  decodeRedirectUrl,
  exchangeOAuthCode,
  loginState,
  OAUTH_STATE_COOKIE,
  oauthConfigured,
  returnAddress,
  workQrFrame,
} from './oauth.ts';

const form = z.record(z.string(), z.unknown()).default({});
const str = (v: unknown) =>
  typeof v === 'string' ? v : v === undefined || v === null ? undefined : String(v);
const strings = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).map(([k, v]) => [k, str(v)])) as Record<string, string | undefined>;

/** The profile as the contract names its fields. */
export function profileOf(user: User) {
  return {
    Addr: user.addr,
    BusinessId: user.business_id,
    Company: user.company,
    CreatedAt: user.created_at,
    LocationId: user.location_id,
    RealName: user.real_name,
    UpdatedAt: user.updated_at,
    agreement: user.agreement,
    Email: user.email,
    Phone: user.phone,
    Industry: user.industry,
    CompanySize: user.company_size,
  };
}

export const userRecord = (user: User) => ({
  Id: user.id,
  Username: user.username,
  RolePermissions: user.role_permissions,
});

export const accountRoutes =
  (ctx: AppContext, accounts: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    // Without an SMS gateway, codes land in the local outbox: the notice says where. (The web's
    // mail notice adds the outbox link itself when mail stays local.)
    const codeSent: MessageKey = ctx.config.SMS_WEBHOOK_URL ? 'codeSent' : 'codeSentOutbox';
    const info = (request: FastifyRequest): RequestInfo => ({
      ip: request.ip,
      language: requestLanguage(request),
      origin: `${request.protocol}://${request.host}`,
    });
    const ok = <T = object>(request: FastifyRequest, key: MessageKey, data: T = {} as T) => ({
      code: 0 as const,
      message: translate(key, requestLanguage(request)),
      data,
    });
    const tags = ['account'];
    // Judged by an address the server can believe: never one a client forwarded past an untrusted proxy.
    const internal = (request: FastifyRequest) =>
      inNetworks(networkAddress(request, ctx.config.TRUST_PROXY) ?? '', ctx.config.INTERNAL_NETWORKS);
    // OA and QR-code login belong to the internal network.
    const requireInternal = (request: FastifyRequest) => {
      if (!internal(request)) throw new ApiError(30007, 'only on the internal network');
    };

    app.post('/api/v1/user/captcha', { schema: { tags, summary: 'New captcha' } }, async (request) =>
      ok(request, 'ok', { captchaid: await accounts.createCaptcha(request.ip) }),
    );

    app.get(
      '/api/v1/user/captcha/:id',
      { schema: { tags, summary: 'Captcha image', params: z.object({ id: z.string().max(64) }) } },
      async (request, reply) => {
        const svg = await accounts.captchaImage(request.params.id);
        if (!svg) throw new ApiError(30001);
        return reply.header('content-type', 'image/svg+xml').header('cache-control', 'no-store').send(svg);
      },
    );

    app.post(
      '/api/v1/user/signin',
      { schema: { tags, summary: 'Sign in', body: form } },
      async (request, reply) => {
        const { token } = await accounts.signin(strings(request.body), info(request));
        setSessionCookie(request, reply, token, ctx.config.SESSION_TTL_HOURS);
        return ok(request, 'loginSuccess', { token });
      },
    );

    const signout = async (request: FastifyRequest, reply: FastifyReply) => {
      const token = sessionToken(request);
      if (token) await accounts.revokeSession(token);
      clearSessionCookie(reply);
      return ok(request, 'ok');
    };
    // Sign-out is a POST (the origin check covers it). The GET of the contract is kept for clients
    // that send the token as a bearer header, which a page of another site cannot do; a GET carried
    // by the cookie alone could be an image on any page signing visitors out, so it is refused.
    app.post('/api/v1/user/signout', { schema: { tags, summary: 'Sign out' } }, signout);
    app.get(
      '/api/v1/user/signout',
      { schema: { tags, summary: 'Sign out (bearer token only; browsers POST)' } },
      async (request, reply) => {
        if (!request.headers.authorization?.toLowerCase().startsWith('bearer '))
          throw new ApiError(30007, 'sign out with POST');
        return signout(request, reply);
      },
    );

    app.get(
      '/api/v1/user/profile',
      { schema: { tags, summary: 'Profile of the signed-in user' } },
      async (request) => {
        const user = await requireUser(accounts, request);
        return ok(request, 'ok', {
          profile: profileOf(user),
          user: userRecord(user),
          protocol_version: await accounts.protocolVersion(),
          // The session's unread count: the top bar shows it next to the user menu.
          unread_count: await unreadCount(ctx.db.kysely, user.id),
        });
      },
    );

    app.post(
      '/api/v1/user/profile',
      { schema: { tags, summary: 'Update the profile', body: form } },
      async (request) => {
        const user = await requireUser(accounts, request);
        const updated = await accounts.updateProfile(user, request.body);
        return ok(request, 'saved', { profile: profileOf(updated), user: userRecord(updated) });
      },
    );

    app.post(
      '/api/v1/user/register/step1',
      { schema: { tags, summary: 'Registration: send the mail', body: form } },
      async (request) => {
        await accounts.registerStep1(strings(request.body), info(request));
        return ok(request, 'mailSent');
      },
    );

    app.get(
      '/api/v1/user/register/check',
      {
        schema: {
          tags,
          summary: 'Is a registration link still valid',
          querystring: z.object({ token: z.string(), email: z.string() }),
        },
      },
      async (request) =>
        ok(request, 'ok', {
          valid: await accounts.checkEmailToken('register', request.query.email, request.query.token),
        }),
    );

    app.post(
      '/api/v1/user/register/step2',
      { schema: { tags, summary: 'Registration: complete the form', body: form } },
      async (request) => {
        await accounts.registerStep2(strings(request.body), info(request));
        return ok(request, 'registerSuccess');
      },
    );

    app.post(
      '/api/v1/user/resetPwd/step1',
      { schema: { tags, summary: 'Password reset: send the mail', body: form } },
      async (request) => {
        await accounts.resetStep1(strings(request.body), info(request));
        return ok(request, 'mailSent');
      },
    );

    app.post(
      '/api/v1/user/resetPwd/step2',
      { schema: { tags, summary: 'Password reset: set the new password', body: form } },
      async (request) => {
        await accounts.resetStep2(strings(request.body), info(request));
        return ok(request, 'passwordChanged');
      },
    );

    app.get(
      '/api/v1/user/send_phone_code',
      {
        schema: {
          tags,
          summary: 'Send an SMS verification code',
          querystring: z.looseObject({ phone: z.string().optional(), region: z.string().optional() }),
        },
      },
      async (request) => {
        await accounts.sendPhoneCode(request.query, info(request));
        return ok(request, codeSent);
      },
    );

    app.get(
      '/api/v1/user/registration_options',
      {
        schema: {
          tags,
          summary:
            'What registration asks here: the phone regions offered, whether the company step is required',
        },
      },
      async (request) => ok(request, 'ok', accounts.registrationOptions()),
    );

    app.get(
      '/api/v1/user/checkOa',
      { schema: { tags, summary: 'Internal-network probe' } },
      // Without a code the answer names the second probe (DOMAIN_PROBE_URL) when one is configured:
      // the browser asks it and a reply means IN (an address reachable from the internal network only).
      async (request) =>
        ok(
          request,
          'ok',
          internal(request)
            ? { code: 'IN' }
            : ctx.config.DOMAIN_PROBE_URL
              ? { probe: ctx.config.DOMAIN_PROBE_URL, probe_timeout_ms: ctx.config.DOMAIN_PROBE_TIMEOUT_MS }
              : {},
        ),
    );

    app.get(
      '/api/v1/user/internalLogin',
      { schema: { tags, summary: 'OA and work-account QR login of the internal network' } },
      async (request, reply) => {
        requireInternal(request);
        const qr = workQrFrame(request, ctx.config, loginState(request, reply));
        return ok(request, 'ok', { oa: oauthConfigured(ctx.config), qr });
      },
    );

    app.get(
      '/api/v1/user/oauth/authorize',
      {
        schema: {
          tags,
          summary: 'Start third-party (OA) login',
          querystring: z.object({ redirect_url: z.string().optional() }),
        },
      },
      async (request, reply) => {
        requireInternal(request);
        const redirectUri = returnAddress(request, ctx.config, request.query.redirect_url);
        return reply.redirect(authorizeUrl(ctx.config, loginState(request, reply), redirectUri));
      },
    );

    app.post(
      '/api/v1/user/token',
      { schema: { tags, summary: 'Exchange a third-party login code', body: form } },
      async (request, reply) => {
        requireInternal(request);
        const body = strings(request.body);
        const expected = request.cookies[OAUTH_STATE_COOKIE];
        if (!body.code || !body.state || !expected || body.state !== expected)
          throw new ApiError(30008, 'state mismatch');
        // A state serves one login.
        reply.clearCookie(OAUTH_STATE_COOKIE, { path: '/' });
        const identity = await exchangeOAuthCode(
          ctx.config,
          body.code,
          decodeRedirectUrl(body.redirect_url ?? ''),
        );
        const user = await accounts.userForExternalIdentity(identity);
        const token = await accounts.createSession(user.id, request.ip);
        setSessionCookie(request, reply, token, ctx.config.SESSION_TTL_HOURS);
        return ok(request, 'loginSuccess', { token });
      },
    );

    // Administration: user roles and the protocol version in force.
    app.get(
      '/api/v1/admin/users',
      { schema: { tags: ['admin'], summary: 'Users and roles', response: { 200: envelope(adminUserList) } } },
      async (request) => {
        await requireRoles(accounts, request, ['admin']);
        const users = await ctx.db.kysely
          .selectFrom('users')
          .select(['id', 'email', 'real_name', 'role_permissions', 'created_at'])
          .orderBy('id')
          .execute();
        return ok(request, 'ok', { users });
      },
    );

    app.post(
      '/api/v1/admin/users/:id/roles',
      {
        schema: {
          tags: ['admin'],
          summary: 'Set the roles of a user',
          params: z.object({ id: z.coerce.number().int() }),
          body: z.object({ roles: z.array(z.enum(ROLES)) }),
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, ['admin']);
        const roles = request.body.roles.join(',');
        // A role change is a back-office write: stored with its audit entry (before and after), or not at all.
        await ctx.db.kysely.transaction().execute(async (trx) => {
          const user = await trx
            .selectFrom('users')
            .select(['id', 'role_permissions'])
            .where('id', '=', request.params.id)
            .executeTakeFirst();
          if (!user) throw new ApiError(21017, `user ${request.params.id}`);
          await trx.updateTable('users').set({ role_permissions: roles }).where('id', '=', user.id).execute();
          await recordAudit(trx, actor, {
            action: 'user.roles',
            targetType: 'user',
            targetId: user.id,
            before: { roles: parseRoles(user.role_permissions) },
            after: { roles: parseRoles(roles) },
          });
        });
        return ok(request, 'saved');
      },
    );

    app.put(
      '/api/v1/admin/protocol-version',
      {
        schema: {
          tags: ['admin'],
          summary: 'Set the protocol version in force',
          body: z.object({ version: z.string().regex(/^\d{10}$/) }),
          response: { 200: envelope(z.object({ protocol_version: z.string() })) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, ['admin']);
        const before = await accounts.protocolVersion();
        await accounts.setProtocolVersion(request.body.version);
        await recordAudit(ctx.db.kysely, actor, {
          action: 'protocol.version',
          targetType: 'setting',
          targetId: 'protocol_version',
          before: { version: before },
          after: { version: request.body.version },
        });
        return ok(request, 'saved', { protocol_version: request.body.version });
      },
    );

    // The local outbox exists only while mail or SMS stay on this machine (no SMTP server or SMS
    // gateway). It holds registration and reset links and SMS codes, so it answers only a request
    // straight from this machine (a loopback peer and no forwarding header: behind a reverse proxy
    // on the same host every visitor arrives from loopback, with the proxy's headers) or a signed-in
    // admin. Anyone else gets the same 404 as when it does not exist.
    const mayReadOutbox = async (request: FastifyRequest) => {
      const peer = request.socket.remoteAddress ?? '';
      if (inNetworks(peer, LOOPBACK) && !isForwarded(request.headers)) return true;
      const user = await accounts.userForToken(sessionToken(request));
      return !!user && parseRoles(user.role_permissions).includes('admin');
    };
    if (ctx.mailer.local || ctx.sms.local) {
      app.get(
        '/api/v1/dev/outbox',
        {
          schema: {
            tags: ['operations'],
            summary: 'Local outbox of mail and SMS',
            response: { 200: envelope(outboxList) },
          },
        },
        async (request, reply) => {
          if (!(await mayReadOutbox(request))) return reply.callNotFound();
          const messages = await ctx.db.kysely
            .selectFrom('outbox')
            .selectAll()
            .orderBy('id', 'desc')
            .limit(100)
            .execute();
          return ok(request, 'ok', { messages });
        },
      );
    }
  };
