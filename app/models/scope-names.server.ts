import { connectDb, trusted } from "#db/connection.server";
import { Client, Disease, TherapeuticArea } from "#db/models/index.server";

type Scoped = { client?: unknown; therapeuticArea?: unknown; disease?: unknown };
/** The client, area and disease names of a page of records (a console list's columns): three queries a page at most. */
export async function scopeNamesOf(items: ReadonlyArray<Scoped>) {
  await connectDb();
  // A collection none of the items names is not asked (an empty page, a list of clients only).
  const namesIn = async (model: typeof Client | typeof TherapeuticArea | typeof Disease, key: keyof Scoped) => {
    const ids = [...new Set(items.flatMap((i) => (i[key] ? [String(i[key])] : [])))];
    const rows: Array<{ _id: unknown; name: string }> = ids.length
      ? await (model as typeof Client)
          .find({ _id: trusted({ $in: ids }) })
          .select("name")
          .lean()
      : [];
    return new Map(rows.map((r) => [String(r._id), r.name]));
  };
  const [clients, areas, diseases] = await Promise.all([
    namesIn(Client, "client"),
    namesIn(TherapeuticArea, "therapeuticArea"),
    namesIn(Disease, "disease"),
  ]);
  return (i: Scoped) => ({
    client: clients.get(String(i.client)) ?? "",
    area: areas.get(String(i.therapeuticArea)) ?? "",
    disease: diseases.get(String(i.disease)) ?? "",
  });
}
