/**
 * The home page figures as the server answers them (apps/server/src/modules/content/site-figures.ts
 * fills the `{{fact}}` placeholders of content/site/figures.json), for tests: here with every fact
 * present, as on a platform that serves every capability named and has counted calls.
 */
export const FIGURE_FACTS: Record<string, string> = {
  face_points: '118',
  contour_points: '63',
  body_points: '14',
  skin_tones: '40',
  daily_calls: '1200',
  facepoints_ms: '37',
};

/** A content file's text with the figures' facts filled in. */
export const withFigureFacts = (text: string): string =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => FIGURE_FACTS[key] ?? whole);
