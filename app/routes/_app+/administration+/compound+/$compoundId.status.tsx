import type { ActionFunctionArgs } from "@remix-run/node";

import { setCompoundStatus } from "~/models/compound.server";
import { switchStatus } from "~/services/console/status-switch.server";
import { COMPOUNDS_LIST } from "~/utils/administration";

import { requireManagedCompound } from "./__managed-compound.server";

/** The row menu's status switch: 'Compound active!' or 'Compound inactive!'. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, compound } = await requireManagedCompound(request, params.compoundId);
  return switchStatus(request, {
    entity: "Compound",
    list: COMPOUNDS_LIST,
    set: (status) => setCompoundStatus({ actor, compound, status }),
  });
}
