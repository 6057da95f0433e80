/**
 * The work-account QR-code login of the internal network (spec point 3: appid, agentid,
 * redirect_uri, state, login_type, optional style and href), configured at build time:
 * VITE_WORK_QR_URL (the provider's QR page), VITE_WORK_QR_APPID, VITE_WORK_QR_AGENTID,
 * VITE_WORK_QR_REDIRECT_URI, VITE_WORK_QR_STATE, VITE_WORK_QR_LOGIN_TYPE, VITE_WORK_QR_STYLE,
 * VITE_WORK_QR_HREF.
 */
export interface WorkQrConfig {
  url?: string;
  appid?: string;
  agentid?: string;
  redirectUri?: string;
  state?: string;
  loginType?: string;
  style?: string;
  href?: string;
}

export const workQrConfig: WorkQrConfig = {
  url: import.meta.env.VITE_WORK_QR_URL,
  appid: import.meta.env.VITE_WORK_QR_APPID,
  agentid: import.meta.env.VITE_WORK_QR_AGENTID,
  redirectUri: import.meta.env.VITE_WORK_QR_REDIRECT_URI,
  state: import.meta.env.VITE_WORK_QR_STATE,
  loginType: import.meta.env.VITE_WORK_QR_LOGIN_TYPE,
  style: import.meta.env.VITE_WORK_QR_STYLE,
  href: import.meta.env.VITE_WORK_QR_HREF,
};

/** The address of the QR frame, or null when the login is not configured. */
export function workQrFrame(config: WorkQrConfig): { src: string; origin: string } | null {
  if (!config.url || !config.appid || !config.agentid || !config.redirectUri) return null;
  let url: URL;
  try {
    url = new URL(config.url);
  } catch {
    return null;
  }
  const params: Array<[string, string | undefined]> = [
    ['appid', config.appid],
    ['agentid', config.agentid],
    ['redirect_uri', config.redirectUri],
    ['state', config.state],
    ['login_type', config.loginType],
    ['style', config.style],
    ['href', config.href],
  ];
  for (const [key, value] of params) if (value) url.searchParams.set(key, value);
  return { src: url.toString(), origin: url.origin };
}

/** The address a message from the QR frame asks the browser to open, if it is one. */
export function qrMessageTarget(data: unknown): string | null {
  if (typeof data !== 'string') return null;
  try {
    const url = new URL(data);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
