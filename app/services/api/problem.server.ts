// Errors of the integration API as RFC 9457 problem details (application/problem+json): `title` the status's phrase,
// `detail` what went wrong in words (the specifications' messages where they have one), `errors` each field's
// problems on a request that could not be read.

export interface FieldError {
  /** Where in the request: "body.filters.client", "query.forwardToken", "path.diseaseId". */
  pointer: string;
  detail: string;
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** Thrown by an endpoint (or the dispatcher) to answer with a problem. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
  }
}

export function problemResponse(problem: ApiProblem, headers: Record<string, string> = {}) {
  const body = {
    type: "about:blank",
    title: TITLES[problem.status] ?? "Error",
    status: problem.status,
    detail: problem.detail,
    ...(problem.options.errors ? { errors: problem.options.errors } : {}),
  };
  return new Response(JSON.stringify(body), {
    status: problem.status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store", ...headers, ...problem.options.headers },
  });
}
