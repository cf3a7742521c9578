import { data } from "@remix-run/node";

import { LOGO_TOO_LARGE } from "#common/messages";
import type { LogoUpload } from "~/models/client.server";
import { CompanyFormError, type CompanyValues, type ManagedCompany } from "~/models/company.server";
import { COMPANIES_LIST } from "~/utils/administration";
import { parseForm } from "~/utils/form-schema";
import { IMAGE_MAX_BYTES, ImageError } from "~/utils/images.server";
import { readUploadForm, rethrowResponse } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

import { CompanySchema, type CompanyFormValues } from "./__company-form";

/** The form's values for a company (empty for Add: active). */
export function companyFormValues(company?: ManagedCompany | null): CompanyFormValues {
  return {
    name: company?.name ?? "",
    type: company?.type ?? "",
    website: company?.website ?? "",
    alias: company?.alias ?? "",
    headquarters: company?.headquarters ?? "",
    parentCompany: company?.parentCompany ? String(company.parentCompany) : "",
    status: company?.status ?? "active",
  };
}

/**
 * The company form's action for Add and Edit: field errors, an unusable logo (ImageError), a parent that would make a
 * cycle or a failed write go back to the form; success to the list with the spec's message.
 */
export async function submitCompanyForm(
  request: Request,
  {
    save,
    done,
    failed,
  }: { save: (values: CompanyValues, logo: LogoUpload, removeLogo: boolean) => Promise<unknown>; done: string; failed: string },
) {
  const read = await readUploadForm(request, { maxBytes: IMAGE_MAX_BYTES, tooLarge: LOGO_TOO_LARGE });
  if ("error" in read) return data({ result: { status: "error" as const, error: { "": [read.error] } } }, { status: read.status });
  const submission = parseForm(read.form, { schema: CompanySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  const { logo, removeLogo, ...values } = submission.value;
  try {
    await save(values, logo ? { data: new Uint8Array(await logo.arrayBuffer()), filename: logo.name } : null, removeLogo ?? false);
  } catch (error) {
    rethrowResponse(error);
    if (error instanceof ImageError) return data({ result: submission.reply({ fieldErrors: { logo: [error.message] } }) }, { status: 400 });
    if (error instanceof CompanyFormError)
      return data(
        { result: submission.reply(error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }) },
        { status: 400 },
      );
    console.warn(failed, error);
    return data({ result: submission.reply({ formErrors: [failed] }) }, { status: 500 });
  }
  return redirectWithToast(request, COMPANIES_LIST, { type: "success", message: done });
}
