import { router } from "../../trpc";
import { translateMissing } from "./translateMissing";

/** A bot's translations beyond the document: machine drafts (the files have their own handler, translations/). */
export const translationsRouter = router({ translateMissing });
