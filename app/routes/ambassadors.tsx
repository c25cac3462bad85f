// Placeholder until its issue lands: answers 404 so nothing half-built is served.
import { data } from "react-router";
import { NotFoundView } from "~/components/not-found-view";

export function loader() {
  return data(null, { status: 404 });
}

export default function Placeholder() {
  return <NotFoundView />;
}
