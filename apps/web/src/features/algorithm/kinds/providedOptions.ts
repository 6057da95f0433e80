/**
 * Provided choices (a contract's `providedChoice`): parameters whose options come from the server
 * at run time (the back office's materials). The menu gives such a control the bundled options
 * and `optionsUrl`; the demo reads that list and offers its options instead, with their names and
 * pictures: every enabled option in the back office's order, uploads included, disabled ones left out.
 */
import { useEffect, useState } from 'react';
import type { DemoControl, Envelope, MaterialOption } from '@pixora/catalog';
import { request } from '../../../api/http.ts';

/**
 * `control` with the options of its list (unchanged while the list loads, or if it fails). It keeps
 * the widget its contract gives: pictures when the bundled options have them (stickers, templates,
 * filter looks), buttons with names when they have none (makeup looks, ID-photo sizes), so a
 * bundled option without a picture is never shown as a missing one.
 */
export function withProvidedOptions(control: DemoControl, options: readonly MaterialOption[] | undefined) {
  if (!options) return control;
  return {
    ...control,
    options: options.map((o) => o.value),
    optionNames: Object.fromEntries(options.map((o) => [o.value, o.name])),
    ...(control.optionPreviews
      ? { optionPreviews: Object.fromEntries(options.map((o) => [o.value, o.preview])) }
      : {}),
  };
}

/** The control as the demo offers it: with its provided options once they are read. */
export function useProvidedOptions(control: DemoControl): DemoControl {
  const url = control.optionsUrl;
  const [options, setOptions] = useState<{ url: string; list: MaterialOption[] }>();
  useEffect(() => {
    if (!url) return;
    const abort = new AbortController();
    request<Envelope<{ options: MaterialOption[] }>>(url, { signal: abort.signal })
      .then((answer) => setOptions({ url, list: answer.data.options }))
      // The bundled options stay offered: the server refuses any that are disabled.
      .catch(() => undefined);
    return () => abort.abort();
  }, [url]);
  return withProvidedOptions(control, options && options.url === url ? options.list : undefined);
}
