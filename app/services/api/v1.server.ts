import type { AnyEndpoint } from "./endpoint.server";
import { EVENTS } from "./v1/events.server";
import { LANDSCAPE } from "./v1/landscape.server";
import { NEWS } from "./v1/news.server";
import { REFERENCE } from "./v1/reference.server";

// The endpoints of /api/v1 (issue 29): each reaches records through the caller's scope (the token owner's current
// access), never by a bare id, with the models the pages use. Field names follow the specifications' entities
// (user-app §3, §7): `_id`, `name`, `permissions`, `forwardToken`/`nextPage`, `filterValues`, `totalCount`.
// Each group of endpoints has its file in v1/; the document lists them in this order.
export const V1_ENDPOINTS: AnyEndpoint[] = [...LANDSCAPE, ...NEWS, ...EVENTS, ...REFERENCE];
