import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import * as z from "zod/mini";

import { ACTIVE_STATUSES } from "#common/constants";
import { FIELD_REQUIRED } from "#common/messages";
import { LogoFields, RecordFormFooter, StatusField, useRecordForm, type RecordFormProps } from "~/components/console/record-form";
import { DefaultSubmit, InputFor, Repeatable } from "~/components/forms";
import { CLIENTS_LIST } from "~/utils/administration";
import type { FormValuesOf } from "~/utils/form-schema";
import { optionalText, requiredText } from "~/utils/user-validation";

// The client form (admin-console §2, §3, §5): name (required), status, logo and contacts. Contacts are a repeatable
// group: 'Add contact' and each 'Remove' are conform's list intents, which the action answers by re-rendering the form
// — so they work without JavaScript too (a chosen logo file has to be picked again after such a re-render).

const ContactSchema = z.object({
  name: optionalText(120),
  email: z.optional(z.string().check(z.trim(), z.maxLength(254, "Maximum 254 characters"), z.email("Enter a valid email address"))),
  title: optionalText(120),
});

export const ClientSchema = z.object({
  name: requiredText(200),
  status: z.enum(ACTIVE_STATUSES, { error: FIELD_REQUIRED }),
  logo: z.optional(z.file()),
  removeLogo: z.optional(z.boolean()),
  contacts: z.optional(z.array(ContactSchema)),
});

export type ClientFormValues = FormValuesOf<typeof ClientSchema>;

/** Loaded: the values and the current logo's thumbnail, when there is one. */
export function ClientForm({
  mode,
  loaded: { defaultValue, logo },
  sent,
}: RecordFormProps<{ defaultValue: ClientFormValues; logo?: string | null }>) {
  const lastResult = sent?.result;
  const [form, fields] = useRecordForm(ClientSchema, { id: `client-${mode}`, lastResult, defaultValue });
  return (
    <Form method="post" encType="multipart/form-data" className="form-card wide" {...getFormProps(form)}>
      {/* Enter in a field saves (the first submit button is the form's default). */}
      <DefaultSubmit />
      <h1 className="page-title">{mode === "add" ? "Add Client" : "Edit Client"}</h1>
      <InputFor meta={fields.name} label="Name" />
      <StatusField meta={fields.status} />
      <LogoFields logo={logo} file={fields.logo} remove={fields.removeLogo} sent={sent} />
      <Repeatable
        form={form}
        list={fields.contacts}
        legend="Contacts"
        item="Contact"
        none="No contacts yet."
        empty={{ name: "", email: "", title: "" }}
      >
        {(contact) => {
          const f = contact.getFieldset();
          return (
            <>
              <InputFor meta={f.name} label="Contact name" />
              <InputFor meta={f.email} label="Contact email" type="email" />
              <InputFor meta={f.title} label="Contact title" />
            </>
          );
        }}
      </Repeatable>
      <RecordFormFooter form={form} mode={mode} cancelTo={CLIENTS_LIST} disabled={!form.valid} />
    </Form>
  );
}
