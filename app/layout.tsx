import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import "./globals.css";

// Every page is rendered per request: its scripts carry that response's CSP nonce (middleware.ts),
// and a prerendered page's scripts would carry none and be blocked.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Preflight", template: "%s · Preflight" },
  description: "Plan managed-rules migrations, audit legacy-chain certificates and explore traces, with review before every change.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
