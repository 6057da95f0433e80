/**
 * The fusions (v3/facefuse, v1/facefusechild, v2/headreplace): one engine job on the first image,
 * the request's second image (a template photo, the second parent), when there is one, passed to
 * the task as its encoded bytes. The answer is the image kind's, except that a photo where the
 * engine found no face answers the catalogue's code: the user's (or first parent's) photo 20003;
 * a template sent by the client 220003 (no face in the model image); the second parent 20010 (no
 * face in the second image).
 */
import type { ApiCapability } from '@pixora/catalog';
import type { ImageTaskResult, TaskName } from '@pixora/vision';
import { ApiError } from '../../platform/error-catalogue.ts';
import { jobOptions, kindAnswer, taskParamsByName, type Binding } from './binding.ts';

/** The faces found in each photo: the first's `face_num`, the second's under its own name. */
type FusionCounts = { face_num: number } & Partial<Record<'template_face_num' | 'second_face_num', number>>;

export function bindFusion<C extends ApiCapability>(
  capability: C,
  task: Extract<TaskName, 'facefuse' | 'facefusechild' | 'headreplace'>,
  second: {
    param: 'templateImage' | 'secondImage';
    field: 'template_face_num' | 'second_face_num';
    noFace: 220003 | 20010;
  },
): Binding<C> {
  return {
    capability,
    tasks: [task],
    async run(call) {
      const params = taskParamsByName(capability, call.parameter as Record<string, unknown>);
      const image2 = call.images[1];
      // A template uploaded in the back office (a provided choice's value): its photo is sent as a
      // template sent by the client would be, and the answer names it by its value.
      const chosen = typeof params.template === 'string' ? params.template : undefined;
      const uploaded = chosen
        ? (call.provided?.get(chosen) as { image?: Uint8Array } | undefined)?.image
        : undefined;
      if (image2) params[second.param] = new Uint8Array(image2.buffer, image2.byteOffset, image2.byteLength);
      else if (uploaded && second.param === 'templateImage') {
        params.templateImage = uploaded;
        delete params.template;
      }
      const result = await call.backend.run<ImageTaskResult<FusionCounts>>(
        task,
        { image: call.images[0]!, params },
        jobOptions(call),
      );
      if (result.answer.face_num === 0) throw new ApiError(20003);
      if (result.answer[second.field] === 0) throw new ApiError(second.noFace);
      const answer = kindAnswer(capability, result);
      if (!image2 && uploaded && second.param === 'templateImage')
        answer.mediaExtra = { ...answer.mediaExtra, template: chosen };
      return answer;
    },
  };
}
