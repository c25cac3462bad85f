/**
 * Every photo of a grid (gallery, archive, a night's page) has a page of its own, its full-size view:
 * `{collection}/zdjecie/{n}`, numbered from 1 as the viewer's counter. The grid's tile links there
 * (with JavaScript the click opens the viewer in place instead), and the page's close link goes back
 * to the tile's anchor. Safe in the browser bundle.
 */

/** The landing page and a night's page show the first nine of the night's photos (SPEC: 3×3). */
export const NIGHT_GRID_PHOTOS = 9;

/** `#zdjecie-3`'s id: the tile of the third photo in its grid. */
export function photoAnchor(index: number) {
  return `zdjecie-${index + 1}`;
}

/** The page of the photo at `index` (0-based) of the collection at `collectionPath`. */
export function photoPagePath(collectionPath: string, index: number) {
  return `${collectionPath}/zdjecie/${index + 1}`;
}

/** The collection's page, scrolled to the photo's tile. */
export function photoTilePath(collectionPath: string, index: number) {
  return `${collectionPath}#${photoAnchor(index)}`;
}

/**
 * The 0-based index a photo page's `{n}` names among `count` photos, or null when there is no such
 * photo: "3" → 2; "0", "03", "+3", "3.0", "x" and anything past `count` → null.
 */
export function photoIndexOf(param: string | undefined, count: number): number | null {
  if (!param || !/^[1-9]\d{0,3}$/.test(param)) return null;
  const number = Number(param);
  return number <= count ? number - 1 : null;
}

/** Where a photo's page leads: itself, its neighbours (wrapping around) and back to its tile. */
export type PhotoLinks = { path: string; previousPath: string; nextPath: string; closePath: string };

/** The links of the page of the photo at `index` among `count` (built by the loaders, on the server). */
export function photoLinks(collectionPath: string, index: number, count: number): PhotoLinks {
  return {
    path: photoPagePath(collectionPath, index),
    previousPath: photoPagePath(collectionPath, (index - 1 + count) % count),
    nextPath: photoPagePath(collectionPath, (index + 1) % count),
    closePath: photoTilePath(collectionPath, index),
  };
}
