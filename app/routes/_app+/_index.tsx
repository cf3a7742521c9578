import { redirect } from "@remix-run/node";

// "/" is the home route: the client-selection dashboard (user-app §2).
export function loader() {
  return redirect("/dashboard");
}
