import { z } from "zod";

/** Placeholder and send-button labels of the free-text inputs. */
export const inputLabelsSchema = z.object({ placeholder: z.string(), button: z.string() }).partial();
export type InputLabels = z.infer<typeof inputLabelsSchema>;
