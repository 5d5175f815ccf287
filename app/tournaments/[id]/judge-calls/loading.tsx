import { TournamentPageLoading } from "@/components/page-loading";

export default function Loading() {
  return <TournamentPageLoading />;
}
