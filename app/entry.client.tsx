import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

import { rememberDrawnHere } from "./reports/drawn-here";

// The old app registered a service worker; unregister any left behind (user-app §9).
navigator.serviceWorker?.getRegistrations().then((registrations) => registrations.forEach((r) => r.unregister()));

// This browser runs the page's scripts: its report pages can come without the server's interim tables.
rememberDrawnHere();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
