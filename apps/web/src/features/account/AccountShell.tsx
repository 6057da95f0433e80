import type { ReactNode } from 'react';
import styles from './Account.module.css';

/** The frame of the account pages: a title band, then the content in a centred column. */
export function AccountShell(props: {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Narrow for single forms, wide for pages with several panels. */
  width?: 'narrow' | 'medium' | 'wide';
  testId?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const width = props.width ?? 'medium';
  return (
    <div className={styles.page} data-testid={props.testId}>
      <div className={styles.hero}>
        <div className={`wrap ${styles.heroInner}`}>
          <div>
            <h1 className={styles.title}>{props.title}</h1>
            {props.subtitle && <p className={styles.subtitle}>{props.subtitle}</p>}
          </div>
          {props.aside}
        </div>
      </div>
      <div className={`wrap ${styles.body}`}>
        <div className={styles[width]}>{props.children}</div>
      </div>
    </div>
  );
}
