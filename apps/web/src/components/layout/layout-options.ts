// Page layout options of spec §2: root layout, app layout and navigation, all on by default.
// - rootLayout: the document shell with providers, toasts and the progress bar
//   (app/[locale]/layout.tsx); every page has it.
// - appLayout: the site chrome (top bar, main area, footer) around the page.
// - navigation: the top bar itself.
// A route group whose layout renders <AppLayout options={{ navigation: false }}> opts out for its pages.
export type LayoutOptions = { rootLayout: boolean; appLayout: boolean; navigation: boolean };

export const DEFAULT_LAYOUT_OPTIONS: LayoutOptions = { rootLayout: true, appLayout: true, navigation: true };

export function withLayoutDefaults(options: Partial<LayoutOptions> = {}): LayoutOptions {
  return { ...DEFAULT_LAYOUT_OPTIONS, ...options };
}
