import type { ManagedSource, SourceValues } from "~/models/monitor.server";
import { saveRecordForm } from "~/services/console/record-form.server";
import { MONITORING } from "~/utils/administration";
import { parseForm } from "~/utils/form-schema";
import { readFormData } from "~/utils/request.server";
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
  return saveRecordForm(request, submission, {
    extra: {},
    save: ({ url, ...rest }) => save({ ...rest, url: rest.kind === "rss" ? (httpUrl(url) ?? undefined) : undefined }),
    to: MONITORING,
    done,
    failed,
  });
}
