import { useLoaderData } from "@remix-run/react";

import { DeleteUnlessInUse } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { COMPOUNDS_LIST } from "~/utils/administration";
import { titled } from "~/utils/meta";

import type { deleteLoader as loader } from "./__compound-form.server";

// Deleting a compound asks first, on its own page (it says what still names the compound, if anything does: news,
// events and trials would be left naming nothing, so such a compound is made inactive instead).

export { deleteAction as action, deleteLoader as loader } from "./__compound-form.server";

export default function DeleteCompoundPage() {
  const { id, name, back, inUse } = useLoaderData<typeof loader>();
  return <DeleteUnlessInUse noun="compound" name={name} inUse={inUse} back={back} editTo={`${COMPOUNDS_LIST}/edit/${id}`} />;
}

export const meta = titled("Delete Compound");
export const ErrorBoundary = GeneralErrorBoundary;
