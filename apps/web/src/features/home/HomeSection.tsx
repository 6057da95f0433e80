import type { ReactNode } from 'react';
import styles from './HomeSection.module.css';

interface HomeSectionProps {
  /** Names the section: its heading is `home-<id>-title`. */
  id: string;
  title: string;
  lead: string;
  tone?: 'plain' | 'tinted' | 'dark';
  children: ReactNode;
}

/** A section of the home page: centred heading and lead over the content column. */
export function HomeSection({ id, title, lead, tone = 'plain', children }: HomeSectionProps) {
  return (
    <section className={`${styles.section} ${styles[tone]}`} aria-labelledby={`home-${id}-title`}>
      <div className="wrap">
        <div className={styles.heading}>
          <h2 id={`home-${id}-title`} className={styles.title}>
            {title}
          </h2>
          <p className={styles.lead}>{lead}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
