import { useEffect, useState } from "react";

/** True once the page is scrolled further than `threshold` px (a function is read on every scroll). */
export function useScrolledPast(threshold: number | (() => number)) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const limit = typeof threshold === "function" ? threshold : () => threshold;
    let frame = 0;
    const update = () => {
      frame = 0;
      setPast(window.scrollY > limit());
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return past;
}
