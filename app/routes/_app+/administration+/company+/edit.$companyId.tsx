import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { COMPANIES, requireManagedRecord } from "~/services/console/managed.server";
import { withHistory } from "~/services/console/record-form.server";
import { titled } from "~/utils/meta";

import { CompanyForm } from "./__company-form";
import { companyFormPage, submitCompanyForm } from "./__company-form.server";

// /administration/company/edit/{companyId} (editors and admins), with the company's History.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, record: company } = await requireManagedRecord(request, params.companyId, COMPANIES);
  return withHistory(actor, "company", company, companyFormPage(company));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: company } = await requireManagedRecord(request, params.companyId, COMPANIES);
  return submitCompanyForm(request, actor, company);
}

export default function EditCompanyPage() {
  return <RecordFormPage form={CompanyForm} mode="edit" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Edit Company");

export const ErrorBoundary = GeneralErrorBoundary;
