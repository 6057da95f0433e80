import type { FaceCharacterAnswer } from '@pixora/catalog';
import { type GatewayResponse } from '../../../../api/gateway.ts';
import { useCallAlgorithm, useReportedParameters } from '../../demo-kit/demoCaller.ts';
import type { MenuItem } from '../../../../api/menu.ts';
import { SingleImageDemo } from '../../demo-kit/SingleImageDemo.tsx';
import { AnswerOverlay } from '../face-kit/AnswerOverlay.tsx';
import { PoseFacts } from '../face-kit/FaceFacts.tsx';
import { FaceList } from '../face-kit/FaceList.tsx';
import { FaceShapeChart } from './FaceShapeChart.tsx';
import { FeatureTable } from './FeatureTable.tsx';

type FaceCharacterResponse = GatewayResponse<FaceCharacterAnswer>;

const facesOf = (response: FaceCharacterResponse) => response.media_info_list[0]?.media_extra;

/** The demo asks for the facial feature analysis only. */
const FACIAL_ANALYSIS = { return_attributes: 'facial_analysis' };

/**
 * Facial feature analysis (v1/micro_facial_analysis, `return_attributes: facial_analysis`): the one
 * frontal face of the photo boxed, its features in a table and its face-shape scores as a chart.
 */
export function FaceCharacterDemo({ item }: { item: MenuItem }) {
  const callAlgorithm = useCallAlgorithm();
  useReportedParameters(item.endpoint, FACIAL_ANALYSIS);
  return (
    <SingleImageDemo<FaceCharacterResponse>
      item={item}
      testId="facecharacter-demo"
      call={(media) =>
        callAlgorithm<FaceCharacterResponse>(item.endpoint, [media], { parameter: FACIAL_ANALYSIS })
      }
      overlay={({ response, active }) => <AnswerOverlay media={facesOf(response)} active={active} />}
      result={({ response, setActive }) => (
        <FaceList faces={facesOf(response)?.faces ?? []} setActive={setActive}>
          {(face, _index, headingId) => (
            <>
              <FeatureTable analysis={face.face_attributes.facial_analysis} labelledBy={headingId} />
              <FaceShapeChart analysis={face.face_attributes.facial_analysis} />
              {face.face_attributes.headpose && <PoseFacts pose={face.face_attributes.headpose} />}
            </>
          )}
        </FaceList>
      )}
    />
  );
}
