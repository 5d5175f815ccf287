import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Card } from "@/components/card";
import { SignInForm } from "@/components/account-forms";
import { getSignedInActor } from "@/lib/server/session";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  if (await getSignedInActor()) redirect(next?.startsWith("/") ? next : "/");
  return (
    <div className="mx-auto max-w-sm">
      <Card title="Sign in">
        <SignInForm next={next} />
        <p className="mt-4 text-sm text-slate-600">
          New here?{" "}
          <Link href={`/sign-up${next ? `?next=${encodeURIComponent(next)}` : ""}`} className="font-medium text-brand-600 underline">
            Create an organizer account
          </Link>
        </p>
      </Card>
    </div>
  );
}
