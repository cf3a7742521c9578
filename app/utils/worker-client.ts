import { useRouteLoaderData } from "@remix-run/react";
import * as Comlink from "comlink";

/** Starts a module worker from its hashed URL and wraps it with Comlink; `dispose` terminates it. */
export function connectWorker<T>(url: string) {
  const worker = new Worker(url, { type: "module" });
  const api = Comlink.wrap<T>(worker);
  return {
    api,
    dispose: () => {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}

/** The content-hashed URL of a built worker by name, from the root loader's data (`workerUrls`). */
export const workerUrlOf = (rootData: unknown, name: string): string | undefined =>
  (rootData as { workers?: Record<string, string> } | undefined)?.workers?.[name];

/** The content-hashed URL of a built worker by name, as the root loader hands them to every page. */
export function useWorkerUrl(name: string): string | undefined {
  return workerUrlOf(useRouteLoaderData("root"), name);
}
