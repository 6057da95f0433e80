import fs from 'node:fs/promises';
import path from 'node:path';
import { producesImages } from '@pixora/catalog';
import type { AppContext } from '../../platform/context.ts';
import { bindings } from '../gateway/bindings.ts';

/** One before/after pair: the sample photo as the site serves it, and the platform's own result. */
export interface EffectExample {
  /** The sample photo, `/samples/<name>`. */
  before: string;
  /** The capability's answer on it with default parameters, `/api/v1/effect/image/<file>`. */
  after: string;
}

/** What the gallery knows of a capability: its examples, or why there are none (yet). */
export interface EffectView {
  id: number;
  /** `ready` with examples; `pending` while they are being made; `none` for capabilities without a result image. */
  status: 'ready' | 'pending' | 'none';
  effects: EffectExample[];
}

interface ManifestEntry extends EffectExample {
  /** The sample file's size and time, so that a changed sample photo is made again. */
  source: string;
}

/** The bindings EFFECT_EXAMPLES asks examples of: `true` every image-producing one, `false` none, or a list of endpoints. */
function wantedBindings(setting: string) {
  const value = setting.trim();
  if (value === 'false' || value === '') return [];
  const only = value === 'true' ? undefined : new Set(value.split(',').map((e) => e.trim()));
  return bindings.filter((b) => {
    const kind = b.capability.api.kind;
    return (
      kind &&
      producesImages(kind) &&
      b.capability.api.images === 1 &&
      (!only || only.has(b.capability.api.endpoint))
    );
  });
}

export const EFFECT_FILE = /^[0-9]{1,6}-[0-9]{1,2}\.(jpg|png)$/;

/**
 * Before/after examples for the capability pages, made from the platform's own answers on its
 * sample photos (never drawn by hand): once the models are loaded, every served capability whose
 * answer is an image (kinds image and mask) runs with its default parameters on its first sample
 * photo, one at a time and only while the engine has nothing else to do, and the result is kept
 * under DATA_DIR/effects with a manifest. A start after that makes only what is missing or whose
 * sample changed; deleting the folder makes all again. EFFECT_EXAMPLES turns it off (`false`) or limits it to a list of endpoints.
 */
export class EffectGallery {
  private readonly dir: string;
  private manifest: Record<string, ManifestEntry[]> = {};
  private running: Promise<void> | undefined;
  private stopped = false;
  /** The capabilities it makes examples for: the served image-producing ones, as EFFECT_EXAMPLES allows. */
  private readonly wanted: ReturnType<typeof wantedBindings>;

  constructor(private readonly ctx: AppContext) {
    this.dir = path.join(ctx.config.DATA_DIR, 'effects');
    this.wanted = wantedBindings(ctx.config.EFFECT_EXAMPLES);
  }

  view(id: number): EffectView {
    if (!this.wanted.some((b) => b.capability.id === id)) return { id, status: 'none', effects: [] };
    const made = this.manifest[id];
    if (made?.length)
      return { id, status: 'ready', effects: made.map(({ before, after }) => ({ before, after })) };
    return { id, status: this.running ? 'pending' : 'none', effects: [] };
  }

  /** The bytes of an example image, or undefined. */
  async image(file: string): Promise<Buffer | undefined> {
    if (!EFFECT_FILE.test(file)) return undefined;
    return fs.readFile(path.join(this.dir, file)).catch(() => undefined);
  }

  /** Makes what is missing, once; later calls wait for the same run. */
  generate(): Promise<void> {
    this.running ??= this.make().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  stop(): void {
    this.stopped = true;
  }

  private async make(): Promise<void> {
    const { config, backend } = this.ctx;
    await fs.mkdir(this.dir, { recursive: true });
    const manifestFile = path.join(this.dir, 'effects.json');
    this.manifest = JSON.parse(
      await fs.readFile(manifestFile, 'utf8').catch(() => '{}'),
    ) as typeof this.manifest;
    for (const binding of this.wanted) {
      // Examples wait for an idle engine: callers come first.
      while (!this.stopped && (backend.stats().busy > 0 || backend.stats().queued > 0))
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (this.stopped) return;
      const { id, api } = binding.capability;
      const sample = api.samples[0];
      if (!sample) continue;
      const sampleFile = path.join(config.WEB_DIST, 'samples', sample);
      const stat = await fs.stat(sampleFile).catch(() => undefined);
      if (!stat) continue;
      const source = `${sample}:${stat.size}:${Math.round(stat.mtimeMs)}`;
      if (this.manifest[id]?.[0]?.source === source) continue;
      try {
        const answer = await binding.run({
          backend,
          images: [await fs.readFile(sampleFile)],
          parameter: api.parameters.parse({}) as never,
          timeoutMs: config.INFERENCE_TIMEOUT_MS,
        });
        if (!answer.image) continue;
        const file = `${id}-0.${answer.image.type}`;
        await fs.writeFile(path.join(this.dir, file), answer.image.bytes);
        this.manifest[id] = [{ before: `/samples/${sample}`, after: `/api/v1/effect/image/${file}`, source }];
        await fs.writeFile(manifestFile, JSON.stringify(this.manifest, null, 2));
      } catch {
        // A sample the capability refuses (or a busy engine) leaves the page without an example;
        // the next start tries again.
      }
    }
  }
}
