import type { ClientValues, LogoUpload, ManagedClient } from "~/models/client.server";
import { logoOf, logoRefusal, logoUpload, saveRecordForm, unreadableForm } from "~/services/console/record-form.server";
import { CLIENTS_LIST } from "~/utils/administration";
import { parseForm } from "~/utils/form-schema";
import { IMAGE_MAX_BYTES } from "~/utils/images.server";
import { readUploadForm } from "~/utils/request.server";

import { ClientSchema, type ClientFormValues } from "./__client-form";

/** The form's values for a client (empty for Add). */
export function clientFormValues(client?: ManagedClient): ClientFormValues {
  return {
    name: client?.name ?? "",
    status: client?.status ?? "active",
    removeLogo: false,
    contacts: (client?.contacts ?? []).map((c) => ({ name: c.name ?? "", email: c.email ?? "", title: c.title ?? "" })),
  };
}

/** What the Add and Edit pages load: the client's values (Add's without one) and its logo. */
export const clientFormPage = (client?: ManagedClient) => ({
  defaultValue: clientFormValues(client),
  logo: client ? logoOf(client) : null,
});

/**
 * The client form's action for Add and Edit: a contacts list intent re-renders the form; otherwise field errors, an
 * unusable logo or a failed write go back to the form, success to the list with the spec's message.
 */
export async function submitClientForm(
  request: Request,
  {
    save,
    done,
    failed,
  }: { save: (values: ClientValues, logo: LogoUpload, removeLogo: boolean) => Promise<unknown>; done: string; failed: string },
) {
  const read = await readUploadForm(request, {
    maxBytes: IMAGE_MAX_BYTES,
    tooLarge: `The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  });
  if ("error" in read) return unreadableForm(read, {});
  return saveRecordForm(request, parseForm(read.form, { schema: ClientSchema }), {
    extra: {},
    save: async ({ logo, removeLogo, contacts, ...rest }) => {
      const values: ClientValues = {
        ...rest,
        contacts: (contacts ?? [])
          .filter((c) => c.name || c.email || c.title)
          .map((c) => ({ name: c.name ?? "", email: c.email ?? "", title: c.title ?? "" })),
      };
      return save(values, await logoUpload(logo), removeLogo ?? false);
    },
    to: CLIENTS_LIST,
    done,
    failed,
    refused: logoRefusal,
  });
}
