// n8n 2.41's editor driven in Chromium through playwright-core, by the data-test-id attributes
// n8n's own end-to-end tests use: sign-in, the nodes panel, the node details view (NDV), resource
// locators, Execute step and the output panel. Every console error and page error is recorded
// with the step it happened in; each step can save a screenshot.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const tid = (id) => `[data-test-id="${id}"]`;

export class Editor {
	constructor(page, { baseUrl, screenshotDir }) {
		this.page = page;
		this.baseUrl = baseUrl;
		this.screenshotDir = screenshotDir;
		this.step = 'start';
		this.errors = [];
		this.shots = 0;
		mkdirSync(screenshotDir, { recursive: true });
		page.on('console', (message) => {
			if (message.type() === 'error')
				this.errors.push({ step: this.step, kind: 'console', text: message.text().slice(0, 500) });
		});
		page.on('pageerror', (error) =>
			this.errors.push({
				step: this.step,
				kind: 'page',
				text: String(error?.stack ?? error).slice(0, 500),
			}),
		);
		// The machine reaches nothing beyond localhost: what n8n's editor fetches from the internet
		// fails. Recorded with its URL, so that the console line it causes can be told apart.
		this.externalFailures = [];
		page.on('requestfailed', (request) => {
			const { hostname } = new URL(request.url());
			if (!['127.0.0.1', 'localhost'].includes(hostname))
				this.externalFailures.push({ step: this.step, url: request.url().slice(0, 200) });
		});
	}

	/**
	 * Errors recorded since `from`, less the "Failed to load resource: net::…" console lines of
	 * requests to the internet that failed in the same step (listed in `external`).
	 */
	problemsSince(from, externalFrom) {
		const external = this.externalFailures.slice(externalFrom);
		const errors = this.errors
			.slice(from)
			.filter(
				(error) =>
					!(
						external.length > 0 &&
						error.kind === 'console' &&
						/^Failed to load resource: net::ERR_/.test(error.text)
					),
			);
		return { errors, external: external.map((failure) => failure.url) };
	}

	async screenshot(name) {
		const file = join(
			this.screenshotDir,
			`${String(++this.shots).padStart(2, '0')}-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`,
		);
		await this.page.screenshot({ path: file });
		return file;
	}

