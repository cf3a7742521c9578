/// <reference lib="webworker" />
import * as Comlink from "comlink";
import { ENGINE_VERSION } from "./engine/version";

// The report engine runs here, off the main thread; the page talks to it through Comlink.
export const api = {
  info() {
    return { version: ENGINE_VERSION };
  },
};

export type EngineApi = typeof api;

Comlink.expose(api);
