import { z } from 'zod';

/** The answer envelope of the console API (accounts, console, menu): `{ code: 0, message, data }`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(0), message: z.string(), data });

/** A successful console answer carrying `T`; `message` is already in the visitor's language. */
export type Envelope<T> = z.infer<ReturnType<typeof envelope<z.ZodType<T>>>>;
