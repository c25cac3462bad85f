// /bramka: the door app's start (issue #41) — the nights this account may open at the door, one big
// link each. Door staff see a day before to a day after a night's start; admins every coming night.
import { Link } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { privatePageHeaders } from "~/lib/private-page";
import { doorNightsFor } from "~/modules/door/door-access.server";
import type { Route } from "./+types/index";

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Bramka — NOKTURN" },
  { name: "robots", content: "noindex" },
  { name: "theme-color", content: "#000000" },
];

export const links: Route.LinksFunction = () => [{ rel: "manifest", href: "/bramka.webmanifest" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { nights } = await doorNightsFor({ request, context });
  return {
    nights: nights.map((night) => ({
      id: night.id,
      title: night.title,
      when: formatDateTime(night.startsAt),
    })),
  };
}

export default function DoorStart({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid min-h-dvh content-start gap-4 bg-black p-4 text-white">
      <h1 className="font-display text-3xl">Bramka</h1>
      {loaderData.nights.length === 0 ? (
        <p className="text-lg">Żadna noc nie jest teraz otwarta dla bramki.</p>
      ) : (
        <ul className="grid gap-3">
          {loaderData.nights.map((night) => (
            <li key={night.id}>
              {/* A document load, not a client navigation: offline (the installed app opens here) the
                  service worker answers the page it keeps, where the router's data request would fail. */}
              <Link
                to={`/bramka/${night.id}`}
                reloadDocument
                className="grid min-h-20 content-center rounded-xl bg-lime-400 px-5 py-3 text-black"
              >
                <span className="font-bold text-xl">{night.title}</span>
                <span>{night.when}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/account" className="text-lg underline underline-offset-4">
        Moje konto
      </Link>
    </div>
  );
}
