import { createContext, useCallback, useContext } from 'react';
import { callAlgorithm, type MediaInput } from '../../../api/gateway.ts';

/**
 * Who a demo calls as, and who listens to its calls. On capability pages: the website's demo grant.
 * In the docs centre's try-it panel: the app the signed-in developer picked (`app`), and the panel
 * hears each call's parameters (`onParameters`) to show the same request as code.
 */
export interface DemoCaller {
  app: number | null;
  onParameters?: ((endpoint: string, parameter: Record<string, unknown>) => void) | undefined;
}

export const DemoCallerContext = createContext<DemoCaller>({ app: null });

type CallOptions = Parameters<typeof callAlgorithm>[2];

/** `callAlgorithm` as the surrounding DemoCaller says: as its app, telling its listener the parameters. */
export function useCallAlgorithm() {
  const { app, onParameters } = useContext(DemoCallerContext);
  return useCallback(
    <T>(endpoint: string, media: MediaInput[], options: CallOptions = {}): Promise<T> => {
      onParameters?.(endpoint, options?.parameter ?? {});
      return callAlgorithm<T>(endpoint, media, { ...options, app });
    },
    [app, onParameters],
  );
}

/** Tells the surrounding DemoCaller a demo's current parameters (before any call), for its code view. */
export function useReportParameters() {
  return useContext(DemoCallerContext).onParameters;
}
