// CLI: `tsx db/seed/index.ts [--if-empty]` (npm run db:seed). Reads MONGODB_URI.
// --if-empty leaves a database that already has users untouched (the demo start script runs it on every start).
import { connectDb, disconnectDb } from "#db/connection.server";
import { User } from "#db/models/user.server";

import { seed } from "./seed.server";

async function main() {
  const ifEmpty = process.argv.includes("--if-empty");
  await connectDb();
  try {
    if (ifEmpty && (await User.exists({}))) {
      console.log("seed: users exist, nothing to do (--if-empty)");
      return;
    }
    const summary = await seed();
    const { warnings, timings, ms, ...counts } = summary;
    console.log(
      `seed: done in ${(ms / 1000).toFixed(1)} s (${Object.entries(timings)
        .map(([k, v]) => `${k} ${v} ms`)
        .join(", ")})`,
    );
    console.log(
      Object.entries(counts)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join("\n"),
    );
    for (const w of warnings) console.warn(`seed: warning: ${w}`);
  } finally {
    await disconnectDb();
  }
}

main().catch((error) => {
  console.error("seed failed:", error);
  process.exitCode = 1;
});
