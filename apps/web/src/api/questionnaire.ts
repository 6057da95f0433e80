import type { Envelope, QuestionnaireAnswerInput, QuestionnaireSummary } from '@pixora/catalog';
import { request } from './http.ts';

export type { QuestionnaireSummary } from '@pixora/catalog';

/** The visitors' satisfaction questionnaire (apps/server/src/modules/questionnaire). */
export const questionnaireApi = {
  /** Answers `{ code: 0, message }`: the thanks in the visitor's language. */
  answer: (input: QuestionnaireAnswerInput) =>
    request<Envelope<null>>('/api/v1/questionnaire/not_logged', { body: input }),
  /** Admin and business: the answers of the last `days` days with their summary, trend per `bucket`, comments matching `q`. */
  summary: (days: number, bucket: 'day' | 'week' = 'day', q = '') =>
    request<Envelope<QuestionnaireSummary>>('/api/v1/admin/questionnaire', {
      query: { days, bucket, q: q || undefined },
    }).then((answer) => answer.data),
};
