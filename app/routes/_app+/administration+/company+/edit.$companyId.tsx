import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { CompanyForm } from "./__company-form";
import type { action, editLoader as loader } from "./__company-form.server";

// /administration/company/edit/{companyId} (editors and admins), with the company's History.
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, editLoader as loader } from "./__company-form.server";

export default function EditCompanyPage() {
  return <RecordFormPage form={CompanyForm} mode="edit" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Edit Company");
export const ErrorBoundary = GeneralErrorBoundary;
