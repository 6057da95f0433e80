/**
 * Bindings: what makes a capability served. A binding ties a capability's contract to the engine:
 * which task runs, how the public parameters become the task's, and how its result becomes the
 * answer. Most bindings are one `bind(contract, task)`: parameters map by name (max_person_num ->
 * maxPersonNum) and the answer by the mapper of the contract's output kind.
 */
import { producesImages, type AnswerOf, type ApiCapability, type ParametersOf } from '@pixora/catalog';
import type {
  EncodedImage,
  ImageTaskResult,
  InferenceBackend,
  RunOptions,
  TaskName,
  TaskResults,
} from '@pixora/vision';

/** One call of a capability: its images (decoded later, in the engine) and its checked parameters. */
export interface CapabilityCall<P = Record<string, unknown>> {
  backend: InferenceBackend;
  images: Buffer[];
  parameter: P;
  timeoutMs: number;
  /**
   * Aborted when the client has gone away (its connection closed before the answer): the engine
   * drops the job from its queue, or the worker it was sent ahead to skips it.
   */
  signal?: AbortSignal;
  /**
   * Admission by deadline: the longest each of the call's jobs may wait for a worker (the engine
   * refuses at once, OverloadedError, when the work ahead would keep it waiting longer).
   */
  maxWaitMs?: number;
  /**
   * The call's provided choices, resolved by their providers (provided-choices.ts): value -> what
   * the engine needs for it (an uploaded sticker's bytes and anchor).
   */
  provided?: ReadonlyMap<string, unknown>;
}

/** The engine options of a call's jobs: its time budget, abort signal and admission deadline. */
export const jobOptions = (call: Pick<CapabilityCall, 'timeoutMs' | 'signal' | 'maxWaitMs'>): RunOptions => ({
  timeoutMs: call.timeoutMs,
  ...(call.signal ? { signal: call.signal } : {}),
  ...(call.maxWaitMs !== undefined ? { maxWaitMs: call.maxWaitMs } : {}),
});

/** An image a capability made: base64 in the answer, or a short-lived URL (`rsp_media_type: url`). */
export interface ResultImage {
  bytes: Buffer;
  type: 'jpg' | 'png';
}

/**
 * What a capability answers: `media_info_list[0].media_extra`; for image-producing kinds also the
 * image made (`media_data`) and the answer's image fields (a mask).
 */
export interface CapabilityAnswer {
  mediaExtra: Record<string, unknown>;
  image?: ResultImage;
  fieldImages?: Record<string, ResultImage>;
}

export interface Binding<C extends ApiCapability = ApiCapability> {
  capability: C;
  /** The engine tasks it runs. */
  tasks: readonly TaskName[];
  run(call: CapabilityCall<ParametersOf<C>>): Promise<CapabilityAnswer>;
}

const resultImage = (image: EncodedImage): ResultImage => ({
  bytes: Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength),
  type: image.format,
});

/**
 * The answer of a task of an output kind: analysis kinds answer their result as it is (the engine
 * already speaks in public names and units); image kinds split off their images.
 */
export function kindAnswer(capability: ApiCapability, result: unknown): CapabilityAnswer {
  const kind = capability.api.kind;
  if (!kind || !producesImages(kind)) return { mediaExtra: result as Record<string, unknown> };
  const { answer, images } = result as ImageTaskResult<Record<string, unknown>, string>;
  const { media_data: main, ...fields } = images;
  return {
    mediaExtra: answer,
    image: resultImage(main),
    fieldImages: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, resultImage(v)])),
  };
}

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The task parameters of a call by name: each public parameter of the contract under its
 * camelCase name (`max_person_num` -> `maxPersonNum`); `rsp_media_type` is the gateway's own.
 */
export function taskParamsByName(capability: ApiCapability, parameter: Record<string, unknown>) {
  const params: Record<string, unknown> = {};
  for (const name of Object.keys(capability.api.parameters.shape)) {
    if (name === 'rsp_media_type' || parameter[name] === undefined) continue;
    params[camel(name)] = parameter[name];
  }
  return params;
}

type ResultOf<T extends TaskName> = TaskResults[T];
/** A task whose result the kind's mapper turns into the capability's answer. */
type FitsKind<C extends ApiCapability, T extends TaskName> =
  ResultOf<T> extends AnswerOf<C> | ImageTaskResult<object, string> ? T : never;

interface BindOptions<C extends ApiCapability, T extends TaskName> {
  /** The task's parameters from the checked public ones (default: by name) and the call's provided choices. */
  params?: (parameter: ParametersOf<C>, call: CapabilityCall<ParametersOf<C>>) => Record<string, unknown>;
  /** The answer from the task's result (default: the mapper of the contract's kind). */
  answer?: (result: ResultOf<T>, parameter: ParametersOf<C>) => CapabilityAnswer;
}

/**
 * The binding of a capability to one engine task. Without an `answer` mapper the task must answer
 * in the contract's names (checked here by the compiler), and the kind's mapper is used.
 */
export function bind<C extends ApiCapability, T extends TaskName>(
  capability: C,
  task: T,
  options: BindOptions<C, T> & Required<Pick<BindOptions<C, T>, 'answer'>>,
): Binding<C>;
export function bind<C extends ApiCapability, T extends TaskName>(
  capability: C,
  task: FitsKind<C, T>,
  options?: Omit<BindOptions<C, T>, 'answer'>,
): Binding<C>;
export function bind<C extends ApiCapability, T extends TaskName>(
  capability: C,
  task: T,
  options: BindOptions<C, T> = {},
): Binding<C> {
  return {
    capability,
    tasks: [task],
    async run(call) {
      const { backend, images, parameter } = call;
      const params = options.params?.(parameter, call) ?? taskParamsByName(capability, parameter);
      const result = await backend.run<ResultOf<T>>(task, { image: images[0]!, params }, jobOptions(call));
      return options.answer ? options.answer(result, parameter) : kindAnswer(capability, result);
    },
  };
}

/**
 * Runs a binding outside HTTP (the bench, tests) with parameters as a client sends them: the
 * contract checks them first, as the gateway's route does.
 */
export function runBinding<C extends ApiCapability>(
  binding: Binding<C>,
  call: CapabilityCall<Record<string, unknown>>,
) {
  const parameter = binding.capability.api.parameters.parse(call.parameter) as ParametersOf<C>;
  return binding.run({ ...call, parameter });
}
