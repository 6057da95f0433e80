/**
 * Images of the content folder (content/banners, content/tech, content/cases) as this build ships
 * them: fingerprinted files the browser may cache for good. The data names an image by its path
 * under /content/ (`/content/banners/banner1-zh.svg`); a path this build does not know (an image
 * added to the database later) is used as it is.
 */
const bundled = import.meta.glob<string>('../../../../../content/{banners,tech,cases}/*.svg', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

const byContentPath = new Map(
  Object.entries(bundled).map(([file, url]) => [file.replace(/^(\.\.\/)+content\//, '/content/'), url]),
);

export function contentImage(path: string): string {
  return byContentPath.get(path) ?? path;
}
