import type { ActionFunctionArgs } from "@remix-run/node";

import { setCompanyStatus } from "~/models/company.server";
import { switchStatus } from "~/services/console/status-switch.server";
import { COMPANIES_LIST } from "~/utils/administration";

import { requireManagedCompany } from "./__managed-company.server";

/** The row menu's status switch: 'Company active!' or 'Company inactive!'. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, company } = await requireManagedCompany(request, params.companyId);
  return switchStatus(request, { entity: "Company", list: COMPANIES_LIST, set: (status) => setCompanyStatus({ actor, company, status }) });
}
