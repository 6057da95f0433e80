/**
 * Fixed addresses of the site that pages link or redirect to. A leaf module: features, the
 * shared components and the app's routes all read them from here.
 */
export const HOME_PATH = '/index';
export const NOT_FOUND_PATH = '/404';
export const STUDIO_SOLUTION_PATH = '/algorithm/solution/studioSolution';

/** The docs, and their FAQ page. */
export const DOCS_PATH = '/doc';
export const FAQ_PATH = '/doc?id=113';
