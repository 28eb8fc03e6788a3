import { router } from "../../trpc";
import { createKnowledgeBase } from "./createKnowledgeBase";
import { createKnowledgeSource } from "./createKnowledgeSource";
import { deleteKnowledgeBase } from "./deleteKnowledgeBase";
import { deleteKnowledgeSource } from "./deleteKnowledgeSource";
import { getKnowledgeBase } from "./getKnowledgeBase";
import { getKnowledgeSource } from "./getKnowledgeSource";
import { listKnowledgeBases } from "./listKnowledgeBases";
import { listKnowledgePages } from "./listKnowledgePages";
import { listKnowledgeSources } from "./listKnowledgeSources";
import { queryKnowledgeBase } from "./queryKnowledgeBase";
import { refreshKnowledgeSource } from "./refreshKnowledgeSource";
import { updateKnowledgeBase } from "./updateKnowledgeBase";
import { updateKnowledgeSource } from "./updateKnowledgeSource";

export const knowledgeBasesRouter = router({
  listKnowledgeBases,
  createKnowledgeBase,
  getKnowledgeBase,
  updateKnowledgeBase,
  deleteKnowledgeBase,
  listKnowledgeSources,
  getKnowledgeSource,
  createKnowledgeSource,
  updateKnowledgeSource,
  deleteKnowledgeSource,
  refreshKnowledgeSource,
  listKnowledgePages,
  queryKnowledgeBase,
});
