import { integrationsEnv } from "../env";

/** Where Google's token endpoint and the Sheets API are; tests point both at a local protocol server. */
export interface GoogleEndpoints {
  tokenUrl: string;
  /** Up to the version segment (`https://sheets.googleapis.com/v4`). */
  sheetsApiUrl: string;
}

export const getGoogleEndpoints = (overrides: Partial<GoogleEndpoints> = {}): GoogleEndpoints => ({
  tokenUrl: overrides.tokenUrl ?? integrationsEnv.GOOGLE_OAUTH_TOKEN_URL,
  sheetsApiUrl: (overrides.sheetsApiUrl ?? integrationsEnv.GOOGLE_SHEETS_API_URL).replace(/\/+$/, ""),
});
