import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { InterfaceIntlProvider } from "@/i18n/InterfaceIntlProvider";
import { getInterfaceLanguage } from "@/i18n/interfaceLanguage";
import { interfaceMessages } from "@/i18n/interfaceMessages";
import { ApiProvider } from "@/lib/trpc";
import "./globals.css";

export const metadata: Metadata = {
  title: "Parley",
  description: "Build, publish and analyse chatbots",
};

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
