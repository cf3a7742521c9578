import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { COMPANY_UPDATE_FAILED, COMPANY_UPDATED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { auditEntry, HistoryPanel } from "~/components/history-panel";
import { historyOf } from "~/models/audit.server";
import { parentCompanyOptions, updateCompany } from "~/models/company.server";
import { COMPANIES, requireManagedRecord } from "~/services/console/managed.server";
import { titled } from "~/utils/meta";

import { CompanyForm } from "./__company-form";
import { companyFormValues, submitCompanyForm } from "./__company-form.server";

// /administration/company/edit/{companyId} (editors and admins), with the company's History.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: company } = await requireManagedRecord(request, params.companyId, COMPANIES);
  const [parents, history] = await Promise.all([
    parentCompanyOptions(company),
    historyOf({ entity: "company", entityId: String(company._id) }),
  ]);
  return {
    defaultValue: companyFormValues(company),
    parents,
    logo: company.thumbnails?.w200 ?? company.logo ?? null,
    history: history.map(auditEntry),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: company } = await requireManagedRecord(request, params.companyId, COMPANIES);
  return submitCompanyForm(request, {
    save: (values, logo, removeLogo) => updateCompany({ actor, company, values, logo, removeLogo }),
    done: COMPANY_UPDATED,
    failed: COMPANY_UPDATE_FAILED,
  });
}

export default function EditCompanyPage() {
  const { defaultValue, parents, logo, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <CompanyForm mode="edit" defaultValue={defaultValue} parents={parents} logo={logo} lastResult={actionData?.result} />
      <HistoryPanel entries={history} />
    </>
  );
}

export const meta = titled("Edit Company");

export const ErrorBoundary = GeneralErrorBoundary;
