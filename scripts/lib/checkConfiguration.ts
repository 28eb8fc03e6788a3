// Imported first by the entry points (npm start, npm run start:prod, the chat server, the CLI, migrate),
// before any package reads its slice of the configuration: every variable is checked, so a wrong one stops
// the process at once with the list of what is wrong (exit status 1), not a stack trace or a child failing later.
import { checkConfigAtStart } from "@parley/config";

checkConfigAtStart("every");
