import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from "#common/messages";

/** The not-found screen's words (user-app §2) inside a page: for a route whose record is not there (a 404). */
export function NotFound() {
  return (
    <>
      <h1>{NOT_FOUND_TITLE}</h1>
      <p className="muted">{NOT_FOUND_TEXT}</p>
    </>
  );
}
