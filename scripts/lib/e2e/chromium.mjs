// Debian's Chromium for the editor test (scripts/e2e-ui.mjs): installed with apt-get when
// /usr/bin/chromium is missing, as services.mjs does for Redis and PostgreSQL, and launched
// through playwright-core with a fresh profile. Playwright's own browser builds are downloaded
// from outside the package registries, which this project's machines cannot reach.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { aptGet } from './services.mjs';

export const CHROMIUM = '/usr/bin/chromium';

export function ensureChromium(log) {
	if (existsSync(CHROMIUM)) {
		log(`${CHROMIUM} is installed`);
		return CHROMIUM;
	}
	log('installing chromium with apt-get');
	aptGet(['update', '-qq'], log);
	aptGet(['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], log);
	if (!existsSync(CHROMIUM))
		throw new Error(`apt-get installed chromium, but ${CHROMIUM} is not there`);
	return CHROMIUM;
}

/**
 * Chromium headless, offline-quiet (no update, sync or background fetches: the machine reaches
 * nothing beyond localhost) and with a profile of its own, so runs never share cookies or state.
 */
export async function launchChromium(executablePath) {
	const { chromium } = await import('playwright-core');
	const profile = mkdtempSync(join(tmpdir(), 'convocore-e2e-ui-profile-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath,
		headless: true,
		viewport: { width: 1440, height: 900 },
		args: [
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--disable-dev-shm-usage',
		],
	});
	return { context, profile };
}
