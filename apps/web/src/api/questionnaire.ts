import type { Envelope, QuestionnaireAnswerInput, QuestionnaireSummary } from '@pixora/catalog';
import { request } from './http.ts';

export type { QuestionnaireSummary } from '@pixora/catalog';

/** The visitors' satisfaction questionnaire (apps/server/src/modules/questionnaire). */
export const questionnaireApi = {
  /** Answers `{ code: 0, message }`: the thanks in the visitor's language. */
  answer: (input: QuestionnaireAnswerInput) =>
    request<Envelope<null>>('/api/v1/questionnaire/not_logged', { body: input }),
  /** Admins: the answers of the last `days` days with their summary. */
  summary: (days: number) =>
    request<Envelope<QuestionnaireSummary>>('/api/v1/admin/questionnaire', { query: { days } }).then(
      (answer) => answer.data,
    ),
};
