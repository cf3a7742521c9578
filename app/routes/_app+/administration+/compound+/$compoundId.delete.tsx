import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { COMPOUND_DELETE_FAILED, COMPOUND_DELETED, compoundInUse } from "#common/messages";
import { DeleteUnlessInUse } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CompoundInUseError, compoundName, compoundReferences, deleteCompound } from "~/models/compound.server";
import { applyConfirmed, confirmBackOf } from "~/services/console/confirm.server";
import { COMPOUNDS, requireManagedRecord } from "~/services/console/managed.server";
import { COMPOUNDS_LIST } from "~/utils/administration";
import { titled } from "~/utils/meta";

// Deleting a compound asks first, on its own page (it says what still names the compound, if anything does: news,
// events and trials would be left naming nothing, so such a compound is made inactive instead).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: compound } = await requireManagedRecord(request, params.compoundId, COMPOUNDS);
  const refs = await compoundReferences(compound);
  const name = compoundName(compound);
  return {
    id: String(compound._id),
    name,
    back: confirmBackOf(request, COMPOUNDS.list),
    inUse: refs.news + refs.events + refs.trials > 0 ? compoundInUse(name, refs) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: compound } = await requireManagedRecord(request, params.compoundId, COMPOUNDS);
  return applyConfirmed(request, [COMPOUNDS.list], () => deleteCompound({ actor, compound }), {
    done: COMPOUND_DELETED,
    failed: COMPOUND_DELETE_FAILED,
    refused: (error) => (error instanceof CompoundInUseError ? error.message : undefined),
  });
}

export default function DeleteCompoundPage() {
  const { id, name, back, inUse } = useLoaderData<typeof loader>();
  return <DeleteUnlessInUse noun="compound" name={name} inUse={inUse} back={back} editTo={`${COMPOUNDS_LIST}/edit/${id}`} />;
}

export const meta = titled("Delete Compound");
export const ErrorBoundary = GeneralErrorBoundary;
