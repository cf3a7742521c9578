import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUserWith } from "~/services/auth.server";
import { templateResponse } from "~/services/console/import.server";

import { keywordImporter } from "./__keyword-import.server";

/** The keyword import's template, made from the importer's columns on each download. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "keyword:manage");
  return templateResponse(keywordImporter);
}
