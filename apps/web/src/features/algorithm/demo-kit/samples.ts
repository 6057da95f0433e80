import { useQuery } from '@tanstack/react-query';

/** A sample photo shipped in `public/samples/` (see its LICENSES.md). */
export interface Sample {
  file: string;
  titleKey: string;
  licence: 'publicDomain' | 'cc0' | 'apacheBsd' | 'mit';
  author: string;
  source: string;
}

export const SAMPLES_BASE = '/samples/';
export const samplePath = (sample: Sample) => `${SAMPLES_BASE}${sample.file}`;
/** The small copy shown in the pickers (scripts/sample-thumbs.mjs); the demo sends `samplePath`. */
export const sampleThumbPath = (sample: Sample) => `${SAMPLES_BASE}thumbs/${sample.file}`;

async function fetchSamples(): Promise<Sample[]> {
  const response = await fetch(`${SAMPLES_BASE}samples.json`);
  if (!response.ok) throw new Error(`samples: ${response.status}`);
  return (await response.json()) as Sample[];
}

/**
 * The samples of a demo: those the menu entry names first (Extension.sampleFigure), then the
 * other bundled photos.
 */
export function useSamples(preferred: readonly string[] = []) {
  return useQuery({
    queryKey: ['samples'],
    queryFn: fetchSamples,
    staleTime: Infinity,
    select: (samples) =>
      [...samples].sort((a, b) => rank(preferred, samplePath(a)) - rank(preferred, samplePath(b))),
  });
}

function rank(preferred: readonly string[], path: string): number {
  const index = preferred.indexOf(path);
  return index < 0 ? preferred.length : index;
}
