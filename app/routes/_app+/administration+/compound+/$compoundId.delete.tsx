import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { COMPOUND_DELETE_FAILED, COMPOUND_DELETED, compoundInUse } from "#common/messages";
import { DeleteUnlessInUse } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CompoundInUseError, compoundName, compoundReferences, deleteCompound } from "~/models/compound.server";
import { COMPOUNDS, requireManagedRecord } from "~/services/console/managed.server";
import { COMPOUNDS_LIST } from "~/utils/administration";
import { readFormData, rethrowResponse } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";
import { returnTo, safeRedirect } from "~/utils/url";

// Deleting a compound asks first, on its own page (it says what still names the compound, if anything does: news,
// events and trials would be left naming nothing, so such a compound is made inactive instead).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: compound } = await requireManagedRecord(request, params.compoundId, COMPOUNDS);
  const refs = await compoundReferences(compound);
  const name = compoundName(compound);
  const back = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), COMPOUNDS_LIST);
  return { id: String(compound._id), name, back, inUse: refs.news + refs.events + refs.trials > 0 ? compoundInUse(name, refs) : null };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: compound } = await requireManagedRecord(request, params.compoundId, COMPOUNDS);
  const back = returnTo(await readFormData(request), COMPOUNDS_LIST);
  try {
    await deleteCompound({ actor, compound });
  } catch (error) {
    rethrowResponse(error);
    if (!(error instanceof CompoundInUseError)) console.warn(COMPOUND_DELETE_FAILED, error);
    return redirectWithToast(request, back, {
      type: "error",
      message: error instanceof CompoundInUseError ? error.message : COMPOUND_DELETE_FAILED,
    });
  }
  return redirectWithToast(request, back, { type: "success", message: COMPOUND_DELETED });
}

export default function DeleteCompoundPage() {
  const { id, name, back, inUse } = useLoaderData<typeof loader>();
  return (
    <DeleteUnlessInUse
      name={name}
      question={`Delete the compound "${name}" and its logo? This cannot be undone.`}
      inUse={inUse}
      back={back}
      editTo={`${COMPOUNDS_LIST}/edit/${id}`}
      editLabel="Edit the compound"
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Delete Compound | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
