import { z } from "zod";
import { textSchema } from "../../../text";

/** Placeholder and send-button labels of the free-text inputs. */
export const inputLabelsSchema = z.object({ placeholder: textSchema, button: textSchema }).partial();
export type InputLabels = z.infer<typeof inputLabelsSchema>;
