// The functions a V8 CPU profile (node --cpu-prof) spent most of its own time in, grouped by function and place.
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** The top `count` functions by own time, as a share of the samples the process was not idle. */
export function topFunctions(file: string, count: number) {
  const { nodes } = JSON.parse(readFileSync(file, "utf8")) as { nodes: ProfileNode[] };
  const byName = new Map<string, number>();
  let busy = 0;
  for (const { callFrame, hitCount = 0 } of nodes) {
    if (callFrame.functionName === "(idle)" || !hitCount) continue;
    busy += hitCount;
    // node_modules/<package>/… or the app's own file, with the line.
    const place = callFrame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(build|server)\//, "$1/");
    const name = `${callFrame.functionName || "(anonymous)"}${place ? ` ${place}:${callFrame.lineNumber + 1}` : ""}`;
    byName.set(name, (byName.get(name) ?? 0) + hitCount);
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, hits]) => ({ name, percent: (100 * hits) / busy }));
}
