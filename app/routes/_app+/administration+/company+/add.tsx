import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { CompanyForm } from "./__company-form";
import type { action, addLoader as loader } from "./__company-form.server";

// /administration/company/add (editors and admins).
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, addLoader as loader } from "./__company-form.server";

export default function AddCompanyPage() {
  return <RecordFormPage form={CompanyForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Company");
export const ErrorBoundary = GeneralErrorBoundary;
