import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUserWith } from "~/services/auth.server";
import { templateResponse } from "~/services/console/import.server";

import { compoundImporter } from "./__compound-import.server";

/** The compound import's template, made from the importer's columns on each download. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "compound:manage");
  return templateResponse(compoundImporter);
}
