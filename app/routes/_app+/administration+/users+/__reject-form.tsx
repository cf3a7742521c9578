import { getFormProps, type SubmissionResult } from "@conform-to/react";
import * as z from "zod/mini";

import { FormDialog, usePlacedForm, type FormPlacement } from "~/components/console/dialog";
import { CheckboxFor, ErrorList, TextareaFor, useSchemaForm } from "~/components/forms";
import { requiredText } from "~/utils/user-validation";

/** Rejecting a sign-up request: a reason, and whether to e-mail it to the person (admin-console §4). */
export const RejectSchema = z.object({
  reason: requiredText(1000),
  notify: z.optional(z.boolean()),
});

export function RejectForm({
  name,
  lastResult,
  ...placement
}: { name: string; lastResult?: SubmissionResult<string[]> | null } & FormPlacement) {
  const placed = usePlacedForm("reject-user", placement);
  const [form, fields] = useSchemaForm(RejectSchema, {
    id: "reject-user",
    lastResult: placed.result ?? lastResult,
    defaultValue: { reason: "", notify: "on" },
    shouldRevalidate: "onInput",
  });
  return (
    <placed.FormTag method="post" action={placed.action} className="form-card" {...getFormProps(form)}>
      <h1 className="page-title">Reject {name}</h1>
      <TextareaFor meta={fields.reason} label="Reason" extra={{ rows: 4, autoFocus: true }} />
      <CheckboxFor meta={fields.notify} label="Send a rejection e-mail" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="form-actions">
        {placed.cancel}
        <button className="button danger" type="submit" disabled={placed.busy}>
          Reject
        </button>
      </div>
    </placed.FormTag>
  );
}

/** The reject form over the users list (with JavaScript), posting to the user's reject page. */
export function RejectDialog({ userId, name, onClose }: { userId: string; name: string; onClose: () => void }) {
  return (
    <FormDialog title={`Reject ${name}`} onClose={onClose}>
      <RejectForm name={name} inDialog={{ action: `/administration/users/${userId}/reject`, onClose }} />
    </FormDialog>
  );
}
