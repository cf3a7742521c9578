// CLI: `npm run digests` — sends the saved-search digests and the followed diseases' digests that are due, then exits (for a cron job or systemd timer;
// see README "Saved searches and digests"). Reads MONGODB_URI, APP_URL, SESSION_SECRET and the mail settings.
import { connectDb, disconnectDb } from "#db/connection.server";
import { sendDueDigests } from "~/services/digests.server";
import { sendDueFollowDigests } from "~/services/follow-digests.server";

async function main() {
  await connectDb();
  try {
    console.log(`digests: ${await sendDueDigests()} sent`);
    console.log(`follow digests: ${await sendDueFollowDigests()} sent`);
  } finally {
    await disconnectDb();
  }
}

main().catch((error) => {
  console.error("digests failed:", error);
  process.exitCode = 1;
});
