import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { readConfig } from "@remix-run/dev/dist/config.js";
import { matchRoutes, type AgnosticRouteObject, type StaticHandlerContext } from "@remix-run/router";
import { createStaticRouter } from "react-router-dom/server";
import { beforeAll, describe, expect, test } from "vitest";

// The router is patched (patches/@remix-run+router+1.23.3.patch) to keep each route tree's flattened, ranked branches
// and each pattern's compiled matcher instead of rebuilding them at every match, and to pass over a branch whose whole
// path cannot match with one test. The server render's side is patched too, so that it matches on one tree a build
// rather than a new one each render (which the kept branches would miss): <RemixServer> keeps the server routes of a
// build's manifest (patches/@remix-run+react+2.17.5.patch) and createStaticRouter the data routes of a route tree
// (patches/react-router-dom+6.30.4.patch). This pins what every route file matches, through the app's own route
// config, on a tree matched again and again (kept branches) and on fresh ones.

const root = path.resolve(import.meta.dirname, "../..");
type Tree = AgnosticRouteObject & { id: string; children?: Tree[] };
type Entry = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; parentId?: string; file: string };

let entries: Entry[] = [];
/** The route tree as Remix's server builds it from the manifest: each route under its parent, in manifest order. */
const treeOf = (): Tree[] => {
  const nodes = new Map(entries.map((e) => [e.id, { id: e.id, path: e.path, index: e.index, caseSensitive: e.caseSensitive } as Tree]));
  const top: Tree[] = [];
  for (const e of entries) {
    const node = nodes.get(e.id)!;
    const parent = e.parentId ? nodes.get(e.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else top.push(node);
  }
  return top;
};

/** An address that a route's own pattern matches: ids for parameters, a word for an optional one, a path for `*`. */
function addressOf(entry: Entry) {
  const chain: Entry[] = [];
  for (let e: Entry | undefined = entry; e; e = entries.find((p) => p.id === e!.parentId)) chain.unshift(e);
  const segments = chain.flatMap((e) => (e.path ?? "").split("/").filter(Boolean));
  return `/${segments.map((s) => (s === "*" ? "some/where" : s.startsWith(":") ? (s.endsWith("?") ? "token123" : "0123456789abcdef01234567") : s)).join("/")}`;
}

beforeAll(async () => {
  const config = await readConfig(root);
  entries = Object.values(config.routes) as Entry[];
});

describe("route matching (patched router)", () => {
  test("the installed router carries the patch", () => {
    const file = createRequire(import.meta.url).resolve("@remix-run/router");
    expect(readFileSync(file, "utf8")).toContain("rankedBranchesByTree");
    expect(readFileSync(file, "utf8")).toContain("branchMatchers");
    const remixServer = path.join(path.dirname(createRequire(import.meta.url).resolve("@remix-run/react")), "server.js");
    expect(readFileSync(remixServer, "utf8")).toContain("serverRoutesCache");
  });

  test("the server render's router gets the same data routes for the same route tree, and its own for another", () => {
    const context = { matches: [], basename: "/", location: { pathname: "/" } } as unknown as StaticHandlerContext;
    const tree = treeOf();
    const once = createStaticRouter(tree, context).routes;
    expect(createStaticRouter(tree, context).routes).toBe(once);
    const other = createStaticRouter(treeOf(), context).routes;
    expect(other).not.toBe(once);
    expect(other.map((r) => r.id)).toEqual(once.map((r) => r.id));
  });

  test("every route file is what its own address matches, on a tree matched again and on a fresh one", () => {
    const kept = treeOf();
    const leaves = entries.filter((e) => e.index || (e.path !== undefined && e.id !== "root"));
    expect(leaves.length).toBeGreaterThan(90);
    for (const round of [1, 2]) {
      for (const entry of leaves) {
        const address = addressOf(entry);
        const ids = (tree: Tree[]) => matchRoutes(tree, address)?.map((m) => m.route.id);
        const matched = ids(kept);
        // A layout with a path of its own answers its address through its index route, when it has one.
        const own = entries.find((e) => e.parentId === entry.id && e.index)?.id ?? entry.id;
        expect(matched?.at(-1), `${address} (round ${round})`).toBe(own);
        expect(ids(treeOf()), `${address} on a fresh tree`).toEqual(matched);
      }
    }
  });

  test("the same answers for addresses around the routes: the root, unknown paths, trailing slashes, case, encoding", () => {
    const kept = treeOf();
    const leaf = (address: string) => matchRoutes(kept, address)?.at(-1)?.route.id;
    const cases: Array<[string, string]> = [
      ["/", "routes/_app+/_index"],
      ["/no/such/page", "routes/$"],
      ["/news/drafts", "routes/_app+/news+/drafts"],
      ["/news/drafts/", "routes/_app+/news+/drafts"],
      ["/NEWS/Drafts", "routes/_app+/news+/drafts"],
      ["/news/0123456789abcdef01234567", "routes/_app+/news+/$newsId"],
      ["/news/caf%C3%A9", "routes/_app+/news+/$newsId"],
      ["/reset", "routes/_auth+/reset.($token)"],
      ["/administration/users/edit/0123456789abcdef01234567", "routes/_app+/administration+/users+/edit.$userId"],
    ];
    for (let round = 0; round < 3; round++) for (const [address, id] of cases) expect(leaf(address), address).toBe(id);
    expect(matchRoutes(kept, "/news/caf%C3%A9")?.at(-1)?.params.newsId).toBe("café");
  });
});
