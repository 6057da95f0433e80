import { describeError } from './errors.ts';
import { isApiError } from './http.ts';

/** A field the server refused, with its message already in the visitor's language. */
export interface FieldError {
  field: string;
  message: string;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The translated `message` of a console error answer, when there is one. */
export function serverMessage(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const message = record(error.body).message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** The field errors of a 30003 answer (`errors: [{ field, rule, message }]`). */
export function fieldErrors(error: unknown): FieldError[] {
  if (!isApiError(error)) return [];
  const errors = record(error.body).errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((entry) => {
    const { field, message } = record(entry);
    return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
  });
}

/**
 * What to tell the visitor about a failed console call: the translated messages of the refused
 * fields, else the server's own translated text, else the error catalogue's message.
 * `null` for a 401, which the session layer announces.
 */
export function consoleErrorText(error: unknown, t: (key: string) => string): string | null {
  if (isApiError(error) && error.status === 401) return null;
  // A refused form names its fields with translated messages; the summary `message` is not for people.
  const fields = fieldErrors(error);
  if (fields.length) return fields.map((field) => field.message).join(' ');
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (!isApiError(error)) return t('errors.status.other');
  return t(describeError(error, 'console').key);
}
