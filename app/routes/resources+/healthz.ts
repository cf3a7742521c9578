import { pingDb } from "#db/connection.server";

/** Load-balancer health check: 200 when the database answers, 503 otherwise. Public: it says nothing else. */
export async function loader() {
  const ok = await pingDb();
  return Response.json({ ok }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
