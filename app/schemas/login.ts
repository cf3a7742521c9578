import { z } from "zod";

// Login (user-app §5): email and password required. Shared by the browser (conform) and the action.
export const LoginSchema = z.object({
  email: z.string({ error: "Required" }).trim().min(1, "Required").email("Enter a valid email address").toLowerCase(),
  password: z.string({ error: "Required" }).min(1, "Required"),
  redirectTo: z.string().optional(),
});
export type LoginInput = z.infer<typeof LoginSchema>;
