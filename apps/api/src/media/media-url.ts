/** Turns a stored media path into the URL clients use (MEDIA_BASE_URL, proxied by the web app to /media). */
export type MediaUrl = (path: string) => string;

export const mediaUrlFor =
  (baseUrl: string): MediaUrl =>
  (path) =>
    `${baseUrl}/${path}`;
