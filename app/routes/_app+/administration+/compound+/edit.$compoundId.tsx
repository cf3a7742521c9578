import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { COMPOUND_SAVE_FAILED, COMPOUND_UPDATED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { auditEntry, HistoryPanel } from "~/components/history-panel";
import { historyOf } from "~/models/audit.server";
import { updateCompound } from "~/models/compound.server";
import { COMPOUNDS, requireManagedRecord } from "~/services/console/managed.server";
import { titled } from "~/utils/meta";

import { CompoundForm } from "./__compound-form";
import { compoundChoices, compoundFormValues, submitCompoundForm } from "./__compound-form.server";

// /administration/compound/edit/{compoundId} (editors and admins, a compound of a disease they hold), with its History.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, record: compound } = await requireManagedRecord(request, params.compoundId, COMPOUNDS);
  const defaultValue = compoundFormValues(compound);
  const [choices, history] = await Promise.all([
    compoundChoices(actor, defaultValue),
    historyOf({ entity: "compound", entityId: String(compound._id) }),
  ]);
  return { defaultValue, choices, logo: compound.thumbnails?.w200 ?? compound.logo ?? null, history: history.map(auditEntry) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: compound } = await requireManagedRecord(request, params.compoundId, COMPOUNDS);
  return submitCompoundForm(request, {
    user: actor,
    save: (values, logo, removeLogo) => updateCompound({ actor, compound, values, logo, removeLogo }),
    done: COMPOUND_UPDATED,
    failed: COMPOUND_SAVE_FAILED,
  });
}

export default function EditCompoundPage() {
  const { defaultValue, choices, logo, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <CompoundForm
        mode="edit"
        defaultValue={defaultValue}
        choices={actionData?.choices ?? choices}
        logo={logo}
        lastResult={actionData?.result}
      />
      <HistoryPanel entries={history} />
    </>
  );
}

export const meta = titled("Edit Compound");

export const ErrorBoundary = GeneralErrorBoundary;
