import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

function descriptionMeta(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/**
 * Shows `title` before the site name in the browser tab while the page is open, and `description`
 * as the page's meta description.
 */
export function useDocumentTitle(title: string | undefined, description?: string) {
  const { t } = useTranslation();
  const site = t('app.title');
  useEffect(() => {
    if (!title) return;
    document.title = `${title} - ${site}`;
    return () => {
      document.title = site;
    };
  }, [title, site]);
  useEffect(() => {
    if (!description) return;
    const meta = descriptionMeta();
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
