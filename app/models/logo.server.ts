import { deleteFile, fileIdOf } from "#db/files.server";

/** A record's logo as stored (clients, companies, compounds): the original's address and its thumbnails'. */
type StoredLogo = { logo?: string | null; thumbnails?: { w80?: string | null; w200?: string | null } | null };

/** Deletes the files of a record's logo, once it is replaced or removed or the record deleted (an address that is not
 *  one of the app's files has none). */
export async function deleteLogoFiles(record: StoredLogo) {
  for (const id of [record.logo, record.thumbnails?.w80, record.thumbnails?.w200].flatMap((url) => fileIdOf(url) ?? []))
    await deleteFile(id);
}
