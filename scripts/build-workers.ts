// Bundles workers/*.worker.ts into content-hashed files under public/workers/ (remix build empties
// public/build, so they live beside it) and writes manifest.json mapping each worker's name to its URL.
// Also bundles the server's Node worker threads (the deck worker, docs/decisions/020) into build/, beside the server
// build that starts them from its own directory: server code, never served.
// `--watch` (npm run dev) builds them again whenever a file they import changes.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { context, type BuildOptions, type BuildResult, type Plugin } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "public/workers");
const entries = readdirSync(path.join(root, "workers")).filter((f) => f.endsWith(".worker.ts"));
const watching = process.argv.includes("--watch");

/** Runs `done` after each build that succeeded (the first one and, when watching, every rebuild). */
const after = (done: (result: BuildResult) => void): Plugin => ({
  name: "after",
  setup: (build) => build.onEnd((result) => void (result.errors.length === 0 && done(result))),
});

function writeManifest(result: BuildResult) {
  const manifest: Record<string, string> = {};
  for (const [file, meta] of Object.entries(result.metafile!.outputs)) {
    if (!meta.entryPoint) continue;
    const name = path.basename(meta.entryPoint, ".worker.ts");
    manifest[name] = `/workers/${path.basename(file)}`;
  }
  // Files of earlier builds go once the manifest no longer names them (their source maps with them).
  const kept = new Set(Object.values(manifest).flatMap((url) => [path.basename(url), `${path.basename(url)}.map`]));
  for (const file of readdirSync(outdir)) if (!kept.has(file)) rmSync(path.join(outdir, file));
  writeFileSync(path.join(outdir, "manifest.json"), JSON.stringify(manifest, null, 2));
  console.log(
    `workers: ${Object.entries(manifest)
      .map(([n, u]) => `${n} → ${u}`)
      .join(", ")}`,
  );
}

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

const builds: BuildOptions[] = [
  {
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
    plugins: [after(writeManifest)],
  },
  // Node workers: path aliases resolved and bundled in, packages left to node_modules as in the Remix server build.
  {
    entryPoints: { "deck-worker": path.join(root, "app/services/deck-worker.server.ts") },
    outdir: path.join(root, "build"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
    plugins: [after(() => console.log("server workers: deck-worker → build/deck-worker.js"))],
  },
];

for (const options of builds) {
  const ctx = await context(options);
  if (watching) await ctx.watch();
  else {
    const { errors } = await ctx.rebuild();
    await ctx.dispose();
    if (errors.length) process.exit(1);
  }
}
