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
import { bind, kindAnswer, taskParamsByName, type Binding } from './binding.ts';

/** What the materials store answers for an uploaded ID-photo size. */
interface UploadedSize {
  width?: number;
  height?: number;
  head_ratio?: { min: number; max: number };
  eye_line?: { min: number; max: number };
}

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
    // A size uploaded in the back office (a provided choice's value m<id>) is the custom size with
    // its width and height; the answer names it by its value.
    params(parameter, call) {
      const params = taskParamsByName(capability, parameter as Record<string, unknown>);
      const size = call.provided?.get(String(params.spec)) as UploadedSize | undefined;
      if (size?.width && size.height) {
        Object.assign(params, { spec: 'custom', width: size.width, height: size.height });
        // Its head bounds, when it has them, replace the custom size's rule (else 20008 below).
        if (size.head_ratio)
          Object.assign(params, { headMin: size.head_ratio.min, headMax: size.head_ratio.max });
        if (size.eye_line)
          Object.assign(params, { eyeLineMin: size.eye_line.min, eyeLineMax: size.eye_line.max });
      }
      return params;
    },
    answer(result, parameter) {
      if (result.refused) throw new ApiError(CODES[result.refused], result.message);
      const answer = kindAnswer(capability, result);
      if (/^m[0-9]+$/.test(String(parameter.spec)))
        answer.mediaExtra = { ...answer.mediaExtra, spec: parameter.spec };
      return answer;
    },
  });
}
