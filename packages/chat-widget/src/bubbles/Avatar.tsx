import { sanitizeMediaUrl } from "../rich-text/sanitizeUrl";
import { BotIcon, UserIcon } from "./icons";

/** A host or guest avatar: the theme's picture, or a neutral icon. */
export function Avatar({ url, role }: { url: string | null | undefined; role: "host" | "guest" }) {
  const src = sanitizeMediaUrl(url);
  return (
    <div className="parley-avatar" aria-hidden="true" data-role={role}>
      {src ? <img src={src} alt="" /> : role === "host" ? <BotIcon /> : <UserIcon />}
    </div>
  );
}
