import { data } from "@remix-run/node";

import type { ManagedSource, SourceValues } from "~/models/monitor.server";
import { MONITORING } from "~/utils/administration";
import { parseForm } from "~/utils/form-schema";
import { readFormData, rethrowResponse } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";
import { httpUrl } from "~/utils/url";

import { SourceSchema, type SourceFormValues } from "./__source-form";

/** The form's values for a source (Add: an active feed checked every hour). */
export function sourceFormValues(source?: ManagedSource | null): SourceFormValues {
  return {
    name: source?.name ?? "",
    kind: source?.kind ?? "rss",
    url: source?.url ?? "",
    status: source?.status ?? "active",
    intervalMinutes: String(source?.intervalMinutes ?? 60),
  };
}

/** The source form's action for Add and Edit: field errors stay on the form; success goes to the list. */
export async function submitSourceForm(
  request: Request,
  { save, done, failed }: { save: (values: SourceValues) => Promise<unknown>; done: string; failed: string },
) {
  const submission = parseForm(await readFormData(request), { schema: SourceSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { url, ...rest } = submission.value;
  try {
    await save({ ...rest, url: rest.kind === "rss" ? (httpUrl(url) ?? undefined) : undefined });
  } catch (error) {
    rethrowResponse(error);
    console.warn(failed, error);
    return data({ result: submission.reply({ formErrors: [failed] }) }, { status: 500 });
  }
  return redirectWithToast(request, MONITORING, { type: "success", message: done });
}
