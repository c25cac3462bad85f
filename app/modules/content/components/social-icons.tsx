/**
 * Brand glyphs for social links (lucide no longer ships brand icons). Simplified outlines drawn on a
 * 24×24 grid in the lucide style (stroke = currentColor), decorative: the link text names the service.
 */
import type { SVGProps } from "react";

export type SocialNetwork = "instagram" | "facebook" | "soundcloud" | "youtube" | "tiktok";

const base = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
  focusable: false,
} as const;

const paths: Record<SocialNetwork, React.ReactNode> = {
  instagram: (
    <>
      <rect x="2.5" y="2.5" width="19" height="19" rx="5.5" />
      <circle cx="12" cy="12" r="4.2" />
      <circle cx="17.4" cy="6.6" r="0.6" fill="currentColor" />
    </>
  ),
  facebook: <path d="M17.5 2.5h-3a5 5 0 0 0-5 5v3h-3v4h3v7h4v-7h3l1-4h-4v-3a1 1 0 0 1 1-1h3z" />,
  soundcloud: (
    <>
      <path d="M2 14.5v3M5 12v5.5M8 10.5v7M11 8.5v9" />
      <path d="M14 7.5a5.5 5.5 0 0 1 5.3 4.1A3 3 0 0 1 19 17.5h-5z" />
    </>
  ),
  youtube: (
    <>
      <path d="M2.5 17a24 24 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24 24 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="m10 15 5-3-5-3z" />
    </>
  ),
  tiktok: (
    <path d="M15.5 2.5c.4 2.6 2 4.3 4.5 4.6v3.4a8 8 0 0 1-4.5-1.4v6.4a6.1 6.1 0 1 1-6.1-6.1h.6v3.5a2.7 2.7 0 1 0 2.1 2.6V2.5z" />
  ),
};

export function SocialIcon({ network, ...props }: { network: SocialNetwork } & SVGProps<SVGSVGElement>) {
  return (
    <svg {...base} {...props}>
      {paths[network]}
    </svg>
  );
}

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  instagram: "Instagram",
  facebook: "Facebook",
  soundcloud: "SoundCloud",
  youtube: "YouTube",
  tiktok: "TikTok",
};
