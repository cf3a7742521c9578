// Bundles workers/*.worker.ts into content-hashed files under public/workers/ (remix build empties
// public/build, so they live beside it) and writes manifest.json mapping each worker's name to its URL.
// Also bundles the server's Node worker threads (the deck worker, docs/decisions/020) into build/, beside the server
// build that starts them from its own directory: server code, never served.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "public/workers");
const entries = readdirSync(path.join(root, "workers")).filter((f) => f.endsWith(".worker.ts"));

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

const result = await build({
  entryPoints: entries.map((f) => path.join(root, "workers", f)),
  outdir,
  entryNames: "[name]-[hash]",
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
});

const manifest: Record<string, string> = {};
for (const [file, meta] of Object.entries(result.metafile.outputs)) {
  if (!meta.entryPoint) continue;
  const name = path.basename(meta.entryPoint, ".worker.ts");
  manifest[name] = `/workers/${path.basename(file)}`;
}
writeFileSync(path.join(outdir, "manifest.json"), JSON.stringify(manifest, null, 2));
console.log(
  `workers: ${Object.entries(manifest)
    .map(([n, u]) => `${n} → ${u}`)
    .join(", ")}`,
);

// Node workers: path aliases resolved and bundled in, packages left to node_modules as in the Remix server build.
await build({
  entryPoints: { "deck-worker": path.join(root, "app/services/deck-worker.server.ts") },
  outdir: path.join(root, "build"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("server workers: deck-worker → build/deck-worker.js");
