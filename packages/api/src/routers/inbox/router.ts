import { router } from "../../trpc";
import { assignConversation } from "./assignConversation";
import { closeConversation } from "./closeConversation";
import { getConversation } from "./getConversation";
import { listAgentPresence } from "./listAgentPresence";
import { listConversations } from "./listConversations";
import { postConversationMessage } from "./postConversationMessage";
import { sendTypingIndicator } from "./sendTypingIndicator";
import { setAgentPresence } from "./setAgentPresence";

export const inboxRouter = router({
  listConversations,
  getConversation,
  postConversationMessage,
  sendTypingIndicator,
  assignConversation,
  closeConversation,
  listAgentPresence,
  setAgentPresence,
});
