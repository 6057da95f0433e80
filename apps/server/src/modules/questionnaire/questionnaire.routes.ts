import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { envelope, questionnaireAnswer, questionnaireSummary, SURVEY_RATINGS } from '@pixora/catalog';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { requestLanguage, translate } from '../../platform/messages.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';
import type { AccountService } from '../account/account.service.ts';
import { requireRoles } from '../account/auth.ts';

/** Answers one address may send per hour: a person rates once or twice, a script is stopped. */
export const ANSWERS_PER_HOUR = 5;
/** The latest answers the admin view lists. */
const LATEST = 200;

const summaryQuery = z.object({ days: z.coerce.number().int().min(1).max(3650).default(30) });

/**
 * The visitors' satisfaction questionnaire: `POST /api/v1/questionnaire/not_logged` stores a rating
 * (1-5) and an optional comment from anyone, signed in or not, at most ANSWERS_PER_HOUR per address
 * (429 / 10029 beyond); no address or account is stored with it. Admins read the answers with a
 * summary (count, mean, the five ratings' counts) at `GET /api/v1/admin/questionnaire`.
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
          summary: 'The questionnaire answers of the last `days` days with their summary (admin)',
          querystring: summaryQuery,
          response: { 200: envelope(questionnaireSummary) },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, ['admin']);
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
        const latest = await db
          .selectFrom('questionnaire_answers')
          .select(['id', 'rating', 'comment', 'page', 'language', 'created_at'])
          .where('created_at', '>=', since)
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
            answers: latest,
          },
        };
      },
    );
  };
