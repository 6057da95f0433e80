/** A 0..1 score or confidence as a whole percentage; an absent one as a dash. */
export function percent(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${Math.round(value * 100)}%` : '—';
}
