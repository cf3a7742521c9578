import { Form, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

import { MAX_TOASTS } from "#common/constants";
import type { Toast } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";

const AUTO_DISMISS_MS = 6_000;

/** At most four toasts, bottom right (user-app §9). Server-rendered, so flashed toasts show without JavaScript. */
export function Toaster({ toasts }: { toasts: Toast[] }) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
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
    // A toast with an action ('Undo') stays until dismissed: there is no telling how long the user needs to decide.
    const timer = setTimeout(
      () =>
        setVisible((current) => {
          const oldest = current.findIndex((t) => !t.action);
          return oldest < 0 ? current : current.filter((_, i) => i !== oldest);
        }),
      AUTO_DISMISS_MS,
    );
    return () => clearTimeout(timer);
  }, [visible]);

  const shown = hydrated ? visible : toasts.slice(-MAX_TOASTS);
  return (
    <section className="toaster" aria-label="Notifications">
      {shown.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.type}`} role={toast.type === "error" ? "alert" : "status"}>
          <span>{toast.message}</span>
          {toast.action ? (
            <Form method="post" action={toast.action.post} className="toast-action">
              <input type="hidden" name="redirectTo" value={pathname + search} />
              <button type="submit">{toast.action.label}</button>
            </Form>
          ) : null}
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
