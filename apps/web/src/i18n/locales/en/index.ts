import { mergeNamespaces } from '../merge.ts';

/** Every namespace file of this language (`<namespace>.json`), merged into one messages object. */
export default mergeNamespaces(
  import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' }),
);
