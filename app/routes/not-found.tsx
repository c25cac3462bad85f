import { data } from "react-router";
import { NotFoundView } from "~/components/not-found-view";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Nie znaleziono strony | NOKTURN" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundView />;
}
