import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { InterfaceIntlProvider } from "@/i18n/InterfaceIntlProvider";
import { getInterfaceLanguage, getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { interfaceMessages } from "@/i18n/interfaceMessages";
import { ApiProvider } from "@/lib/trpc";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: "Parley", description: t("appDescription") };
}

// Every page is in the person's interface language (their account's choice, else their browser's).
export default async function RootLayout({ children }: { children: ReactNode }) {
  const language = await getInterfaceLanguage();
  return (
    <html lang={language}>
      <body>
        <InterfaceIntlProvider locale={language} messages={interfaceMessages[language]}>
          <ApiProvider>{children}</ApiProvider>
        </InterfaceIntlProvider>
        <Toaster position="bottom-right" richColors closeButton />
      </body>
    </html>
  );
}
