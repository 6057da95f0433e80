/**
 * Rules of the visitors' satisfaction questionnaire, shared by the server and the web form (plain
 * values: the web imports them without the contracts' zod schemas).
 */

/** Ratings run from 1 (very dissatisfied) to 5 (very satisfied). */
export const SURVEY_RATINGS = [1, 2, 3, 4, 5] as const;
/** The longest comment, in characters. */
export const SURVEY_COMMENT_MAX = 1000;
