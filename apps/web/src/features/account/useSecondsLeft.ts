import { useEffect, useState } from 'react';

/** A countdown in whole seconds: `start(n)` runs it down to 0, one step a second. */
export function useSecondsLeft(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}
