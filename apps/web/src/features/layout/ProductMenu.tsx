import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ProductCatalog } from './ProductCatalog.tsx';
import { useScrolled } from './useScrolled.ts';
import topBar from './TopBar.module.css';
import styles from './ProductMenu.module.css';

/** A click right after a hover opened the menu must not close it again (touch screens send both). */
const HOVER_CLICK_GRACE_MS = 400;

/**
 * Product Service: a disclosure button whose panel opens on hover or click and closes with Escape,
 * on leaving, on moving focus out or on any navigation. Once the page has scrolled 50 px the
 * panel shows a pointer arrow under the button, joining it to the bar that now floats over the page.
 */
export function ProductMenu() {
  const { t } = useTranslation();
  const location = useLocation();
  // Open for one location only, so any navigation closes the panel.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const hoverOpenedAt = useRef(0);
  const button = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const close = () => setOpenAt(null);
  const arrows = useScrolled('submenuArrows');

  const onMouseEnter = () => {
    if (open) return;
    hoverOpenedAt.current = Date.now();
    setOpenAt(location.key);
  };

  const onClick = () => {
    if (open && Date.now() - hoverOpenedAt.current < HOVER_CLICK_GRACE_MS) return;
    setOpenAt(open ? null : location.key);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      close();
      button.current?.focus();
    }
  };

  const onBlur = (event: FocusEvent) => {
    if (!wrapper.current?.contains(event.relatedTarget as Node | null)) close();
  };

  const active = location.pathname.startsWith('/algorithm');

  return (
    <div
      ref={wrapper}
      className={styles.menu}
      onMouseEnter={onMouseEnter}
      onMouseLeave={close}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={button}
        type="button"
        className={`${topBar.link} ${styles.trigger} ${active ? topBar.active : ''}`}
        aria-expanded={open}
        aria-controls="product-menu"
        onClick={onClick}
        data-testid="nav-products"
      >
        {t('nav.products')}
        <DownOutlined className={`${styles.caret} ${open ? styles.caretOpen : ''}`} aria-hidden />
        {open && arrows && <span className={styles.arrow} aria-hidden data-testid="product-menu-arrow" />}
      </button>
      {open && (
        <div id="product-menu" className={styles.panel} data-testid="product-menu">
          <div className="wrap">
            <ProductCatalog onNavigate={close} />
          </div>
        </div>
      )}
    </div>
  );
}
