import { data } from "@remix-run/node";

import type { ClientValues, LogoUpload, ManagedClient } from "~/models/client.server";
import { CLIENTS_LIST } from "~/utils/administration";
import { parseForm } from "~/utils/form-schema";
import { IMAGE_MAX_BYTES, ImageError } from "~/utils/images.server";
import { readUploadForm, rethrowResponse } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

import { ClientSchema, type ClientFormValues } from "./__client-form";

/** The form's values for a client (empty for Add). */
export function clientFormValues(client?: ManagedClient): ClientFormValues {
  return {
    name: client?.name ?? "",
    status: client?.status ?? "active",
    contacts: (client?.contacts ?? []).map((c) => ({ name: c.name ?? "", email: c.email ?? "", title: c.title ?? "" })),
  };
}

/**
 * The client form's action for Add and Edit: a contacts list intent re-renders the form; otherwise field errors, an
 * unusable logo (ImageError) or a failed write go back to the form, success to the list with the spec's message.
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
  if ("error" in read) return data({ result: { status: "error" as const, error: { "": [read.error] } } }, { status: read.status });
  const submission = parseForm(read.form, { schema: ClientSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  const { logo, removeLogo, contacts, ...rest } = submission.value;
  const values: ClientValues = {
    ...rest,
    contacts: (contacts ?? [])
      .filter((c) => c.name || c.email || c.title)
      .map((c) => ({ name: c.name ?? "", email: c.email ?? "", title: c.title ?? "" })),
  };
  try {
    const upload = logo ? { data: new Uint8Array(await logo.arrayBuffer()), filename: logo.name } : null;
    await save(values, upload, removeLogo ?? false);
  } catch (error) {
    rethrowResponse(error);
    if (error instanceof ImageError) return data({ result: submission.reply({ fieldErrors: { logo: [error.message] } }) }, { status: 400 });
    console.warn(failed, error);
    return data({ result: submission.reply({ formErrors: [failed] }) }, { status: 500 });
  }
  return redirectWithToast(request, CLIENTS_LIST, { type: "success", message: done });
}
