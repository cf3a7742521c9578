import type { MetaFunction } from "@remix-run/node";

/** A page's `meta`: its title in the browser's tab, "Keyword List | Pharmascope". */
export const titled =
  (title: string): MetaFunction =>
  () => [{ title: `${title} | Pharmascope` }];
