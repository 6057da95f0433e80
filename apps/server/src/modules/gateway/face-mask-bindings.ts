/**
 * Image-producing capabilities that work on the faces of the photo: masks whose colour models are
 * learnt from the faces (skin, hair, face parsing) and face retouching (beautify, shape tuning,
 * makeup) and drawing on faces (beard, stickers). Bound to their tasks with the kind's mapper, except that a photo without a face, where
 * the engine could do nothing and answers face_num 0, is answered 20003 (no face).
 */
import type { ApiCapability } from '@pixora/catalog';
import { ApiError } from '../../platform/error-catalogue.ts';
import { bind, kindAnswer, type Binding } from './binding.ts';

export function bindFaceMask<C extends ApiCapability>(
  capability: C,
  task:
    | 'skinsegment'
    | 'hairsegment'
    | 'facesegment'
    | 'beautify'
    | 'shapetuning'
    | 'makeup'
    | 'beard'
    | 'emojmaterial',
): Binding<C> {
  return bind(capability, task, {
    answer(result) {
      if (result.answer.face_num === 0) throw new ApiError(20003);
      return kindAnswer(capability, result);
    },
  });
}
