import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWith } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { CompanyForm } from "./__company-form";
import { companyFormPage, submitCompanyForm } from "./__company-form.server";

// /administration/company/add (editors and admins).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "company:manage");
  return companyFormPage();
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "company:manage");
  return submitCompanyForm(request, actor);
}

export default function AddCompanyPage() {
  return <RecordFormPage form={CompanyForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Company");

export const ErrorBoundary = GeneralErrorBoundary;
