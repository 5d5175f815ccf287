import Link from "next/link";
import { getSignedInActor } from "@/lib/server/access/session";
import { signOutAction } from "@/lib/server/access/auth-actions";
import { SignOutButton } from "./sign-out-button";

/** Who is signed in, with sign out; or a sign-in link. */
export async function AccountMenu() {
  const actor = await getSignedInActor();
  if (!actor) {
    return (
      <Link
        href="/sign-in"
        className="inline-flex min-h-11 items-center text-sm font-medium text-white underline-offset-4 hover:underline"
      >
        Sign in
      </Link>
    );
  }
  return (
    <form action={signOutAction} className="flex items-center gap-3">
      <Link
        href="/account"
        className="inline-flex min-h-11 max-w-40 items-center truncate text-sm text-brand-100 underline-offset-4 hover:underline"
        title={actor.email}
      >
        {actor.name}
      </Link>
      <SignOutButton className="inline-flex min-h-11 items-center text-sm font-medium text-white underline-offset-4 hover:underline">
        Sign out
      </SignOutButton>
    </form>
  );
}
