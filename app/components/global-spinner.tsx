import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

const SHOW_AFTER_MS = 400;

/** The global dimming spinner: appears only when a navigation takes long enough to notice (user-app §2, §9). */
export function GlobalSpinner() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) return setVisible(false);
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <div className="global-backdrop" data-active={visible} aria-hidden={!visible}>
      {visible ? <div className="spinner" role="progressbar" aria-label="Loading" /> : null}
    </div>
  );
}
