import { connectDb, trusted } from "#db/connection.server";
import { Client, Disease, TherapeuticArea } from "#db/models/index.server";

type Scoped = { client?: unknown; therapeuticArea?: unknown; disease?: unknown };
/** The client, area and disease names of a page of records (a console list's columns): three queries a page. */
export async function scopeNamesOf(items: ReadonlyArray<Scoped>) {
  await connectDb();
  const ids = (key: keyof Scoped) => [...new Set(items.flatMap((i) => (i[key] ? [String(i[key])] : [])))];
  const byId = (rows: Array<{ _id: unknown; name: string }>) => new Map(rows.map((r) => [String(r._id), r.name]));
  const [clients, areas, diseases] = await Promise.all([
    Client.find({ _id: trusted({ $in: ids("client") }) })
      .select("name")
      .lean()
      .then(byId),
    TherapeuticArea.find({ _id: trusted({ $in: ids("therapeuticArea") }) })
      .select("name")
      .lean()
      .then(byId),
    Disease.find({ _id: trusted({ $in: ids("disease") }) })
      .select("name")
      .lean()
      .then(byId),
  ]);
  return (i: Scoped) => ({
    client: clients.get(String(i.client)) ?? "",
    area: areas.get(String(i.therapeuticArea)) ?? "",
    disease: diseases.get(String(i.disease)) ?? "",
  });
}
