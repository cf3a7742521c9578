import "@remix-run/node";

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    cspNonce?: string;
    clientAddress?: string;
  }
}
declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    clientAddress?: string;
  }
}
