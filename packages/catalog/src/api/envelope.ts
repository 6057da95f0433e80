import { z } from 'zod';

/** The answer envelope of the console API (accounts, console, menu): `{ code: 0, message, data }`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(0), message: z.string(), data });

/** A successful console answer carrying `T`; `message` is already in the visitor's language. */
export type Envelope<T> = z.infer<ReturnType<typeof envelope<z.ZodType<T>>>>;

/**
 * A route's answer that is a file, not JSON (a download): documented as a binary string; the route
 * names its media types with the schema's `produces`. Typed as text or bytes because the route
 * sends either: the server sends a Buffer or a string of a non-JSON type as it is, never through
 * the schema's serializer.
 */
export const fileAnswer = (description: string) =>
  z.string().meta({ format: 'binary', description }) as unknown as z.ZodType<string | Uint8Array>;
