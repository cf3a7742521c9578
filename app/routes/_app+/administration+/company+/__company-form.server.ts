import { COMPANY_ADDED, COMPANY_CREATE_FAILED, COMPANY_UPDATE_FAILED, COMPANY_UPDATED, companyInUse } from "#common/messages";
import {
  CompanyFormError,
  companyFormValues,
  companyReferences,
  createCompany,
  parentCompanyOptions,
  updateCompany,
  type ManagedCompany,
} from "~/models/company.server";
import { confirmedDeleteRoutes } from "~/services/console/confirm.server";
import { COMPANIES } from "~/services/console/managed.server";
import { logoOf, readLogoForm, recordFormRoutes, saveWithLogo } from "~/services/console/record-form.server";
import { COMPANIES_LIST } from "~/utils/administration";
import { CompanySchema } from "~/utils/company-schema";
import { parseForm } from "~/utils/form-schema";
import { readPicked } from "~/utils/options";
import type { SessionUser } from "~/utils/session.server";

/** What the Add and Edit pages load: the company's values (Add's without one), the parents it may have and its logo. */
export const companyFormPage = async (company?: ManagedCompany) => ({
  defaultValue: companyFormValues(company),
  parents: await parentCompanyOptions(company),
  logo: company ? logoOf(company) : null,
});

/**
 * The company form's action for Add and Edit (of `company`): field errors, an unusable logo, a parent that would make a cycle or a
 * failed write go back to the form; success to the list with the spec's message.
 */
export async function submitCompanyForm(request: Request, actor: SessionUser, company?: ManagedCompany) {
  const read = await readLogoForm(request, {});
  if ("answer" in read) return read.answer;
  const parent = readPicked(read.form, "parentCompany", await parentCompanyOptions(company));
  return saveWithLogo(request, parseForm(read.form, { schema: CompanySchema }), {
    extra: {},
    fieldErrors: parent ? { parentCompany: parent } : {},
    save: async (values, logo, removeLogo) =>
      company ? updateCompany({ actor, company, values, logo, removeLogo }) : createCompany({ actor, values, logo }),
    to: COMPANIES_LIST,
    ...(company ? { done: COMPANY_UPDATED, failed: COMPANY_UPDATE_FAILED } : { done: COMPANY_ADDED, failed: COMPANY_CREATE_FAILED }),
    refused: (error) => (error instanceof CompanyFormError ? error : undefined),
  });
}

/** Add's loader, Edit's and the action of both, each calling the guard first (`recordFormRoutes`). */
export const { addLoader, editLoader, action } = recordFormRoutes(COMPANIES, {
  page: ({ record }) => companyFormPage(record),
  submit: submitCompanyForm,
});

/** The Delete route's loader and action, each calling the guard first (`confirmedDeleteRoutes`): the kind's `deletion`. */
export const { deleteLoader, deleteAction } = confirmedDeleteRoutes(COMPANIES, async (company) => {
  const refs = await companyReferences(company);
  return {
    id: String(company._id),
    name: company.name,
    inUse: refs.compounds + refs.news + refs.companies > 0 ? companyInUse(company.name, refs) : null,
  };
});
