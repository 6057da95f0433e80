/**
 * The ready-to-run shell example of a gateway call, shared by the API reference, the console and
 * the README's test. The photo goes into a request body file, never onto the command line: a
 * command line holding a photo's base64 fails with "Argument list too long" above ~96 KB. The
 * sample photos are downloaded from the platform itself, so the commands run as they are.
 */
export interface CurlExample {
  /** Where the platform answers (`http://localhost:8080`). */
  origin: string;
  /** Gateway endpoint without a leading slash (`v2/facepoints`). */
  endpoint: string;
  /** One sample photo per image: a file name under /samples/ (`astronaut.jpg` or `/samples/astronaut.jpg`). */
  samples: readonly string[];
  /** Credentials put in the query (default: the local demo app's). */
  key?: string;
  secret?: string;
}

export function curlExample({
  origin,
  endpoint,
  samples,
  key = 'pixora-demo-key',
  secret = 'pixora-demo-secret',
}: CurlExample): string {
  const files = samples.map((_, i) => (samples.length === 1 ? 'photo.jpg' : `photo${i + 1}.jpg`));
  const media = files
    .map(
      (file, i) =>
        `${i === 0 ? '' : "printf ','; "}printf '{"media_data":"'; base64 -w0 ${file}; printf '","media_profiles":{"media_data_type":"jpg"}}'`,
    )
    .join('; ');
  return [
    ...samples.map(
      (sample, i) => `curl -s -o ${files[i]} ${origin}/samples/${sample.replace(/^\/?samples\//, '')}`,
    ),
    `{ printf '{"media_info_list":['; ${media}; printf ']}'; } > body.json`,
    `curl -s "${origin}/${endpoint}?api_key=${key}&api_secret=${encodeURIComponent(secret)}" \\`,
    "  -H 'Content-Type: application/json' --data-binary @body.json",
  ].join('\n');
}
