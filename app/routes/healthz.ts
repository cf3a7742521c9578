import { connectDb } from "#db/connection.server";

/** Load-balancer health check: 200 when the database answers, 503 otherwise. */
export async function loader() {
  try {
    const mongoose = await connectDb();
    await mongoose.connection.db!.admin().ping();
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
