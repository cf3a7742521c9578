import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { COMPANY_DELETE_FAILED, COMPANY_DELETED, companyInUse, LOGO_COMPANY_DELETED } from "#common/messages";
import { DeleteUnlessInUse } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CompanyFormError, companyReferences, deleteCompany } from "~/models/company.server";
import { applyConfirmed, confirmBackOf } from "~/services/console/confirm.server";
import { COMPANIES, requireManagedRecord } from "~/services/console/managed.server";
import { COMPANIES_LIST, COMPANY_LOGOS } from "~/utils/administration";
import { titled } from "~/utils/meta";

// Deleting a company asks first. A company that compounds, news or other companies still name is not deleted — they
// would point at nothing: the page says what names it and offers making it inactive instead.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: company } = await requireManagedRecord(request, params.companyId, COMPANIES);
  const refs = await companyReferences(company);
  return {
    id: String(company._id),
    name: company.name,
    back: confirmBackOf(request, COMPANIES.list),
    inUse: refs.compounds + refs.news + refs.companies > 0 ? companyInUse(company.name, refs) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: company } = await requireManagedRecord(request, params.companyId, COMPANIES);
  return applyConfirmed(request, [COMPANIES.list, COMPANY_LOGOS], () => deleteCompany({ actor, company }), {
    // Each screen's own words: the logos manager's (user-app) and the console's (admin-console).
    done: (back) => (back.startsWith(COMPANY_LOGOS) ? LOGO_COMPANY_DELETED : COMPANY_DELETED),
    failed: COMPANY_DELETE_FAILED,
    refused: (error) => (error instanceof CompanyFormError ? error.message : undefined),
  });
}

export default function DeleteCompanyPage() {
  const { id, name, back, inUse } = useLoaderData<typeof loader>();
  return <DeleteUnlessInUse noun="company" name={name} inUse={inUse} back={back} editTo={`${COMPANIES_LIST}/edit/${id}`} />;
}

export const meta = titled("Delete Company");
export const ErrorBoundary = GeneralErrorBoundary;
