import { redirect } from "@remix-run/node";

// Any unknown path goes to /not-found (user-app §2).
export function loader() {
  return redirect("/not-found");
}
export function action() {
  return redirect("/not-found");
}
