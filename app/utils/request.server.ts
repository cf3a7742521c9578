/**
 * The form of a POST. A body that is no readable form (JSON, broken multipart) is the sender's mistake: a 400, never a
 * 500. (server/request-guard.js already refuses bodies that do not even say they are forms, with a 415.)
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read.", { status: 400 });
  }
}

/** In a catch that turns a failed write into the spec's message: a failure that is an answer of its own (the 503 of
 *  an unreachable database, a guard's redirect) goes out as it is instead. */
export function rethrowResponse(error: unknown) {
  if (error instanceof Response) throw error;
}
