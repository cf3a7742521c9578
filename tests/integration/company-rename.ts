import * as companyEdit from "~/routes/_app+/administration+/company+/edit.$companyId";

import { callAction, toastsOf } from "../db-utils";

/** Renames a company (a pharmaceutical, active, without a parent) through the console's edit form, as `user`; the
 *  toasts the form answers with. */
export async function renameCompany(user: unknown, company: { _id: unknown }, name: string) {
  const answer = await callAction(companyEdit, {
    user,
    form: { name, type: "Pharmaceutical", status: "active", parentCompany: "" },
    params: { companyId: String(company._id) },
    files: {},
  });
  return toastsOf(answer as Response);
}
