import { router } from "../../trpc";
import { getDraftTranslations } from "./getDraftTranslations";
import { translateMissing } from "./translateMissing";

/**
 * A bot's translations beyond the document: machine drafts, and the editor's lazy read of them (the files have
 * their own handler, translations/).
 */
export const translationsRouter = router({ getDraftTranslations, translateMissing });
