// First-load JavaScript of a page: the files a browser fetches before the page is interactive — the entry, and each
// matched route's module with its imports (what Remix lists as modulepreload) — compressed as the server sends them:
// the build's brotli copies (browsers on HTTPS), or gzip at the compression middleware's level (plain HTTP). Reads
// the build's asset manifest (public/build/manifest-*.js), so it needs `npm run build` first.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";

const root = path.resolve(import.meta.dirname, "../..");

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }>;
}

export interface PageWeight {
  path: string;
  files: number;
  gzipBytes: number;
  brotliBytes: number;
}

export function firstLoadJs(paths: string[]): PageWeight[] {
  const name = readdirSync(path.join(root, "public/build")).find((f) => /^manifest-\w+\.js$/.test(f));
  if (!name) throw new Error("no public/build/manifest-*.js: run npm run build first");
  const assets = JSON.parse(
    readFileSync(path.join(root, "public/build", name), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;\s*$/, ""),
  ) as Manifest;
  const routes = Object.values(assets.routes);
  const tree = (parentId: string | undefined): AgnosticRouteObject[] =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) => (r.index ? { id: r.id, index: true, path: r.path } : { id: r.id, path: r.path, children: tree(r.id) }));
  const sizes = new Map<string, { gzip: number; brotli: number }>();
  const sizeOf = (url: string) => {
    if (!sizes.has(url)) {
      const file = path.join(root, "public", url);
      sizes.set(url, { gzip: gzipSync(readFileSync(file)).length, brotli: statSync(`${file}.br`).size });
    }
    return sizes.get(url)!;
  };
  return paths.map((p) => {
    const matched = matchRoutes(tree(undefined), p) ?? [];
    const files = new Set([assets.entry.module, ...assets.entry.imports]);
    for (const m of matched) {
      const route = assets.routes[m.route.id!]!;
      files.add(route.module);
      for (const i of route.imports ?? []) files.add(i);
    }
    const total = (kind: "gzip" | "brotli") => [...files].reduce((sum, f) => sum + sizeOf(f)[kind], 0);
    return { path: p, files: files.size, gzipBytes: total("gzip"), brotliBytes: total("brotli") };
  });
}
