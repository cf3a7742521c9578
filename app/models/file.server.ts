import { findFile, openFileStream, type FilePurpose } from "#db/files.server";
import { Compound, News } from "#db/models/index.server";
import { pendingOwner } from "~/utils/attachments.server";
import { can, isEditorOrAdmin } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";

import { findPermittedDisease } from "./disease.server";
import { findPermittedClient } from "./permitted-client.server";

// Who may download a stored file, by what it belongs to. A file without a known purpose is served to no one.
const MAY_READ: Record<FilePurpose, (user: SessionUser, owner: string) => Promise<boolean>> = {
  // Companies are shared reference data: their logos appear on every client's reports.
  "company-logo": async () => true,
  // As the compound's disease (the console's editors see the compounds of the diseases they hold).
  "compound-logo": async (user, owner) => {
    const compound = await Compound.findById(owner).select("disease").lean();
    return Boolean(compound?.disease) && (await findPermittedDisease({ user, id: String(compound!.disease) })).status === "ok";
  },
  // The console's client editor shows inactive clients' logos too.
  "client-logo": async (user, owner) => can(user, "client:manage") || (await findPermittedClient({ user, id: owner })) !== null,
  // A disease's workbook reaches readers only as report data, through /resources/sheet/{id}.
  "sheet-upload": async () => false,
  // A sheet's earlier content, likewise (through the reports' asOf).
  "sheet-version": async () => false,
  // As the news item: published to whoever may see its disease; drafts to the editors and admins who may.
  "news-attachment": async (user, owner) => {
    // An upload not yet saved with an item: its uploader's, for the form they are writing.
    if (owner.startsWith("pending:")) return owner === pendingOwner(user);
    const news = await News.findById(owner).select("disease status").lean();
    if (!news?.disease || (news.status !== "published" && !isEditorOrAdmin(user))) return false;
    return (await findPermittedDisease({ user, id: String(news.disease) })).status === "ok";
  },
};

/**
 * A stored file, and how to read its bytes, if `user` may see it; null when there is no such file or they may not —
 * the same answer, so ids of other clients' files cannot be probed.
 */
export async function findPermittedFile({ id, user }: { id: string; user: SessionUser }) {
  const file = await findFile(id);
  const { purpose, owner } = file?.metadata ?? {};
  if (!file || !purpose || !owner || !(purpose in MAY_READ)) return null;
  if (!(await MAY_READ[purpose](user, owner))) return null;
  return { ...file, open: () => openFileStream(file.id) };
}
