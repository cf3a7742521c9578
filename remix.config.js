import { flatRoutes } from "remix-flat-routes";

/** Remix v2 classic compiler. Workers are built separately by scripts/build-workers.ts (remix build empties public/build). */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes are folders (remix-flat-routes, as Epic Stack): `_auth+/login.tsx` is /login, and a route's own form,
  // schema and server code sit beside it as `__name.tsx` / `__name.server.ts`, which are not routes.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: [".*", "**/*.css", "**/*.test.{js,jsx,ts,tsx}", "**/__*.*", "**/*.server.*"],
    }),
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverDependenciesToBundle: [/^@conform-to/],
  watchPaths: ["./common/**/*", "./db/**/*", "./workers/**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    // Off on purpose: its MutationObserver runs querySelectorAll over every changed subtree, which made each frame
    // of a drawing report (thousands of nodes appended) cost hundreds of ms. The app's route manifest is small.
    v3_lazyRouteDiscovery: false,
  },
};
