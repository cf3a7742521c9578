import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { COMPANY_ADDED, COMPANY_CREATE_FAILED } from "#common/messages";
import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { createCompany } from "~/models/company.server";
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
  return submitCompanyForm(request, {
    save: (values, logo) => createCompany({ actor, values, logo }),
    done: COMPANY_ADDED,
    failed: COMPANY_CREATE_FAILED,
  });
}

export default function AddCompanyPage() {
  return <RecordFormPage form={CompanyForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Company");

export const ErrorBoundary = GeneralErrorBoundary;
