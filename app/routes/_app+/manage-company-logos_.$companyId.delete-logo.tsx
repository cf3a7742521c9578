import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { LOGO_DELETE_FAILED, LOGO_DELETED, logoDeleteQuestion } from "#common/messages";
import { ConfirmPage } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteCompanyLogo, findManagedCompany } from "~/models/company.server";
import { requireUserWith } from "~/services/auth.server";
import { applyConfirmed, confirmBackOf } from "~/services/console/confirm.server";
import { COMPANY_LOGOS } from "~/utils/administration";
import { titled } from "~/utils/meta";

// The logo manager's 'Delete logo' asks first, as every delete does: a dialog over the list with JavaScript, this
// page without. The company stays; its logo and thumbnails go.

async function requireCompany(request: Request, companyId: string | undefined) {
  const actor = await requireUserWith(request, "company:manage");
  const company = await findManagedCompany(companyId);
  if (!company) throw new Response("No such company.", { status: 404 });
  return { actor, company };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireCompany(request, params.companyId);
  return { name: company.name, back: confirmBackOf(request, COMPANY_LOGOS) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, company } = await requireCompany(request, params.companyId);
  return applyConfirmed(request, [COMPANY_LOGOS], () => deleteCompanyLogo({ actor, company }), {
    done: LOGO_DELETED,
    failed: LOGO_DELETE_FAILED,
  });
}

export default function DeleteLogoPage() {
  const { name, back } = useLoaderData<typeof loader>();
  return <ConfirmPage title="Delete logo" question={logoDeleteQuestion(name)} back={back} />;
}

export const meta = titled("Delete logo");
export const ErrorBoundary = GeneralErrorBoundary;
