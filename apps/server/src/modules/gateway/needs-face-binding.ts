/**
 * Capabilities that judge each face of a photo (v1/mask): bound to their task with the kind's
 * mapper, except that a photo where the engine found no face (face_num 0) is answered 20003 (no
 * face), as the face family answers it.
 */
import type { ApiCapability } from '@pixora/catalog';
import { ApiError } from '../../platform/error-catalogue.ts';
import { bind, kindAnswer, type Binding } from './binding.ts';

export function bindNeedsFace<C extends ApiCapability>(capability: C, task: 'facemask'): Binding<C> {
  return bind(capability, task, {
    answer(result) {
      if (result.face_num === 0) throw new ApiError(20003);
      return kindAnswer(capability, result);
    },
  });
}
