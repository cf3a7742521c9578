import { useEffect, useRef } from "react";

/** Once `due` (a success the page shows with JavaScript), `then` runs after `ms` — the message is read, then the page
 *  moves on; leaving the page first cancels it. The timer starts once, however often the page draws meanwhile. */
export function useAfter(due: boolean | undefined, ms: number, then: () => void) {
  const latest = useRef(then);
  useEffect(() => {
    latest.current = then;
  });
  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => latest.current(), ms);
    return () => clearTimeout(timer);
  }, [due, ms]);
}
