import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { handleApi, jsonAnswer } from "~/services/api/handler.server";
import { openApiDocument } from "~/services/api/openapi.server";
import { V1_ENDPOINTS } from "~/services/api/v1.server";

// /api/v1/… (issue 29): the integration API. Each endpoint authorises its own request with a bearer token
// (app/services/api/handler.server.ts); the OpenAPI document is public, as an API's reference is.

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (params["*"] === "openapi.json") return jsonAnswer(request, openApiDocument(V1_ENDPOINTS), { "Cache-Control": "public, no-cache" });
  return handleApi(request, V1_ENDPOINTS);
}

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(request, V1_ENDPOINTS);
}
