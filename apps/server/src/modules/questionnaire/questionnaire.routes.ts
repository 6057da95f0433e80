import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import {
  envelope,
  questionnaireAnswer,
  questionnaireSummary,
  questionnaireSummaryQuery,
  SURVEY_RATINGS,
} from '@pixora/catalog';
import { contains } from '../../db/search.ts';
import type { AppContext } from '../../platform/context.ts';
import { requestLanguage, translate } from '../../platform/messages.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';
import type { AccountService } from '../account/account.service.ts';
import { requireRoles } from '../account/auth.ts';

/** Answers one address may send per hour: a person rates once or twice, a script is stopped. */
export const ANSWERS_PER_HOUR = 5;
/** The latest answers the admin view lists. */
const LATEST = 200;

/** Who reads the answers (admins hold every role). */
export const QUESTIONNAIRE_ROLES = ['admin', 'business'] as const;

/** The Monday (UTC) starting the week of a `YYYY-MM-DD` day. */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * The visitors' satisfaction questionnaire: `POST /api/v1/questionnaire/not_logged` stores a rating
 * (1-5) and an optional comment from anyone, signed in or not, at most ANSWERS_PER_HOUR per address
 * (429 / 10029 beyond); no address or account is stored with it. Admins read the answers with a
 * summary (count, mean, the five ratings' counts, their distribution per day or week) at
 * `GET /api/v1/admin/questionnaire` (admin, business), the latest answers filtered by words of their comment.
 */
export const questionnaireRoutes =
  (ctx: AppContext, accounts: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/questionnaire/not_logged',
      {
        schema: {
          tags: ['questionnaire'],
          summary: 'Answer the satisfaction questionnaire',
          body: questionnaireAnswer,
        },
      },
      async (request) => {
        await enforceRateLimit(ctx.rateLimiter, `questionnaire:${request.ip}`, ANSWERS_PER_HOUR, 3_600_000);
        const answer = request.body;
        const language = requestLanguage(request);
        await ctx.db.kysely
          .insertInto('questionnaire_answers')
          .values({ ...answer, language, created_at: new Date().toISOString() })
          .execute();
        return { code: 0, message: translate('surveyThanks', language), data: null };
      },
    );

    app.get(
      '/api/v1/admin/questionnaire',
      {
        schema: {
          tags: ['questionnaire'],
          summary:
            'The questionnaire answers of the last `days` days with their summary and trend (admin, business)',
          querystring: questionnaireSummaryQuery,
          response: { 200: envelope(questionnaireSummary) },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, QUESTIONNAIRE_ROLES);
        const { q, bucket } = request.query;
        const since = new Date(Date.now() - request.query.days * 86_400_000).toISOString();
        const db = ctx.db.kysely;
        const counts = await db
          .selectFrom('questionnaire_answers')
          .select(['rating', sql<number>`count(*)`.as('n')])
          .where('created_at', '>=', since)
          .groupBy('rating')
          .execute();
        const ratings = SURVEY_RATINGS.map((r) => Number(counts.find((c) => c.rating === r)?.n ?? 0));
        const count = ratings.reduce((a, b) => a + b, 0);
        const mean = count ? ratings.reduce((sum, n, i) => sum + n * (i + 1), 0) / count : null;
        const withComment = await db
          .selectFrom('questionnaire_answers')
          .select(sql<number>`count(*)`.as('n'))
          .where('created_at', '>=', since)
          .where('comment', '!=', '')
          .executeTakeFirstOrThrow();
        const perDay = await db
          .selectFrom('questionnaire_answers')
          .select([sql<string>`substr(created_at, 1, 10)`.as('day'), 'rating', sql<number>`count(*)`.as('n')])
          .where('created_at', '>=', since)
          .groupBy([sql`substr(created_at, 1, 10)`, 'rating'])
          .execute();
        const periods = new Map<string, number[]>();
        for (const row of perDay) {
          const period = bucket === 'week' ? weekOf(row.day) : row.day;
          const counts = periods.get(period) ?? SURVEY_RATINGS.map(() => 0);
          counts[row.rating - 1]! += Number(row.n);
          periods.set(period, counts);
        }
        const trend = [...periods]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([period, counts]) => ({ period, count: counts.reduce((a, b) => a + b, 0), ratings: counts }));
        let answers = db.selectFrom('questionnaire_answers').where('created_at', '>=', since);
        // Each word must appear in the comment (case-insensitive for Latin letters on both databases).
        for (const word of q.split(/\s+/).filter(Boolean)) answers = answers.where(contains('comment', word));
        const matches = await answers.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
        const latest = await answers
          .select(['id', 'rating', 'comment', 'page', 'language', 'created_at'])
          .orderBy('id', 'desc')
          .limit(LATEST)
          .execute();
        return {
          code: 0 as const,
          message: translate('ok', requestLanguage(request)),
          data: {
            days: request.query.days,
            count,
            mean: mean === null ? null : Math.round(mean * 100) / 100,
            ratings,
            with_comment: Number(withComment.n),
            bucket,
            trend,
            q,
            matches: Number(matches.n),
            answers: latest,
          },
        };
      },
    );
  };
