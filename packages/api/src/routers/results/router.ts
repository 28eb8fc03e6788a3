import { router } from "../../trpc";
import { deleteResults } from "./deleteResults";
import { getResult } from "./getResult";
import { listResultLogs } from "./listResultLogs";
import { listResults } from "./listResults";

export const resultsRouter = router({ listResults, getResult, listResultLogs, deleteResults });
