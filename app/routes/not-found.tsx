import { data } from "react-router";
import { NotFoundView } from "~/components/not-found-view";
import { siteFromMatches } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Nie znaleziono strony | ${siteFromMatches(matches).name}` },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundView />;
}
