/**
 * Image-producing capabilities that work on the faces of the photo: masks whose colour models are
 * learnt from the faces (skin, hair, face parsing) and face retouching (beautify, shape tuning,
 * makeup) and drawing on faces (beard, stickers). Bound to their tasks with the kind's mapper, except that a photo without a face, where
 * the engine could do nothing and answers face_num 0, is answered 20003 (no face).
 */
import type { ApiCapability } from '@pixora/catalog';
import { ApiError } from '../../platform/error-catalogue.ts';
import { bind, kindAnswer, taskParamsByName, type Binding, type CapabilityCall } from './binding.ts';

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
  params?: (parameter: Record<string, unknown>, call: CapabilityCall) => Record<string, unknown>,
): Binding<C> {
  return bind(capability, task, {
    ...(params ? { params: (p, call) => params(p, call as CapabilityCall) } : {}),
    answer(result) {
      if (result.answer.face_num === 0) throw new ApiError(20003);
      return kindAnswer(capability, result);
    },
  });
}

/** What the engine needs for an uploaded sticker: its PNG, anchor and width (materials module). */
export interface StickerData {
  png?: Uint8Array;
  anchor?: string;
  scale?: number;
}

/**
 * v1/EmojMaterialH5's parameters: by name, plus the uploaded stickers among the call's provided
 * choices, sent with the job as bytes (the engine may run in another thread or process).
 */
export const stickerParams =
  (capability: ApiCapability) => (parameter: Record<string, unknown>, call: CapabilityCall) => {
    const params = taskParamsByName(capability, parameter);
    const uploaded = [...(call.provided ?? new Map<string, unknown>())]
      .filter(([, data]) => (data as StickerData).png)
      .map(([value, data]) => ({ value, ...(data as StickerData) }));
    if (uploaded.length) params.uploaded = uploaded;
    return params;
  };
