/**
 * How often Convocore scrapes a url or sitemap source again, as options (sorted by name, as n8n's
 * lint asks): Knowledge Base > Create and Update and Crawler Job > Create offer them.
 */
export const REFRESH_RATE_OPTIONS = [
	{ name: 'Daily (Every 24 Hours)', value: '24h' },
	{ name: 'Every 12 Hours', value: '12h' },
	{ name: 'Every 6 Hours', value: '6h' },
	{ name: 'Never', value: 'never' },
];
