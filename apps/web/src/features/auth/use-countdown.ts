import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a resend is offered; `restart` starts it again (after a resend). */
export function useCountdown(seconds: number): { left: number; restart: (from?: number) => void } {
  const [endsAt, setEndsAt] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (left <= 0) return undefined;
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [left]);

  const restart = useCallback(
    (from: number = seconds) => {
      const t = Date.now();
      setNow(t);
      setEndsAt(t + from * 1000);
    },
    [seconds],
  );
  return { left, restart };
}

/** 45 -> "0:45". */
export const formatCountdown = (s: number): string => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
