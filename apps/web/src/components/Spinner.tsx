import styles from './Spinner.module.css';

/**
 * A loading ring drawn in CSS, for the parts of the app shell that must not pull antd's Spin into
 * the first load. Decorative: the caller says "loading" in text (or in a visually hidden status).
 */
export function Spinner({ size = 'default' }: { size?: 'small' | 'default' }) {
  return <span className={`${styles.spinner} ${size === 'small' ? styles.small : ''}`} aria-hidden />;
}
