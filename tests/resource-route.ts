import { createRequestHandler, type ServerBuild } from "@remix-run/node";

/**
 * A resource route (a route module without a component) served by Remix's own request handler, as the app's server
 * serves it: the status, headers and body a browser gets. Calling the action directly does not show them — a `data()`
 * returned by a resource route reaches the browser as a 200 whatever its status.
 */
export function serveResourceRoute(path: string, module: { loader?: unknown; action?: unknown }) {
  const build = {
    mode: "production",
    entry: { module: { default: () => new Response("Not a document route", { status: 500 }) } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      route: { id: "route", parentId: "root", path: path.replace(/^\//, ""), module },
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_singleFetch: true,
      v3_lazyRouteDiscovery: false,
    },
    isSpaMode: false,
  } as unknown as ServerBuild;
  return createRequestHandler(build, "production");
}
