import { router } from "../../trpc";
import { deleteResults } from "./deleteResults";
import { getResult } from "./getResult";
import { listResults } from "./listResults";

export const resultsRouter = router({ listResults, getResult, deleteResults });
