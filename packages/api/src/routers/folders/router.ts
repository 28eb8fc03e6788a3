import { router } from "../../trpc";
import { createFolder } from "./createFolder";
import { deleteFolder } from "./deleteFolder";
import { getFolder } from "./getFolder";
import { listFolders } from "./listFolders";
import { updateFolder } from "./updateFolder";

export const foldersRouter = router({ listFolders, createFolder, getFolder, updateFolder, deleteFolder });
