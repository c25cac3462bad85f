// /bramka/{eventId}: the door app for one night (issue #41). The page itself only names the night; the
// night's data comes from the API into the phone's IndexedDB, so the page also opens offline (the
// service worker keeps it) and decides there.
import { data, Link } from "react-router";
import { DomainError } from "~/lib/domain-error";
import { privatePageHeaders } from "~/lib/private-page";
import { DoorScreen } from "~/modules/door/app/door-screen";
import { requireDoorNight } from "~/modules/door/door-access.server";
import type { Route } from "./+types/night";

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Bramka${loaderData && "night" in loaderData ? `: ${loaderData.night.title}` : ""} — NOKTURN` },
  { name: "robots", content: "noindex" },
  { name: "theme-color", content: "#000000" },
];

export const links: Route.LinksFunction = () => [{ rel: "manifest", href: "/bramka.webmanifest" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { staff, night } = await requireDoorNight({ request, context }, params.eventId);
    // Who holds the phone, for the JUŻ WESZŁO of its own offline scans (the server names them on sync).
    return { night: { id: night.id, title: night.title }, staff: staff.email };
  } catch (error) {
    if (error instanceof DomainError) return data({ refused: error.message }, { status: error.status });
    throw error;
  }
}

export default function DoorNight({ loaderData }: Route.ComponentProps) {
  if ("refused" in loaderData) {
    return (
      <div className="grid min-h-dvh content-center gap-4 bg-black p-6 text-white">
        <p role="alert" className="text-xl">
          {loaderData.refused}
        </p>
        <Link to="/bramka" className="text-lg underline underline-offset-4">
          Wróć do listy nocy
        </Link>
      </div>
    );
  }
  return <DoorScreen nightId={loaderData.night.id} title={loaderData.night.title} staff={loaderData.staff} />;
}
