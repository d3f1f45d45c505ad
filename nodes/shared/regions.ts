/** Convocore's two regional API bases (field notes: OpenAPI `servers` block and the MCP client). */
export const REGION_BASE_URLS = {
	eu: 'https://eu-gcp-api.vg-stuff.com/v3',
	na: 'https://na-gcp-api.vg-stuff.com/v3',
} as const;

export type Region = keyof typeof REGION_BASE_URLS | 'custom';

export interface ConvocoreCredentialData {
	region: Region;
	baseUrl?: string;
	secretKey: string;
}

/** The base every request path is appended to; never ends in a slash. */
export function resolveBaseUrl(
	credentials: Pick<ConvocoreCredentialData, 'region' | 'baseUrl'>,
): string {
	if (credentials.region === 'custom') {
		const custom = (credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
		if (!/^https?:\/\/[^/]+/i.test(custom)) {
			throw new Error(
				"The credential's Base URL must be a full http(s) URL ending in /v3, e.g. http://127.0.0.1:4010/eu/v3",
			);
		}
		return custom;
	}
	return REGION_BASE_URLS[credentials.region] ?? REGION_BASE_URLS.eu;
}
