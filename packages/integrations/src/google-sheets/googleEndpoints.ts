import { integrationsEnv } from "../env";

/** Where Google's token endpoint, the Sheets API and the Gmail API are; tests point them at local protocol servers. */
export interface GoogleEndpoints {
  tokenUrl: string;
  /** Up to the version segment (`https://sheets.googleapis.com/v4`). */
  sheetsApiUrl: string;
  /** The origin (`https://gmail.googleapis.com`). */
  gmailApiUrl: string;
}

export const getGoogleEndpoints = (overrides: Partial<GoogleEndpoints> = {}): GoogleEndpoints => ({
  tokenUrl: overrides.tokenUrl ?? integrationsEnv.GOOGLE_OAUTH_TOKEN_URL,
  sheetsApiUrl: (overrides.sheetsApiUrl ?? integrationsEnv.GOOGLE_SHEETS_API_URL).replace(/\/+$/, ""),
  gmailApiUrl: (overrides.gmailApiUrl ?? integrationsEnv.GMAIL_API_URL).replace(/\/+$/, ""),
});
