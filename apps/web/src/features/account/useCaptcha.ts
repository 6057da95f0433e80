import { useCallback, useEffect, useRef, useState } from 'react';
import { accountApi, captchaImageUrl } from '../../api/account.ts';

export interface CaptchaState {
  /** The captcha id to send along with the answer; null until one is loaded. */
  id: string | null;
  loading: boolean;
  /** The last attempt to get a captcha failed (rate limit, network). */
  error: unknown;
}

/**
 * A single-use captcha: a new one whenever `active` turns on, and on `refresh`,
 * which forms call after every attempt since the server consumes the captcha either way.
 */
export function useCaptcha(active: boolean) {
  const [state, setState] = useState<CaptchaState>({ id: null, loading: false, error: null });
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const call = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const answer = await accountApi.createCaptcha();
      if (call === latest.current) setState({ id: answer.data.captchaid, loading: false, error: null });
    } catch (error) {
      if (call === latest.current) setState({ id: null, loading: false, error });
    }
  }, []);

  useEffect(() => {
    if (active) void refresh();
  }, [active, refresh]);

  return { ...state, imageUrl: state.id ? captchaImageUrl(state.id) : null, refresh };
}

export type Captcha = ReturnType<typeof useCaptcha>;
