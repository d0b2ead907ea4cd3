// Any path under a locale that no route matches renders the localised 404 inside the site chrome.
import { notFound } from 'next/navigation';

// Throwing from metadata too makes the 404's title (not the layout's default) the one the
// client keeps after hydration.
export function generateMetadata(): never {
  notFound();
}

export default function CatchAllNotFound(): never {
  notFound();
}
