import { News } from "#db/models/news.server";

/** Renames companies or compounds in the names the news items naming them carry (News.names), one round trip. */
export async function renameInNews(kind: "companies" | "compounds", renamed: ReadonlyArray<{ id: unknown; name: string }>) {
  if (!renamed.length) return;
  await News.bulkWrite(
    renamed.map(({ id, name }) => ({ updateMany: { filter: { [kind]: id }, update: { $set: { [`names.${String(id)}`]: name } } } })),
  );
}
