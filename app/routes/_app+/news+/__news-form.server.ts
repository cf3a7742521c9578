import { data } from "@remix-run/node";

import { ATTACHMENT_MAX_BYTES } from "#common/constants";
import { NEWS_ADD_FAILED, NEWS_ADDED, NEWS_UPDATE_FAILED, NEWS_UPDATED } from "#common/messages";
import { companyChoices } from "~/models/company.server";
import {
  checkNewsScope,
  createNews,
  newsCheckOptions,
  NewsFormError,
  newsValuesOf,
  updateNews,
  type EditorNews,
} from "~/models/news.server";
import { cascadeResult, clearRefused, readCascade } from "~/services/console/cascade.server";
import { saveRecordForm, unreadableForm } from "~/services/console/record-form.server";
import { DRAFTS_LIST, NEWS_FEED } from "~/utils/administration";
import { AttachmentError, ATTACHMENTS_PER_UPLOAD, storeAttachments } from "~/utils/attachments.server";
import { dateRangePresets } from "~/utils/dates";
import { parseForm } from "~/utils/form-schema";
import { NewsSchema } from "~/utils/news-schema";
import { readUploadForm } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";

import { UPLOAD_FIELD } from "./__news-form";

/**
 * The news form's action for Add and Edit. Files sent with the form (no JavaScript) are stored first and join the
 * attachments, so a form sent back with errors keeps them; 'Choose' and the list buttons re-render the form with the
 * options of its selection; a selection outside the admin's permissions gets the spec's message and its dependent
 * fields cleared; a failed write keeps the form with the spec's message. Success: the item's own page, or the drafts
 * list for a draft, with the spec's message.
 */
export async function submitNewsForm(request: Request, user: SessionUser, news?: EditorNews) {
  const stored = news?.publishedAt;
  const read = await readUploadForm(request, {
    maxBytes: ATTACHMENTS_PER_UPLOAD * ATTACHMENT_MAX_BYTES,
    tooLarge: `Attach at most ${ATTACHMENTS_PER_UPLOAD} files of ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`,
  });
  if ("error" in read) return unreadableForm(read, { options: null });
  const form = read.form;
  const files = form.getAll(UPLOAD_FIELD).filter((f): f is File => typeof f !== "string" && f.size > 0);
  form.delete(UPLOAD_FIELD);
  const { cascade } = readCascade(form, ["compounds"]);

  const text = (name: string) => String(form.get(name) ?? "");
  // What was chosen before stays choosable (a company made inactive since the item was written).
  const keep = { companies: form.getAll("companies").map(String), compounds: form.getAll("compounds").map(String) };
  const checked = await newsCheckOptions({ user, client: text("client"), area: text("therapeuticArea"), disease: text("disease"), keep });
  const scope = await checkNewsScope({
    values: { client: text("client"), therapeuticArea: text("therapeuticArea"), disease: text("disease"), ...keep },
    options: checked,
  });
  // The whole list of companies only for a form answered again.
  const options = async () => ({ ...checked, companies: await companyChoices(keep.companies) });
  if (scope) clearRefused(form, scope.field, ["compounds"]);

  const fieldErrors: Record<string, string[]> = scope ? { [scope.field]: [scope.message] } : {};
  if (files.length) {
    try {
      const count = Math.max(-1, ...[...form.keys()].map((k) => Number(k.match(/^attachments\[(\d+)\]/)?.[1] ?? -1))) + 1;
      (await storeAttachments(user, files)).forEach((file, i) => {
        form.set(`attachments[${count + i}].name`, file.name);
        form.set(`attachments[${count + i}].link`, file.link);
      });
    } catch (error) {
      if (!(error instanceof AttachmentError)) throw error;
      fieldErrors.attachments = [error.message];
    }
  }

  const submission = parseForm(form, { schema: NewsSchema });
  // 'Choose': the form again with the new options, no messages yet.
  if (cascade) return data({ result: cascadeResult(submission.reply().initialValue, scope), options: await options() });
  const { max } = dateRangePresets();
  const late =
    !Object.keys(fieldErrors).length &&
    submission.status === "success" &&
    submission.value.publishedAt &&
    !(submission.value.publishedAt <= max);
  return saveRecordForm(request, submission, {
    extra: async () => ({ options: await options() }),
    fieldErrors: { ...fieldErrors, ...(late ? { publishedAt: [`Choose a day until ${max}`] } : {}) },
    save: async (value) => {
      const values = newsValuesOf(value, stored);
      const id = await (news ? updateNews({ user, news, values }) : createNews({ user, values }));
      // A published item opens on its own page (it may belong to another client than the one the feed shows), a draft
      // goes to the drafts.
      return values.status === "published" ? `${NEWS_FEED}/${id}` : DRAFTS_LIST;
    },
    to: (page) => page,
    ...(news ? { done: NEWS_UPDATED, failed: NEWS_UPDATE_FAILED } : { done: NEWS_ADDED, failed: NEWS_ADD_FAILED }),
    refused: (error) => (error instanceof NewsFormError ? error : undefined),
  });
}
