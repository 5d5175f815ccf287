import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Card } from "@/components/card";
import { SignInForm } from "@/components/account-forms";
import { getSignedInActor } from "@/lib/server/access/session";
import { DEFAULT_NEXT_PATH, safeNextPath } from "@/lib/safe-next-path";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  const next = safeNextPath((await searchParams).next);
  if (await getSignedInActor()) redirect(next);
  return (
    <div className="mx-auto max-w-sm">
      <Card title="Sign in" headingLevel={1}>
        <SignInForm next={next} />
        <p className="mt-4 text-sm text-slate-600">
          New here?{" "}
          <Link
            href={`/sign-up${next !== DEFAULT_NEXT_PATH ? `?next=${encodeURIComponent(next)}` : ""}`}
            className="font-medium text-brand-600 underline"
          >
            Create an organizer account
          </Link>
        </p>
      </Card>
    </div>
  );
}
