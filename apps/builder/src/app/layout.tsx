import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { ApiProvider } from "@/lib/trpc";
import "./globals.css";

export const metadata: Metadata = {
  title: "Parley",
  description: "Build, publish and analyse chatbots",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <ApiProvider>{children}</ApiProvider>
        <Toaster position="bottom-right" richColors closeButton />
      </body>
    </html>
  );
}
