import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { CheckOutlined, DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { LANGUAGES, type Language } from '../../i18n/language.ts';
import styles from './LanguageSwitcher.module.css';

/** 简体中文 / 繁體中文 / English; the choice is stored in the `language` cookie. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const options = useRef<Array<HTMLButtonElement | null>>([]);

  const choose = (next: Language) => {
    setOpen(false);
    button.current?.focus();
    if (next !== language) void setLanguage(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) setOpen(true);
    const focused = options.current.findIndex((option) => option === document.activeElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const next =
      focused < 0 ? LANGUAGES.indexOf(language) : (focused + step + LANGUAGES.length) % LANGUAGES.length;
    requestAnimationFrame(() => options.current[next]?.focus());
  };

  const onBlur = (event: FocusEvent) => {
    if (!wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div ref={wrapper} className={styles.wrapper} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className={styles.switcher}
        aria-label={t('nav.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        data-testid="language-switcher"
      >
        <GlobalOutlined aria-hidden />
        <span className={styles.current}>{t(`language.${language}`)}</span>
        <DownOutlined className={styles.caret} aria-hidden />
      </button>
      {open && (
        <ul id={listId} role="menu" className={styles.list} aria-label={t('nav.language')}>
          {LANGUAGES.map((code, index) => (
            <li key={code} role="none">
              <button
                ref={(element) => {
                  options.current[index] = element;
                }}
                type="button"
                role="menuitem"
                lang={code === 'en' ? 'en' : code === 'zh_tw' ? 'zh-TW' : 'zh-CN'}
                className={`${styles.option} ${code === language ? styles.selected : ''}`}
                aria-current={code === language ? 'true' : undefined}
                onClick={() => choose(code)}
                data-testid={`language-${code}`}
              >
                {t(`language.${code}`)}
                {code === language && <CheckOutlined aria-hidden />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
