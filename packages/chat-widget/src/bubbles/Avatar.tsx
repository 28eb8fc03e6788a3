import { sanitizeImageUrl } from "../rich-text/sanitizeUrl";
import { BotIcon, UserIcon } from "./icons";

/** A host or guest avatar: the theme's picture, or a neutral icon. */
export function Avatar({ url, kind }: { url: string | null | undefined; kind: "host" | "guest" }) {
  const src = sanitizeImageUrl(url);
  return (
    <div className="parley-avatar" aria-hidden="true" data-role={kind}>
      {src ? <img src={src} alt="" /> : kind === "host" ? <BotIcon /> : <UserIcon />}
    </div>
  );
}
