"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** Re-reads the page from the server every `seconds` (a projector nobody touches: results arrive, tables leave the list). */
export function AutoRefresh({ seconds }: { seconds: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), seconds * 1000);
    return () => clearInterval(timer);
  }, [router, seconds]);
  return null;
}
