import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { COMPANY_DELETE_FAILED, COMPANY_DELETED, companyInUse, LOGO_COMPANY_DELETED } from "#common/messages";
import { DeleteUnlessInUse } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CompanyFormError, companyReferences, deleteCompany } from "~/models/company.server";
import { COMPANIES, requireManagedRecord } from "~/services/console/managed.server";
import { COMPANIES_LIST, COMPANY_LOGOS } from "~/utils/administration";
import { readFormData, rethrowResponse } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";
import { returnTo, safeRedirect } from "~/utils/url";

// Deleting a company asks first. A company that compounds, news or other companies still name is not deleted — they
// would point at nothing: the page says what names it and offers making it inactive instead.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: company } = await requireManagedRecord(request, params.companyId, COMPANIES);
  const refs = await companyReferences(company);
  const back = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), COMPANIES_LIST);
  return {
    id: String(company._id),
    name: company.name,
    back,
    inUse: refs.compounds + refs.news + refs.companies > 0 ? companyInUse(company.name, refs) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: company } = await requireManagedRecord(request, params.companyId, COMPANIES);
  const back = returnTo(await readFormData(request), COMPANIES_LIST, COMPANY_LOGOS);
  try {
    await deleteCompany({ actor, company });
  } catch (error) {
    rethrowResponse(error);
    if (!(error instanceof CompanyFormError)) console.warn(COMPANY_DELETE_FAILED, error);
    return redirectWithToast(request, back, {
      type: "error",
      message: error instanceof CompanyFormError ? error.message : COMPANY_DELETE_FAILED,
    });
  }
  // Each screen's own words: the logos manager's (user-app) and the console's (admin-console).
  return redirectWithToast(request, back, {
    type: "success",
    message: back.startsWith(COMPANY_LOGOS) ? LOGO_COMPANY_DELETED : COMPANY_DELETED,
  });
}

export default function DeleteCompanyPage() {
  const { id, name, back, inUse } = useLoaderData<typeof loader>();
  return (
    <DeleteUnlessInUse
      name={name}
      question={`Delete the company "${name}" and its logo? This cannot be undone.`}
      inUse={inUse}
      back={back}
      editTo={`${COMPANIES_LIST}/edit/${id}`}
      editLabel="Edit the company"
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Delete Company | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
