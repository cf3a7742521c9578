import { SOURCE_ADDED, SOURCE_SAVE_FAILED, SOURCE_UPDATED } from "#common/messages";
import { createSource, updateSource, type ManagedSource } from "~/models/monitor.server";
import { confirmedDeleteRoutes } from "~/services/console/confirm.server";
import { SOURCES } from "~/services/console/managed.server";
import { recordFormRoutes, saveRecordForm } from "~/services/console/record-form.server";
import { MONITORING } from "~/utils/administration";
import { parseForm } from "~/utils/form-schema";
import { readFormData } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";
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

/** The source form's action for Add and Edit (of `source`): field errors stay on the form; success goes to the list. */
export async function submitSourceForm(request: Request, actor: SessionUser, source?: ManagedSource) {
  const submission = parseForm(await readFormData(request), { schema: SourceSchema });
  return saveRecordForm(request, submission, {
    extra: {},
    save: ({ url, ...rest }): Promise<unknown> => {
      const values = { ...rest, url: rest.kind === "rss" ? (httpUrl(url) ?? undefined) : undefined };
      return source ? updateSource({ actor, source, values }) : createSource({ actor, values });
    },
    to: MONITORING,
    done: source ? SOURCE_UPDATED : SOURCE_ADDED,
    failed: SOURCE_SAVE_FAILED,
  });
}

/** Add's loader, Edit's and the action of both, each calling the guard first (`recordFormRoutes`). */
export const { addLoader, editLoader, action } = recordFormRoutes(SOURCES, {
  page: ({ record }) => ({ defaultValue: sourceFormValues(record) }),
  submit: submitSourceForm,
});

/** The Delete route's loader and action, each calling the guard first (`confirmedDeleteRoutes`): the kind's `deletion`. */
export const { deleteLoader, deleteAction } = confirmedDeleteRoutes(SOURCES, (source) => ({ name: source.name }));
