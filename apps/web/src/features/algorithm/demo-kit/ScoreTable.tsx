import type { ReactNode } from 'react';
import { percent } from './percent.ts';
import styles from './Table.module.css';

export interface ScoreRow {
  /** Stable name of the row (an attribute name). */
  name: string;
  label: ReactNode;
  value: ReactNode;
  /** 0..1, or null when the answer gives none. */
  score: number | null | undefined;
  /** Shown instead of an empty score (why there is none: a heuristic, say), or after a score (what it is). */
  note?: ReactNode;
}

interface ScoreTableProps {
  rows: readonly ScoreRow[];
  labelledBy: string;
  /** Column headings: the attribute, its value, and the score's name (confidence or score). */
  headings: readonly [attribute: string, value: string, score: string];
  /** The demo's own classes beside the shared ones: its look of row headings and numbers. */
  classNames?: { table?: string; numeric?: string };
  testId: string;
}

/** What an answer says about one item, as a real table: attribute, value, score as a percentage. */
export function ScoreTable({ rows, labelledBy, headings, classNames = {}, testId }: ScoreTableProps) {
  if (rows.length === 0) return null;
  const numeric = [styles.numeric, classNames.numeric].filter(Boolean).join(' ');
  return (
    <table
      className={[styles.table, classNames.table].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
      data-testid={testId}
    >
      <thead>
        <tr>
          <th scope="col">{headings[0]}</th>
          <th scope="col">{headings[1]}</th>
          <th scope="col" className={numeric}>
            {headings[2]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} data-attribute={row.name}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
            <td className={numeric}>
              {row.score == null && row.note ? (
                row.note
              ) : row.note ? (
                <>
                  {percent(row.score)} {row.note}
                </>
              ) : (
                percent(row.score)
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
