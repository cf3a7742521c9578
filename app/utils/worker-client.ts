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

/** The content-hashed URL of a built worker by name, as the root loader hands them to every page (`workerUrls`). */
export function useWorkerUrl(name: string): string | undefined {
  return useRouteLoaderData<{ workers: Record<string, string> }>("root")?.workers[name];
}
