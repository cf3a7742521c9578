import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { handleMcp } from "~/services/api/mcp.server";

// /api/mcp (issue 29): the Model Context Protocol endpoint for AI assistants, behind the API's bearer tokens
// (app/services/api/mcp.server.ts).

export const loader = ({ request }: LoaderFunctionArgs) => handleMcp(request);
export const action = ({ request }: ActionFunctionArgs) => handleMcp(request);
