import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// The old app registered a service worker; unregister any left behind (user-app §9).
navigator.serviceWorker?.getRegistrations().then((registrations) => registrations.forEach((r) => r.unregister()));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
