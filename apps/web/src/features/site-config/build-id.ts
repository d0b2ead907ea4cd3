// The build this code belongs to: next.config.ts inlines KIFU_BUILD_ID (Next's build id) at build
// time into server and browser code alike. Unset only in unit tests and `next dev`.
export const BUILD_ID: string = process.env.KIFU_BUILD_ID ?? 'development';
