const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The product's date formatter: year-month-day hour:minute:second by default; a ten-digit
 * number (as text or number) is a timestamp in seconds, ISO text is read as such. Unreadable
 * values come back unchanged.
 */
export function formatDateTime(value: string | number | null | undefined, withTime = true): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  const date = /^\d{10}$/.test(text)
    ? new Date(Number(text) * 1000)
    : /^\d{13}$/.test(text)
      ? new Date(Number(text))
      : new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return withTime
    ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
    : day;
}
