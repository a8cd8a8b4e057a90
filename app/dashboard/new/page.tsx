import type { Metadata } from "next";
import { CreateShareForm } from "@/components/dashboard/create-share-form";
import { DashboardNav } from "@/components/dashboard/dashboard-nav";
import { SignInPrompt } from "@/components/dashboard/sign-in-prompt";
import { readPageSession } from "@/lib/auth/read-page-session";

export const metadata: Metadata = { title: "New share" };

export default async function NewSharePage() {
  const session = await readPageSession();
  return (
    <>
      <h1>New share</h1>
      {session ? (
        <>
          <DashboardNav current="/dashboard/new" />
          <p className="muted">A share is a private link to a text and files, encrypted on this hub, free or behind a USDC price, open or invite-only, for up to 7 days.</p>
          <CreateShareForm />
        </>
      ) : (
        <SignInPrompt what="create a share" />
      )}
    </>
  );
}
