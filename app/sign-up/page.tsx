import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Card } from "@/components/card";
import { SignUpForm } from "@/components/account-forms";
import { getSignedInActor } from "@/lib/server/access/session";
import { DEFAULT_NEXT_PATH, safeNextPath } from "@/lib/safe-next-path";
import { hasAnyAccount } from "@/lib/server/tournament/staff";

export const metadata: Metadata = { title: "Create an account" };
export const dynamic = "force-dynamic";

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  const next = safeNextPath((await searchParams).next);
  if (await getSignedInActor()) redirect(next);
  const isFirstAccount = !(await hasAnyAccount());
  return (
    <div className="mx-auto max-w-sm">
      <Card
        title={isFirstAccount ? "Create the first organizer account" : "Create an account"}
        headingLevel={1}
      >
        <p className="mb-4 text-sm text-slate-600">
          {isFirstAccount
            ? "No one has an account on this server yet. The first account becomes the organizer of any tournaments already here."
            : "Organizers create tournaments; judges and scorekeepers open the invitation link their organizer sent them and sign up from there."}
        </p>
        <SignUpForm next={next} />
        <p className="mt-4 text-sm text-slate-600">
          Already have an account?{" "}
          <Link
            href={`/sign-in${next !== DEFAULT_NEXT_PATH ? `?next=${encodeURIComponent(next)}` : ""}`}
            className="font-medium text-brand-600 underline"
          >
            Sign in
          </Link>
        </p>
      </Card>
    </div>
  );
}
