import { router } from "../../trpc";
import { deleteResults } from "./deleteResults";
import { exportResults } from "./exportResults";
import { getResult } from "./getResult";
import { listResults } from "./listResults";

export const resultsRouter = router({ listResults, exportResults, getResult, deleteResults });
