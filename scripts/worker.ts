// CLI: `npm run worker` — the background jobs (keyword monitoring, digests) without serving pages: for a deployment
// that keeps them off its web servers (SCHEDULER=off there). Any number of workers and app servers share the schedule
// through MongoDB (docs/decisions/017-keyword-monitoring.md). Stops cleanly on SIGTERM/SIGINT.
import { connectDb, disconnectDb } from "#db/connection.server";
import { startScheduler, stopScheduler } from "~/services/scheduler.server";
import { env } from "~/utils/env.server";

async function main() {
  env();
  await connectDb();
  process.env.SCHEDULER = "on";
  await startScheduler();
  console.log(`worker ${process.pid}: scheduler started`);
  const stop = async () => {
    await stopScheduler();
    await disconnectDb();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
}

main().catch((error) => {
  console.error("worker failed:", error);
  process.exit(1);
});
