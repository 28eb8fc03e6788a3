import { router } from "../../trpc";
import { deleteThemeTemplate } from "./deleteThemeTemplate";
import { listThemeTemplates } from "./listThemeTemplates";
import { saveThemeTemplate } from "./saveThemeTemplate";

export const themeTemplatesRouter = router({ listThemeTemplates, saveThemeTemplate, deleteThemeTemplate });
