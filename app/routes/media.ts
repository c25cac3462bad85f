// GET /media/{key}: uploaded images from storage. Keys are ours (random, immutable), never user paths.
import { storage } from "~/lib/storage.server";
import type { Route } from "./+types/media";

export async function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const file = await storage().get(key);
  if (!file) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
