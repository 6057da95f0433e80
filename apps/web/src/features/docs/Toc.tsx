import { useTranslation } from 'react-i18next';
import type { Heading } from './markdown.ts';
import styles from './Toc.module.css';

/** "On this page": links to the h2 (and h3) headings of a text. */
export function Toc({ headings, levels = 3 }: { headings: readonly Heading[]; levels?: 2 | 3 }) {
  const { t } = useTranslation();
  const shown = headings.filter((h) => h.level <= levels);
  if (shown.length < 2) return null;
  return (
    <nav className={styles.toc} aria-labelledby="toc-title" data-testid="toc">
      <p id="toc-title" className={styles.title}>
        {t('docs.onThisPage')}
      </p>
      <ol className={styles.list}>
        {shown.map((heading) => (
          <li key={heading.id} className={heading.level === 3 ? styles.sub : undefined}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
