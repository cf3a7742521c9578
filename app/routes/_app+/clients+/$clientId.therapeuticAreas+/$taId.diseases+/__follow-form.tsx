import { getFormProps } from "@conform-to/react";
import { Form, useLocation } from "@remix-run/react";
import * as z from "zod/mini";

import { FOLLOW_FREQUENCIES, FOLLOW_LABELS, type FollowFrequency } from "#common/constants";
import { ErrorList, SelectFor, useSchemaForm } from "~/components/forms";

// Following a disease's landscape (issue 30): the report page's control, one schema checked in the browser and again
// in the page's action. Without JavaScript it is a plain form posting to the page, which comes back with a toast.

const CHOICES = [...FOLLOW_FREQUENCIES, "off"] as const;
export const FollowSchema = z.object({ frequency: z.enum(CHOICES, { error: "Choose how often" }) });

const OPTIONS = [...FOLLOW_FREQUENCIES.map((value) => ({ value, label: FOLLOW_LABELS[value] })), { value: "off", label: "No e-mail" }];

/** "E-mail me what changes": every week, every month, or not (the user's follow of this disease). */
export function FollowForm({ disease, frequency }: { disease: string; frequency: FollowFrequency | null }) {
  const location = useLocation();
  const [form, fields] = useSchemaForm(FollowSchema, { id: "follow", defaultValue: { frequency: frequency ?? "off" } });
  return (
    // Posts to this page with its address (report, options), so it comes back to the same view.
    <Form
      method="post"
      action={`${location.pathname}${location.search}`}
      className="follow-form"
      preventScrollReset
      {...getFormProps(form)}
    >
      <SelectFor
        meta={fields.frequency}
        label={`E-mail me what changes in ${disease}`}
        options={OPTIONS}
        hint="What changed in its reports since the last e-mail, within your access, with a link to compare."
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className="button" name="intent" value="follow">
        {frequency ? "Save" : "Follow"}
      </button>
    </Form>
  );
}
