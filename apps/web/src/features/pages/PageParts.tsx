import { Fragment, type ReactNode } from 'react';
import styles from './ContentPage.module.css';

const EMAIL = /([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/** A text whose e-mail addresses become mail links. */
export function WithMailLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(EMAIL).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={`mailto:${part}`}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export function PageHero({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <header className={styles.hero}>
      <div className="wrap">
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.intro}>
          <WithMailLinks text={intro} />
        </p>
        {children}
      </div>
    </header>
  );
}

export function Section({
  id,
  title,
  children,
  band = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  band?: boolean;
}) {
  return (
    <section className={band ? styles.band : undefined} aria-labelledby={id}>
      <div className={`wrap ${styles.section}`}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
