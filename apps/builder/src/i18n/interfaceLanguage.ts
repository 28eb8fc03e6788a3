import { chooseInterfaceLanguage } from "@parley/schemas/management/interfaceLanguages";
import { headers } from "next/headers";
import { cache } from "react";
import { createTranslator } from "use-intl/core";
import { getSignedInUser } from "@/lib/session";
import { interfaceMessages } from "./interfaceMessages";

/** This request's interface language: the signed-in user's choice, else the browser's, else English. */
export const getInterfaceLanguage = cache(async () => {
  const [user, requestHeaders] = await Promise.all([getSignedInUser(), headers()]);
  return chooseInterfaceLanguage(user?.interfaceLanguage, requestHeaders.get("accept-language"));
});

/** The messages of one part of the interface, in this request's language, for a server component. */
export async function getInterfaceTranslator<Namespace extends keyof typeof interfaceMessages.en>(
  namespace: Namespace,
) {
  const locale = await getInterfaceLanguage();
  return createTranslator({ locale, messages: interfaceMessages[locale], namespace });
}
