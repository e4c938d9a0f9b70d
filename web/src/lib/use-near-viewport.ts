// Whether an element has come within a screen's height of the viewport (and stays true from then on): heavy content
// below the fold (the virtual background's three 1920×1080 drawings) starts when it is about to be seen, not with the
// page's first render, where its main-thread work delayed everything else (issue 25 §1).
import { useEffect, useState, type RefObject } from 'react';

/** `margin`: how far outside the viewport counts as near (an IntersectionObserver rootMargin; a screen by default). */
export function useNearViewport(ref: RefObject<HTMLElement | null>, margin = '100% 0px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
