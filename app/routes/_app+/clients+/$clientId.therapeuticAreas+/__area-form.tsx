import { getFormProps, type SubmissionResult } from "@conform-to/react";
import * as z from "zod/mini";

import { usePlacedForm, type FormPlacement } from "~/components/console/dialog";
import { ErrorList, InputFor, useSchemaForm } from "~/components/forms";

/** The area dialog's one input, 'Area name' (user-app §2); no length rule in the spec beyond a sane cap. */
export const AreaSchema = z.object({
  name: z
    .string({ error: "Area name is required" })
    .check(z.trim(), z.minLength(1, "Area name is required"), z.maxLength(200, "Maximum 200 characters")),
});

/** The therapeutic area dialog (or its page without JavaScript): titled New or Edit, button Add or Update. */
export function AreaForm({
  mode,
  defaultName,
  lastResult,
  ...placement
}: {
  mode: "new" | "edit";
  defaultName?: string;
  lastResult?: SubmissionResult<string[]> | null;
} & FormPlacement) {
  const placed = usePlacedForm(`area-${mode}`, placement);
  const [form, fields] = useSchemaForm(AreaSchema, {
    id: `area-${mode}`,
    lastResult: placed.result ?? lastResult,
    defaultValue: { name: defaultName ?? "" },
    shouldRevalidate: "onInput",
  });
  return (
    <placed.FormTag method="post" action={placed.action} className="form-card" {...getFormProps(form)}>
      <h1 className="page-title">{mode === "new" ? "New" : "Edit"}</h1>
      <InputFor meta={fields.name} label="Area name" extra={{ autoFocus: true }} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="form-actions">
        {placed.cancel}
        <button className="button primary" type="submit" disabled={placed.busy}>
          {mode === "new" ? "Add" : "Update"}
        </button>
      </div>
    </placed.FormTag>
  );
}
