import type { MetaFunction } from "@remix-run/node";
import { useEffect, useState } from "react";

import { APP_VERSION } from "#common/constants";
import type { EngineApi } from "#workers/engine.worker";
import { useHydrated } from "~/utils/use-hydrated";
import { connectWorker, useWorkerUrl } from "~/utils/worker-client";

export const meta: MetaFunction = () => [{ title: "About | Pharmascope" }];

export default function AboutPage() {
  const engineUrl = useWorkerUrl("engine");
  const hydrated = useHydrated();
  const [engine, setEngine] = useState<string | null>(null);
  // Asks the report-engine worker for its build through Comlink: proves workers load in this browser.
  useEffect(() => {
    if (!engineUrl) return;
    const { api, dispose } = connectWorker<EngineApi>(engineUrl);
    api.info().then(
      (info) => setEngine(`ready (engine ${info.version})`),
      () => setEngine("unavailable in this browser"),
    );
    return dispose;
  }, [engineUrl]);
  return (
    <section className="page narrow">
      <h1 className="page-title">About Pharmascope</h1>
      <p>
        Version: <strong>{APP_VERSION}</strong>
      </p>
      <p className="muted">Market intelligence for pharma and biotech: therapeutic areas, diseases, pipelines, events and news.</p>
      <p data-testid="engine-status">Report engine: {engine ?? (hydrated ? "starting…" : "needs JavaScript")}</p>
    </section>
  );
}
