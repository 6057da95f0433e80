/**
 * v1/certified (ID photo): bound to the engine's idphoto task by name, with the kind's mapper,
 * except that a photo the task refuses is answered with the catalogue's code for its reason: no
 * face 20003, a second face 20004, a face turned sideways 20022 (as the face family answers them),
 * and a photo that does not meet the standard (head cut by the border, its outline not found,
 * too few pixels for the size, proportions that fit no placement) 20008. The task's message says
 * which, in the error text.
 */
import type { certificates } from '@pixora/catalog';
import type { TaskResults } from '@pixora/vision';
import { ApiError, type ErrorCode } from '../../platform/error-catalogue.ts';
import { bind, kindAnswer, type Binding } from './binding.ts';

type Refusal = NonNullable<TaskResults['idphoto']['refused']>;

const CODES: Record<Refusal, ErrorCode> = {
  no_face: 20003,
  several_faces: 20004,
  face_turned: 20022,
  head_cut: 20008,
  no_outline: 20008,
  too_small: 20008,
  proportions: 20008,
};

export function bindIdPhoto(capability: typeof certificates): Binding<typeof certificates> {
  return bind(capability, 'idphoto', {
    answer(result) {
      if (result.refused) throw new ApiError(CODES[result.refused], result.message);
      return kindAnswer(capability, result);
    },
  });
}
