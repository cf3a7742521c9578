import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

type StatusHandler = (info: { error: { status: number; data: unknown } }) => ReactNode;

const DEFAULT_MESSAGES: Record<number, string> = {
  400: "The request was not understood.",
  403: "You don't have access to this page.",
  404: "We couldn't find what you were looking for.",
  429: "Too many attempts. Please wait a moment and try again.",
  503: "The service is temporarily unavailable. Please try again in a moment.",
};

/**
 * Route error boundary with per-status handling; unexpected errors never show internals to the user. `failed` is the
 * spec's fallback for what the page could not load (admin-console §8: 'Unexpected error occured while getting
 * companies!'), shown when it failed on the server's side (an error, a 500 or a 503) instead of the generic text.
 */
export function GeneralErrorBoundary({ statusHandlers = {}, failed }: { statusHandlers?: Record<number, StatusHandler>; failed?: string }) {
  const error = useRouteError();
  // An answer the page meant (a 403, a 404) is no fault: only what went wrong goes to the browser's console.
  if (typeof document !== "undefined" && !(isRouteErrorResponse(error) && error.status < 500)) console.error(error);
  if (failed && (!isRouteErrorResponse(error) || error.status >= 500) && !(isRouteErrorResponse(error) && statusHandlers[error.status])) {
    return (
      <div className="error-panel" role="alert">
        <h1>Something went wrong</h1>
        <p>{failed}</p>
        {isRouteErrorResponse(error) && error.status === 503 ? <p>{DEFAULT_MESSAGES[503]}</p> : null}
        <Link to="/dashboard">Take Me Home</Link>
      </div>
    );
  }
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    const message = typeof error.data === "string" && error.data ? error.data : DEFAULT_MESSAGES[error.status];
    return (
      <div className="error-panel" role="alert">
        {handler ? (
          handler({ error })
        ) : (
          <>
            <h1>{error.status === 403 ? "Access denied" : `Error ${error.status}`}</h1>
            <p>{message ?? "Something went wrong."}</p>
          </>
        )}
        <Link to="/dashboard">Take Me Home</Link>
      </div>
    );
  }
  return (
    <div className="error-panel" role="alert">
      <h1>Something went wrong</h1>
      <p>Unexpected Error occured! Please try again.</p>
      <Link to="/dashboard">Take Me Home</Link>
    </div>
  );
}
