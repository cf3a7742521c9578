import type { ActionFunctionArgs } from "@remix-run/node";

import { setCompanyStatus } from "~/models/company.server";
import { COMPANIES, requireManagedRecord } from "~/services/console/managed.server";
import { switchStatus } from "~/services/console/status-switch.server";

/** The row menu's status switch: 'Company active!' or 'Company inactive!'. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: company } = await requireManagedRecord(request, params.companyId, COMPANIES);
  return switchStatus(request, COMPANIES, (status) => setCompanyStatus({ actor, company, status }));
}
