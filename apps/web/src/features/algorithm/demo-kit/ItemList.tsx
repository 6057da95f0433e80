import { useId, type ReactNode } from 'react';
import styles from './ItemList.module.css';

interface ItemListProps<I> {
  items: readonly I[];
  /** Emphasises the item on the photo while the visitor points at its entry. */
  setActive: (index: number | null) => void;
  /** The item's name, numbered as on the photo ("Face 2"). */
  heading: (index: number) => string;
  /** Beside the item's name: its score or verdict. */
  aside?: (item: I, index: number) => ReactNode;
  /** The item's details; `headingId` names the item for the tables inside. */
  children: (item: I, index: number, headingId: string) => ReactNode;
  testId: string;
}

/** The items of an answer as a numbered list, numbered as on the photo. */
export function ItemList<I>({ items, setActive, heading, aside, children, testId }: ItemListProps<I>) {
  const id = useId();
  return (
    <ol className={styles.items}>
      {items.map((item, index) => {
        const headingId = `${id}-item-${index}`;
        return (
          <li
            key={index}
            className={styles.item}
            onMouseEnter={() => setActive(index)}
            onMouseLeave={() => setActive(null)}
            data-testid={testId}
          >
            <div className={styles.head}>
              <h3 id={headingId} className={styles.index}>
                {heading(index)}
              </h3>
              {aside?.(item, index)}
            </div>
            {children(item, index, headingId)}
          </li>
        );
      })}
    </ol>
  );
}
