import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { AccountMenu } from "@/components/account-menu";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Spellbook TO", template: "%s · Spellbook TO" },
  description: "Run Magic: The Gathering tournaments to the rule: pairings, results, standings.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#15233d" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh">
        <a
          href="#main"
          className="sr-only rounded-md bg-white px-3 py-2 font-medium text-brand-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 print:hidden"
        >
          Skip to main content
        </a>
        <header className="bg-brand-900 text-white">
          <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
            <Link href="/" className="text-lg font-semibold tracking-tight">
              Spellbook <span className="text-brand-100/80">TO</span>
            </Link>
            <div className="flex items-center gap-4">
              <span className="hidden text-sm text-brand-100/70 md:block">
                Magic tournaments, to the rule
              </span>
              <AccountMenu />
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 outline-none">
          {children}
        </main>
      </body>
    </html>
  );
}
