import fs from 'node:fs';
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { registerThroughApi, signInThroughApi } from './account.ts';
import { facePhotos } from './face-photos.ts';

export interface Account {
  email: string;
  password: string;
  phone: string;
  realName: string;
}

/**
 * Signs in (registering first when the account does not exist yet) and agrees to the protocol
 * version in force, as the acceptance dialog would; returns the session token.
 */
export async function readyAccount(request: APIRequestContext, account: Account): Promise<string> {
  let token = await signInThroughApi(request, account.email, account.password);
  if (!token) {
    await registerThroughApi(request, account);
    token = await signInThroughApi(request, account.email, account.password);
  }
  expect(token, `sign-in of ${account.email}`).toBeTruthy();
  const headers = { authorization: `Bearer ${token}` };
  const profile = await request.get('/api/v1/user/profile', { headers });
  const version = ((await profile.json()) as { data: { protocol_version: string } }).data.protocol_version;
  const agreed = await request.post('/api/v1/user/profile', { headers, data: { agreement: version } });
  expect(agreed.status(), await agreed.text()).toBe(200);
  return token!;
}

/** The browser context signed in with `token`, in English. */
export async function useSession(context: BrowserContext, baseURL: string, token: string) {
  await context.clearCookies();
  await context.addCookies([
    { name: 'Admin-Token', value: token, url: baseURL },
    { name: 'language', value: 'en', url: baseURL },
  ]);
}

/** A facepoints call as `curl` would send it (README "Try the API"): the astronaut photo, base64 in JSON. */
export function callFacepoints(request: APIRequestContext, key: string, secret: string) {
  const photo = fs.readFileSync(facePhotos.astronaut).toString('base64');
  return request.post(`/v2/facepoints?api_key=${key}&api_secret=${encodeURIComponent(secret)}`, {
    data: { media_info_list: [{ media_data: photo, media_profiles: { media_data_type: 'jpg' } }] },
  });
}
