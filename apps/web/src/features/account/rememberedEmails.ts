/** Login e-mails remembered on this browser and offered as suggestions. */
const KEY = 'pixora.loginEmails';
const MAX = 5;

export function rememberedEmails(): string[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((e): e is string => typeof e === 'string').slice(0, MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts `email` first in the list, without duplicates, keeping the last few. */
export function rememberEmail(email: string): void {
  const value = email.trim();
  if (!value) return;
  const next = [value, ...rememberedEmails().filter((e) => e.toLowerCase() !== value.toLowerCase())].slice(
    0,
    MAX,
  );
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Without storage there are no suggestions; logging in still works.
  }
}
