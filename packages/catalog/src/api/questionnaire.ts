/**
 * The visitors' satisfaction questionnaire (`POST /api/v1/questionnaire/not_logged`) and its
 * admin summary (`GET /api/v1/admin/questionnaire`), shared by the server and the web.
 */
import { z } from 'zod';
import { SURVEY_COMMENT_MAX } from '../survey-rules.ts';

export const questionnaireAnswer = z.object({
  rating: z.coerce.number().int().min(1).max(5),
  comment: z.string().trim().max(SURVEY_COMMENT_MAX).default(''),
  /** The site page the visitor is on: a path inside the site. */
  page: z
    .string()
    .trim()
    .max(300)
    .regex(/^(\/.*)?$/, 'page is a path inside the site')
    .default(''),
});
export type QuestionnaireAnswerInput = z.input<typeof questionnaireAnswer>;

/** The admin summary's query: the period, how the trend is bucketed, words searched in comments. */
export const questionnaireSummaryQuery = z.object({
  days: z.coerce.number().int().min(1).max(3650).default(30),
  bucket: z.enum(['day', 'week']).default('day'),
  q: z.string().trim().max(200).default(''),
});

export const questionnaireSummary = z.object({
  /** The period: the last `days` days. */
  days: z.number(),
  count: z.number(),
  /** The mean rating, two decimals; null without answers. */
  mean: z.number().nullable(),
  /** Answers per rating, 1 to 5. */
  ratings: z.array(z.number()).length(5),
  with_comment: z.number(),
  bucket: z.enum(['day', 'week']),
  /**
   * The rating distribution over time: one entry per UTC day (or per week starting on Monday) of
   * the period that has answers, oldest first; `ratings` counts the answers per rating 1 to 5.
   */
  trend: z.array(z.object({ period: z.string(), count: z.number(), ratings: z.array(z.number()).length(5) })),
  /** The words searched in comments ('' for none) and how many answers of the period match them. */
  q: z.string(),
  matches: z.number(),
  /** The latest answers, newest first (at most 200). */
  answers: z.array(
    z.object({
      id: z.number(),
      rating: z.number(),
      comment: z.string(),
      page: z.string(),
      language: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type QuestionnaireSummary = z.infer<typeof questionnaireSummary>;
