import { notFound } from "next/navigation";
import { getTournamentViewer } from "@/lib/server/viewer";

/**
 * Every tournament page: a deleted tournament, or one in preparation seen by someone who is not
 * on its staff, does not exist for the viewer (issue 8).
 */
export default async function TournamentLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await getTournamentViewer(id);
  if (!viewer.canView) notFound();
  return children;
}
