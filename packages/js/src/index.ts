// @parley/js as an ES module: the host-page API of the embed, without a global. Every embed names
// its `apiHost` (the viewer's origin), since a module has no script URL to take it from.
import { createParleyApi } from "@parley/chat-widget/embed";
import type { ParleyApi } from "@parley/chat-widget/embed/publicTypes";

export type * from "@parley/chat-widget/embed/publicTypes";

/** Mounts and drives Parley chat widgets: `Parley.initBubble({ publicId, chatKey, apiHost })`. */
const Parley: ParleyApi = createParleyApi();
export default Parley;

export const {
  initStandard,
  initPopup,
  initBubble,
  open,
  close,
  toggle,
  reload,
  setPrefilledVariables,
  setInputValue,
  sendCommand,
  showPreviewMessage,
  hidePreviewMessage,
  unmount,
}: ParleyApi = Parley;
