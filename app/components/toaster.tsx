import { useEffect, useState } from "react";
import { MAX_TOASTS } from "#common/constants";
import type { Toast } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";

const AUTO_DISMISS_MS = 6_000;

/** At most four toasts, bottom right (user-app §9). Server-rendered, so flashed toasts show without JavaScript. */
export function Toaster({ toasts }: { toasts: Toast[] }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState<Toast[]>(toasts);

  // New flashed toasts arrive with every root revalidation; keep the latest four.
  useEffect(() => {
    if (!toasts.length) return;
    setVisible((current) => {
      const known = new Set(current.map((t) => t.id));
      return [...current, ...toasts.filter((t) => !known.has(t.id))].slice(-MAX_TOASTS);
    });
  }, [toasts]);

  useEffect(() => {
    if (!visible.length) return;
    const timer = setTimeout(() => setVisible((current) => current.slice(1)), AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  const shown = hydrated ? visible : toasts.slice(-MAX_TOASTS);
  return (
    <section className="toaster" aria-label="Notifications">
      {shown.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.type}`} role={toast.type === "error" ? "alert" : "status"}>
          <span>{toast.message}</span>
          {hydrated ? (
            <button
              type="button"
              className="toast-close"
              aria-label="Dismiss"
              onClick={() => setVisible((current) => current.filter((t) => t.id !== toast.id))}
            >
              ×
            </button>
          ) : null}
        </div>
      ))}
    </section>
  );
}
