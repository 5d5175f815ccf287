import type { MetadataRoute } from "next";

/** Theme colour of the header and the icons (app/icon.svg). */
export const THEME_COLOR = "#15233d";

export const HOME_SCREEN_ICONS: MetadataRoute.Manifest["icons"] = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
  { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

/**
 * The web app manifest: the app opens full-screen from
 * the home screen. A tournament's pages link their own manifest instead
 * (app/tournaments/[id]/manifest.webmanifest), which opens that event.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: "Spellbook TO",
    short_name: "Spellbook TO",
    description: "Magic: The Gathering tournaments: pairings, results, standings.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: THEME_COLOR,
    icons: HOME_SCREEN_ICONS,
  };
}
