import { z } from "zod";

export const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]).default("info"),
  message: z.string(),
  /** A button in the toast that posts to a same-site action, e.g. 'Undo' after a delete (works without JavaScript). */
  action: z.object({ label: z.string(), post: z.string().startsWith("/") }).optional(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = Omit<Toast, "id" | "type"> & Partial<Pick<Toast, "id" | "type">>;
