import { OfflineBanner } from "@/components/offline-banner";
import { ServiceWorker } from "@/components/service-worker";

/**
 * The player's pages (/play, /play/me) stay readable offline like a tournament's: the
 * service worker keeps the last loaded copy, and the banner says when it was rendered.
 */
export default function PlayLayout({ children }: { children: React.ReactNode }) {
  const renderedAt = new Date().toISOString();
  return (
    <>
      <OfflineBanner renderedAt={renderedAt} />
      {children}
      <ServiceWorker />
    </>
  );
}
