import {
  ApiError,
  failureFromBody,
  callHeaders,
  removeTokenCookie,
  SESSION_EXPIRED_EVENT,
} from '../../api/http.ts';
import { feedbackOutcome, fileType, type FeedbackOutcome } from './feedbackForm.ts';

/** Uploads and feedback are sent as form data; the shared `request` speaks JSON only. */
async function postForm(path: string, body: FormData, signal?: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      body,
      headers: callHeaders(),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    throw new ApiError(
      {
        kind: 'network',
        status: 0,
        code: null,
        message: error instanceof Error ? error.message : String(error),
      },
      null,
      path,
    );
  }
  const text = await response.text();
  let payload: unknown = null;
  try {
    payload = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    payload = text;
  }
  if (response.status === 401) {
    // The session is over, as for any console call: the account layer tells the visitor.
    removeTokenCookie();
    const message = (payload as { message?: unknown } | null)?.message;
    window.dispatchEvent(
      new CustomEvent(SESSION_EXPIRED_EVENT, {
        detail: { message: typeof message === 'string' ? message : '' },
      }),
    );
  }
  if (!response.ok)
    throw new ApiError(failureFromBody(response.status, payload, response.statusText), payload, path);
  return payload;
}

/** Uploads one attachment with its extension as the type; answers the stored file's key. */
export async function uploadAttachment(file: File, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = (await postForm(
    `/api/v1/upload?type=${encodeURIComponent(fileType(file.name))}`,
    form,
    signal,
  )) as { data?: { key?: unknown } } | null;
  const key = answer?.data?.key;
  if (typeof key !== 'string' || !key) throw new Error('the upload answered no key');
  return key;
}

/** Sends the feedback form; an answer with an error status is read like any other answer. */
export async function sendFeedback(form: FormData): Promise<FeedbackOutcome> {
  try {
    return feedbackOutcome(await postForm('/api/v1/feedback/', form));
  } catch (error) {
    if (error instanceof ApiError && error.body !== null) return feedbackOutcome(error.body);
    return { ok: false, message: null };
  }
}
