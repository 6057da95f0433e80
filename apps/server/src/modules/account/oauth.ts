import type { Config } from '../../platform/config.ts';
import { ApiError } from '../../platform/error-catalogue.ts';

export interface ExternalIdentity {
  email: string;
  name: string;
}

/** OAuth 2.0 authorization-code exchange against the configured provider, then its userinfo endpoint. */
export async function exchangeOAuthCode(
  config: Config,
  code: string,
  redirectUrl: string,
): Promise<ExternalIdentity> {
  const {
    OAUTH_TOKEN_URL: tokenUrl,
    OAUTH_USERINFO_URL: userinfoUrl,
    OAUTH_CLIENT_ID: id,
    OAUTH_CLIENT_SECRET: secret,
  } = config;
  if (!tokenUrl || !userinfoUrl || !id || !secret)
    throw new ApiError(30008, 'third-party login is not configured');
  try {
    const tokenRes = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUrl,
        client_id: id,
        client_secret: secret,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const token = (await tokenRes.json()) as { access_token?: string };
    if (!tokenRes.ok || !token.access_token) throw new ApiError(30008, 'code rejected by the provider');
    const infoRes = await fetch(userinfoUrl, {
      headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    const info = (await infoRes.json()) as { email?: string; name?: string };
    if (!infoRes.ok || !info.email) throw new ApiError(30008, 'no e-mail from the provider');
    return { email: info.email.trim().toLowerCase(), name: info.name ?? '' };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(30008, 'provider unreachable');
  }
}
