// @ts-check
// Serves the brotli copies that scripts/compress-assets.ts writes beside the hashed build files, to browsers that
// accept brotli; everything else falls through to express.static (and the compression middleware's gzip).
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const TYPES = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };

/** @param {string} dir */
function brotliFiles(dir, prefix = "") {
  /** @type {Set<string>} */
  const found = new Set();
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    return found;
  }
  for (const name of names) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) for (const f of brotliFiles(full, `${prefix}/${name}`)) found.add(f);
    else if (name.endsWith(".br")) found.add(`${prefix}/${name.slice(0, -3)}`);
  }
  return found;
}

/**
 * Express middleware for a folder of immutable assets (mounted at its URL prefix, before express.static).
 * @param {string} dir
 * @returns {import("express").RequestHandler}
 */
export function precompressed(dir) {
  const files = brotliFiles(dir);
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !files.has(req.path)) return next();
    res.vary("Accept-Encoding");
    if (!/\bbr\b/.test(req.get("accept-encoding") ?? "")) return next();
    const type = TYPES[/** @type {keyof typeof TYPES} */ (path.extname(req.path))];
    res.set({ "Content-Encoding": "br", "Content-Type": type });
    req.url = `${req.path}.br`;
    next();
  };
}
