"use client";

import type { InterfaceLanguage } from "@parley/schemas/management/interfaceLanguages";
import type { ReactNode } from "react";
import { IntlProvider } from "use-intl";
import type { InterfaceMessages } from "./interfaceMessages";

/** The interface language and its catalogue for client components (`useTranslations`), given by the server. */
export function InterfaceIntlProvider({
  locale,
  messages,
  children,
}: {
  locale: InterfaceLanguage;
  messages: InterfaceMessages;
  children: ReactNode;
}) {
  return (
    <IntlProvider locale={locale} messages={messages}>
      {children}
    </IntlProvider>
  );
}
