import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// How long the app's own work holds the event loop: for the tests of the trust rule (no upload, import or export holds
// it past 100 ms) and for the benchmarks that print the figures at size.

setFlagsFromString("--expose-gc"); // exposes `gc` to the contexts made after it
const collectGarbage = runInNewContext("gc") as () => void;

/**
 * Runs `work` with a probe on the event loop: a timer every 10 ms notes how much CPU time the main thread spent since
 * the last tick. The most is the longest the loop was held by work of this process (time the machine gave to other
 * processes does not count, so a busy machine does not fail the test); the wall-clock lag is given too. The probe
 * starts on a collected heap: a collection of garbage made before the work (a test's fixture, built just before: 180 MB
 * of sheet XML) would otherwise pause the loop inside the probe and be counted as the work's.
 */
export async function longestBlock<T>(work: () => Promise<T>): Promise<{ result: T; blockedMs: number; lagMs: number }> {
  collectGarbage();
  let blockedMs = 0;
  let lagMs = 0;
  let cpu = process.threadCpuUsage();
  let wall = performance.now();
  const tick = () => {
    const used = process.threadCpuUsage(cpu);
    blockedMs = Math.max(blockedMs, (used.user + used.system) / 1000);
    lagMs = Math.max(lagMs, performance.now() - wall);
    cpu = process.threadCpuUsage();
    wall = performance.now();
  };
  const probe = setInterval(tick, 10);
  try {
    const result = await work();
    tick(); // the stretch since the last tick
    return { result, blockedMs, lagMs };
  } finally {
    clearInterval(probe);
  }
}
