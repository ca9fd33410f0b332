import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `deadline` (a Date.now() value), starting from `seconds` and ticking
 * down to 0. It reads the clock on every tick, so a phone that slept or a throttled background tab
 * still shows the true time left. Give the component a new `key` for a new deadline.
 */
export function useCountdown(deadline: number, seconds: number): number {
  const [remaining, setRemaining] = useState(() => Math.max(0, Math.ceil(seconds)));

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline, seconds]);

  return remaining;
}

/** m:ss, as the resend countdown shows it ("0:42"). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
