import type { FaceAnalysisAnswer } from '@pixora/catalog';
import { type GatewayResponse } from '../../../../api/gateway.ts';
import { useCallAlgorithm } from '../../demo-kit/demoCaller.ts';
import type { MenuItem } from '../../../../api/menu.ts';
import { SingleImageDemo } from '../../demo-kit/SingleImageDemo.tsx';
import { FaceCount } from '../face-kit/FaceCount.tsx';
import { PoseFacts } from '../face-kit/FaceFacts.tsx';
import { FaceList } from '../face-kit/FaceList.tsx';
import { AnswerOverlay } from '../face-kit/AnswerOverlay.tsx';
import { AttributeTable } from './AttributeTable.tsx';

type FaceAnalysisResponse = GatewayResponse<FaceAnalysisAnswer>;

const facesOf = (response: FaceAnalysisResponse) => response.media_info_list[0]?.media_extra;

/**
 * Face attribute analysis (v2/macro_facial_analysis): every face boxed, and per face a table of
 * the attributes the answer carries (age, attractiveness, emotion, gender, glasses, beard, race,
 * eyelid) with their translated values, and the head pose.
 */
export function FaceAnalysisDemo({ item }: { item: MenuItem }) {
  const callAlgorithm = useCallAlgorithm();
  return (
    <SingleImageDemo<FaceAnalysisResponse>
      item={item}
      testId="faceanalysis-demo"
      call={(media) => callAlgorithm<FaceAnalysisResponse>(item.endpoint, [media])}
      overlay={({ response, active }) => <AnswerOverlay media={facesOf(response)} active={active} />}
      result={({ response, setActive }) => {
        const faces = facesOf(response)?.faces ?? [];
        return (
          <>
            <FaceCount total={faces.length} />
            <FaceList faces={faces} setActive={setActive}>
              {(face, _index, headingId) => (
                <>
                  <AttributeTable face={face} labelledBy={headingId} />
                  {face.face_attributes.poseestimation && (
                    <PoseFacts pose={face.face_attributes.poseestimation.value} />
                  )}
                </>
              )}
            </FaceList>
          </>
        );
      }}
    />
  );
}
