/**
 * The address a message of the work-account QR frame asks the browser to open: a
 * message from the work-login origin names the return address with the login code. Only an
 * address on the origin the provider was told to come back to is followed, so the frame cannot
 * send the visitor to another site.
 */
export function qrMessageTarget(
  message: { origin: string; data: unknown },
  frame: { origin: string; redirect_uri: string },
): string | null {
  if (message.origin !== frame.origin || typeof message.data !== 'string') return null;
  try {
    const target = new URL(message.data);
    return target.origin === new URL(frame.redirect_uri).origin ? target.toString() : null;
  } catch {
    return null;
  }
}

/** The browser's navigation, one place that tests can watch (jsdom does not navigate). */
export const browserLocation = {
  assign: (url: string) => window.location.assign(url),
};
