import { createContext, useCallback, useContext, useEffect } from 'react';
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

/**
 * Reports `parameter`, the parameters a demo would send now, to the surrounding DemoCaller each time
 * they change, so the try-it panel's code shows the request as the controls are set, before any
 * call. The demo calls with the same object.
 */
export function useReportedParameters(endpoint: string, parameter: Record<string, unknown>): void {
  const report = useReportParameters();
  // Compared by value: a demo builds a new object on every render.
  const parameterJson = JSON.stringify(parameter);
  useEffect(() => {
    report?.(endpoint, JSON.parse(parameterJson) as Record<string, unknown>);
  }, [report, endpoint, parameterJson]);
}
