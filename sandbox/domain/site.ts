/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the sandbox's fake website for crawler jobs: runs in Node, never ships (package.json "files" is dist/ only) */
import type { ServerResponse } from 'http';

/**
 * A small help-center website the sandbox serves itself under `/site/`, so that crawler jobs
 * scrape real, linked HTML without any outside network. A path containing `broken` answers 500:
 * a job that meets one fails, as a crawl of an unreachable site does.
 */

export interface SitePage {
	path: string;
	title: string;
	description: string;
	/** Paragraphs of body text. */
	text: string[];
	/** Paths this page links to. */
	links: string[];
}

export const SITE_PREFIX = '/site';

/**
 * The site's public name: a job given `https://acme-dental.example/help` scrapes the same pages
 * (the seed's jobs crawled that host), so an example workflow needs no sandbox address.
 */
export const SITE_HOST = 'acme-dental.example';

/** The site path a URL names, on the sandbox itself or under SITE_HOST; undefined for any other URL. */
export function sitePathOf(url: URL, serverUrl: string): string | undefined {
	if (url.hostname === SITE_HOST)
		return `${SITE_PREFIX}${url.pathname === '/' ? '' : url.pathname}`;
	const own = url.origin === new URL(serverUrl).origin;
	return own && (url.pathname === SITE_PREFIX || url.pathname.startsWith(`${SITE_PREFIX}/`))
		? url.pathname
		: undefined;
}

/** A page's link as a URL on the same base as the page it is on (the sandbox's /site/ or SITE_HOST). */
export function linkUrl(link: string, from: string): string {
	const base = new URL(from);
	return new URL(
		base.hostname === SITE_HOST ? link.slice(SITE_PREFIX.length) || '/' : link,
		base,
	).toString();
}

const PAGES: SitePage[] = [
	{
		path: '/site/help',
		title: 'Acme Dental help center',
		description: 'Answers about appointments, insurance and opening hours.',
		text: [
			'Welcome to the Acme Dental help center.',
			'Find answers about booking, insurance and when we are open.',
		],
		links: [
			'/site/help/booking',
			'/site/help/insurance',
			'/site/help/opening-hours',
			'/site/blog/whitening',
		],
	},
	{
		path: '/site/help/booking',
		title: 'Booking an appointment',
		description: 'How to book, move or cancel an appointment.',
		text: [
			'Book online, by phone or by SMS.',
			'Moving an appointment is free up to 24 hours before it.',
		],
		links: ['/site/help', '/site/help/opening-hours'],
	},
	{
		path: '/site/help/insurance',
		title: 'Insurance and payment',
		description: 'Which insurers we work with and how to pay.',
		text: [
			'We bill public and private insurers directly.',
			'Card and bank transfer are accepted at the desk.',
		],
		links: ['/site/help'],
	},
	{
		path: '/site/help/opening-hours',
		title: 'Opening hours',
		description: 'When the practice is open.',
		text: [
			'Monday to Friday 8:00 to 18:00, Saturday 9:00 to 13:00.',
			'Emergencies: call the practice number any time.',
		],
		links: ['/site/help', '/site/help/booking'],
	},
	{
		path: '/site/blog/whitening',
		title: 'Five whitening myths',
		description: 'What whitening does and does not do.',
		text: [
			'Whitening does not harm healthy enamel when done by a dentist.',
			'Results last one to three years.',
		],
		links: ['/site/help'],
	},
];

export function sitePage(path: string): SitePage | undefined {
	const clean = path.replace(/\/+$/, '') || SITE_PREFIX;
	return PAGES.find((page) => page.path === (clean === SITE_PREFIX ? '/site/help' : clean));
}

export function isBrokenPath(path: string): boolean {
	return /broken/i.test(path);
}

export function pageHtml(page: SitePage): string {
	const links = page.links
		.map((link) => `<li><a href="${link}">${sitePage(link)?.title ?? link}</a></li>`)
		.join('');
	const text = page.text.map((paragraph) => `<p>${paragraph}</p>`).join('');
	return `<!doctype html><html><head><title>${page.title}</title><meta name="description" content="${page.description}"></head><body><h1>${page.title}</h1>${text}<ul>${links}</ul></body></html>`;
}

export function pageMarkdown(page: SitePage): string {
	return [
		`# ${page.title}`,
		...page.text,
		...page.links.map((link) => `- [${sitePage(link)?.title ?? link}](${link})`),
	].join('\n\n');
}

/** Serves GET/HEAD of the site on the sandbox's own HTTP server. */
export function serveSite(method: string, pathname: string, res: ServerResponse): void {
	const page = sitePage(pathname);
	if (method !== 'GET' && method !== 'HEAD') {
		res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' });
		res.end('Method not allowed');
		return;
	}
	if (isBrokenPath(pathname) || !page) {
		res.writeHead(isBrokenPath(pathname) ? 500 : 404, { 'content-type': 'text/plain' });
		res.end(isBrokenPath(pathname) ? 'Internal error' : 'Not found');
		return;
	}
	const html = pageHtml(page);
	res.writeHead(200, {
		'content-type': 'text/html; charset=utf-8',
		'content-length': Buffer.byteLength(html),
	});
	res.end(method === 'HEAD' ? undefined : html);
}
