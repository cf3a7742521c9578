import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { COMPANY_ADDED, COMPANY_CREATE_FAILED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { createCompany, parentCompanyOptions } from "~/models/company.server";
import { requireUserWith } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { CompanyForm } from "./__company-form";
import { companyFormValues, submitCompanyForm } from "./__company-form.server";

// /administration/company/add (editors and admins).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "company:manage");
  return { defaultValue: companyFormValues(), parents: await parentCompanyOptions() };
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
  const { defaultValue, parents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <CompanyForm mode="add" defaultValue={defaultValue} parents={parents} lastResult={actionData?.result} />;
}

export const meta = titled("Add Company");

export const ErrorBoundary = GeneralErrorBoundary;
