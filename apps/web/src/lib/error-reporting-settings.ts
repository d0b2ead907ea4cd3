// Which error reporting the browser gets (ADR 050): the web server reads SENTRY_DSN when it starts
// and writes it into every page (a <meta> of the root layout), so one build runs anywhere and the
// browser loads the SDK only where a DSN is configured. Public by design: a DSN only lets one send
// reports. instrumentation-client.ts reads the meta by this name, written out there.
export const ERROR_REPORTING_META = 'kifu-error-reporting';

export interface ErrorReportingSettings {
  dsn: string;
  environment: string;
  release?: string;
}

/** The settings from the meta's content, or null when it holds none. */
export function parseErrorReportingSettings(content: string): ErrorReportingSettings | null {
  try {
    const value = JSON.parse(content) as Partial<ErrorReportingSettings> | null;
    return value && typeof value.dsn === 'string' && typeof value.environment === 'string'
      ? { dsn: value.dsn, environment: value.environment, ...(typeof value.release === 'string' ? { release: value.release } : {}) }
      : null;
  } catch {
    return null;
  }
}