	async signIn(email, password) {
		await this.page.goto(`${this.baseUrl}/signin`);
		const form = this.page.locator(tid('signin-form'));
		await form
			.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]')
			.first()
			.fill(email);
		await form.locator('input[type="password"]').first().fill(password);
		await form
			.locator('button')
			.filter({ hasText: /sign in/i })
			.first()
			.click();
		await this.page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 60_000 });
	}

	/** Opens the nodes panel on an empty canvas or after `fromNode` (its + handle), and searches. */
	async searchNodesPanel(text) {
		const search = this.page.locator(tid('node-creator-search-bar')).locator('input').first();
		const searchBar =
			(await search.count()) > 0 ? search : this.page.locator(tid('node-creator-search-bar'));
		await searchBar.fill('');
		await searchBar.fill(text);
		await this.page.waitForTimeout(400);
	}

	/** The node creator's visible entries, as { name, description }. */
	async nodesPanelEntries() {
		return await this.page.locator(tid('node-creator')).evaluate((root) =>
			[...root.querySelectorAll('[data-test-id="node-creator-item-name"]')].map((nameEl) => {
				const item =
					nameEl.closest('[data-test-id="item-iterator-item"]') ??
					nameEl.parentElement?.parentElement;
				const description =
					item
						?.querySelector('[data-test-id="node-creator-item-description"]')
						?.textContent?.trim() ?? '';
				return { name: nameEl.textContent.trim(), description };
			}),
		);
	}

	canvasNode(name) {
		return this.page.locator(
			`${tid('canvas-node')}[data-node-name="${name.replace(/"/g, '\\"')}"]`,
		);
	}

	ndv() {
		return this.page.locator(tid('ndv'));
	}

	/** Double-clicks a canvas node and waits until its parameters are shown; returns the ms it took. */
	async openNode(name) {
		await this.canvasNode(name).waitFor({ state: 'visible', timeout: 150_000 });
		const started = Date.now();
		await this.canvasNode(name).dblclick();
		await this.ndv()
			.locator(tid('parameter-item'))
			.first()
			.waitFor({ state: 'visible', timeout: 30_000 });
		const elapsed = Date.now() - started;
		// Pickers and dropdowns load their lists after the panel shows: let them settle.
		await this.page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
		return elapsed;
	}

	async closeNode() {
		const close = this.page.locator(tid('ndv-close-button'));
		if (await close.count()) await close.first().click();
		else await this.page.keyboard.press('Escape');
		await this.ndv()
			.waitFor({ state: 'hidden', timeout: 10_000 })
			.catch(() => undefined);
	}

	/** The labels of the parameters in the open NDV that carry an issue marker. */
	async issueMarkers() {
		return await this.ndv().evaluate((root) =>
			[...root.querySelectorAll('[data-test-id="parameter-issues"]')].map((marker) => {
				const item =
					marker.closest('[data-test-id="parameter-item"]') ??
					marker.closest('.parameter-item') ??
					marker.parentElement;
				const label =
					item?.querySelector('label, [data-test-id="input-label"]')?.textContent ??
					item?.textContent ??
					'';
				// The label row also holds the Fixed / Expression switch.
				return label
					.replace(/\s+/g, ' ')
					.replace(/\s*Fixed\s*Expression\s*$/, '')
					.trim();
			}),
		);
	}

	/**
	 * Opens the resource locator `name` in the NDV, optionally searches; returns the listed names.
	 * Its list is rendered outside the NDV, at the end of the page: only visible items count.
	 */
	async pickerItems(name, search) {
		const locator = this.ndv().locator(tid(`resource-locator-${name}`));
		await locator.locator(tid('rlc-input')).first().click();
		const items = this.page.locator(`${tid('rlc-item')}:visible`);
		await items.first().waitFor({ state: 'visible', timeout: 30_000 });
		if (search !== undefined) {
			await this.page
				.locator(`${tid('rlc-search')}:visible input, input${tid('rlc-search')}:visible`)
				.first()
				.fill(search);
			// The list is searched on the server after a pause in typing: wait until it shows only
			// matches (or nothing) and stays so for two looks in a row.
			let previous;
			const deadline = Date.now() + 20_000;
			while (Date.now() < deadline) {
				await this.page.waitForTimeout(700);
				const now = (await items.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
				const settled = now.every((text) => text.toLowerCase().includes(search.toLowerCase()));
				if (settled && previous !== undefined && JSON.stringify(now) === JSON.stringify(previous))
					return now;
				previous = settled ? now : undefined;
			}
		}
		return (await items.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
	}

	async closePicker() {
		await this.page.keyboard.press('Escape');
		await this.page.waitForTimeout(300);
	}

	/** Clicks Execute step in the NDV and waits for the output panel's item count. */
	async executeStep() {
		await this.ndv().locator(tid('node-execute-button')).first().click();
		const count = this.outputPanel().locator(tid('ndv-items-count')).first();
		await count.waitFor({ state: 'visible', timeout: 60_000 });
		return (await count.textContent()).replace(/\s+/g, ' ').trim();
	}

	/** The NDV's output side (n8n names it differently for a node with an input and a trigger). */
	outputPanel() {
		return this.ndv()
			.locator(`${tid('output-panel')}, ${tid('ndv-output-panel')}`)
			.first();
	}

	/** The hints shown above the output. */
	async outputHints() {
		const hints = this.outputPanel().locator(tid('node-hint'));
		return (await hints.allTextContents())
			.map((text) => text.replace(/\s+/g, ' ').trim())
			.filter(Boolean);
	}

	async ndvText() {
		return (await this.ndv().innerText()).replace(/[ \t]+/g, ' ');
	}
}
