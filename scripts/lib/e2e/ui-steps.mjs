// The steps of `npm run e2e:ui` (scripts/e2e-ui.mjs), each a check with a screenshot. What the
// panels should show is read from the built node (ui-panels.mjs).
import { loadBuiltNode, panelsOf, panelsWorkflow } from './ui-panels.mjs';
import { waitFor } from './processes.mjs';

const MODE = 'editor';

function assert(condition, message) {
	if (!condition) throw new Error(message);
}

const sameSet = (a, b) =>
	JSON.stringify([...new Set(a)].sort()) === JSON.stringify([...new Set(b)].sort());

export async function runEditorSteps({
	editor,
	rest,
	checks,
	sandbox,
	n8nUrl,
	credential,
	telephonyCredential,
	owner,
	repoRoot,
	webhookId,
	log,
}) {
	const built = loadBuiltNode(repoRoot);
	const { version, panels } = panelsOf(built);
	const step = async (name, body) => {
		editor.step = name;
		const from = editor.errors.length;
		const externalFrom = editor.externalFailures.length;
		return await checks.check(MODE, name, async () => {
			let detail;
			try {
				detail = await body();
			} finally {
				// A failed step must not leave the panel (or a list) open over the next one.
				if (
					await editor
						.ndv()
						.isVisible()
						.catch(() => false)
				) {
					await editor.page.keyboard.press('Escape');
					await editor.closeNode();
				}
			}
			// Before sign-in, n8n's editor asks who is logged in and logs the 401 it gets as a console error.
			const problems = editor.problemsSince(from, externalFrom);
			const errors = problems.errors.filter(
				(e) => !(name === 'signs in' && /status of 401/.test(e.text)),
			);
			assert(
				errors.length === 0,
				`${errors.length} console/page error(s): ${errors.map((e) => `${e.kind}: ${e.text}`).join(' | ')}`,
			);
			const offline = problems.external.length
				? ` (offline: n8n's editor could not fetch ${problems.external.join(', ')})`
				: '';
			return `${detail ?? ''}${offline}`;
		});
	};

	if (
		!(await step('signs in', async () => {
			await editor.signIn(owner.email, owner.password);
			await editor.screenshot('signed-in');
			return editor.page.url().replace(n8nUrl, '');
		}))
	)
		return;

	await step(
		'new workflow: the Convocore entry of the nodes panel, and its description',
		async () => {
			await editor.page.goto(`${n8nUrl}/workflow/new`);
			await editor.page
				.locator(
					'[data-test-id="canvas-add-button"], [data-test-id="canvas-add-first-step-button"]',
				)
				.first()
				.click();
			await editor.searchNodesPanel('Convocore');
			const entries = await editor.nodesPanelEntries();
			await editor.screenshot('nodes-panel-convocore');
			const entry = entries.find((e) => e.name === 'Convocore');
			assert(entry, `no Convocore entry among ${JSON.stringify(entries)}`);
			// n8n merges an app node and its trigger into one entry and gives it the trigger's
			// description (generateMergedNodesAndActions: "default to trigger description"). Checked on
			// n8n's own HubSpot too, so a change in n8n shows up here.
			await editor.searchNodesPanel('HubSpot');
			const hubspot = (await editor.nodesPanelEntries()).find((e) => e.name === 'HubSpot');
			await editor.screenshot('nodes-panel-hubspot');
			assert(hubspot, 'no HubSpot entry');
			const verdict =
				entry.description === built.trigger.description &&
				hubspot.description === 'Starts the workflow when HubSpot events occur'
					? "n8n shows the trigger's description for both (its merge of app and trigger), ours and HubSpot's alike"
					: `descriptions: Convocore "${entry.description}", HubSpot "${hubspot.description}"`;
			return verdict;
		},
	);

	await step(
		'the Convocore entry lists every action, grouped by resource; Send an SMS added with a plain name and a cost notice',
		async () => {
			await editor.searchNodesPanel('Convocore');
			const creator = editor.page.locator('[data-test-id="node-creator"]');
			await creator
				.locator('[data-test-id="node-creator-item-name"]', { hasText: /^Convocore$/ })
				.first()
				.click();
			// On an empty canvas the panel opens on the triggers; the actions are one click below.
			await creator
				.getByText(/^Actions \(\d+\)/)
				.first()
				.click();
			await editor.page.waitForTimeout(500);
			const listed = await creator.innerText();
			await editor.screenshot('convocore-actions');
			const missing = panels
				.filter((panel) => !listed.includes(panel.action))
				.map((panel) => panel.action);
			assert(missing.length === 0, `actions not listed: ${missing.join(', ')}`);
			const resources = [...new Set(panels.map((panel) => panel.name.split(':')[0]))];
			const headers = resources.filter((resource) =>
				listed.toUpperCase().includes(`${resource.toUpperCase()} ACTIONS`),
			);
			assert(
				headers.length === resources.length,
				`resource groups: ${headers.join(', ')} of ${resources.join(', ')}`,
			);
			await creator.getByText('Send an SMS', { exact: true }).first().click();
			await editor
				.ndv()
				.locator('[data-test-id="parameter-item"]')
				.first()
				.waitFor({ state: 'visible' });
			await editor.page.waitForTimeout(1000);
			const text = await editor.ndvText();
			await editor.screenshot('send-an-sms-panel');
			await editor.closeNode();
			assert(/may cost credits/.test(text), 'no cost notice in the SMS panel');
			const names = await editor.page
				.locator('[data-test-id="canvas-node"]')
				.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-node-name')));
			assert(names.includes('Send an SMS'), `canvas nodes: ${JSON.stringify(names)}`);
			assert(
				names.every((name) => !/[()]/.test(name)),
				`a node name with brackets: ${JSON.stringify(names)}`,
			);
			return `${panels.length} actions in ${headers.length} resource groups; canvas: ${names.join(', ')}`;
		},
	);

	const workflow = await rest.createWorkflow(
		panelsWorkflow(
			{ version, panels },
			{
				credential,
				telephonyCredential,
				triggerVersion: [built.trigger.version].flat().pop(),
				webhookId,
			},
		),
	);
	await editor.page.goto(`${n8nUrl}/workflow/${workflow.id}`);
	await editor.canvasNode('Voice: Search').waitFor({ state: 'visible', timeout: 150_000 });
	await editor.screenshot('every-panel-workflow');

	const times = [];
	for (const panel of panels) {
		await step(
			`panel ${panel.name}: renders, issue markers only on required empty fields`,
			async () => {
				const ms = await editor.openNode(panel.name);
				times.push([panel.name, ms]);
				const markers = await editor.issueMarkers();
				await editor.screenshot(`panel-${panel.name}`);
				const checksHere = [];
				if (panel.resource === 'agent' && ['create', 'update', 'clone'].includes(panel.operation)) {
					const text = await editor.ndvText();
					assert(
						/Handoff/.test(text) && !/On\/Off Settings/.test(text),
						'the agent fields are not grouped by what they change',
					);
					checksHere.push('topic groups');
				}
				if (panel.resource === 'crawlerJob') {
					assert(
						(await editor
							.ndv()
							.locator('[data-test-id="resource-locator-workspaceId"]')
							.count()) === 1,
						'Workspace is not a picker',
					);
					checksHere.push('workspace picker');
				}
				await editor.closeNode();
				assert(
					sameSet(markers, panel.requiredEmpty),
					`issue markers on [${markers.join(', ')}], expected on [${panel.requiredEmpty.join(', ')}]`,
				);
				return `${ms} ms, markers on [${markers.join(', ')}]${checksHere.length ? `; ${checksHere.join(', ')}` : ''}`;
			},
		);
	}

	await step('agent picker lists and searches the agents', async () => {
		await editor.openNode('SMS: Send');
		const all = await editor.pickerItems('agentId');
		await editor.screenshot('agent-picker');
		await editor.closePicker();
		const found = await editor.pickerItems('agentId', 'Ava');
		await editor.screenshot('agent-picker-search');
		await editor.closePicker();
		await editor.closeNode();
		assert(all.length >= 2, `listed ${JSON.stringify(all)}`);
		assert(
			found.length === 1 && /Ava/.test(found[0]),
			`search "Ava" found ${JSON.stringify(found)}`,
		);
		return `${all.length} listed (${all.join(', ')}); "Ava" finds ${found[0]}`;
	});

	await step('workspace picker lists and searches the workspaces', async () => {
		await editor.openNode('Crawler Job: Get Many');
		const all = await editor.pickerItems('workspaceId');
		await editor.screenshot('workspace-picker');
		await editor.closePicker();
		const found = await editor.pickerItems('workspaceId', 'acme');
		await editor.closePicker();
		const none = await editor.pickerItems('workspaceId', 'no such workspace');
		await editor.screenshot('workspace-picker-search');
		await editor.closePicker();
		await editor.closeNode();
		assert(all.length === 1 && /Acme Dental EU/.test(all[0]), `listed ${JSON.stringify(all)}`);
		assert(
			found.length === 1 && none.length === 0,
			`"acme" found ${JSON.stringify(found)}, "no such workspace" ${JSON.stringify(none)}`,
		);
		return `listed ${all.join(', ')}; "acme" finds it, a wrong name nothing`;
	});

	await step('Voice > Search with Execute step: output, and one limit notice', async () => {
		await editor.openNode('Voice: Search');
		const count = await editor.executeStep();
		await editor.page.waitForTimeout(1000);
		const hints = await editor.outputHints();
		await editor.screenshot('voice-search-executed');
		await editor.closeNode();
		assert(/50 items/.test(count), `output: ${count}`);
		const limitHints = hints.filter((hint) => /limit/i.test(hint));
		assert(limitHints.length === 1, `limit notices: ${JSON.stringify(limitHints)}`);
		return `${count}; notice: ${limitHints[0].slice(0, 80)}`;
	});

	await step('trigger: both webhook URLs, and one test event received', async () => {
		await editor.openNode('Convocore Trigger');
		const testUrl = `${n8nUrl}/webhook-test/${webhookId}/webhook`;
		const productionUrl = `${n8nUrl}/webhook/${webhookId}/webhook`;
		await editor.ndv().getByText('Webhook URLs').first().click();
		await editor.ndv().locator('[data-test-id="radio-button-test"]').click();
		await editor.page.waitForTimeout(300);
		const testText = await editor.ndvText();
		await editor.screenshot('trigger-test-url');
		await editor.ndv().locator('[data-test-id="radio-button-production"]').click();
		await editor.page.waitForTimeout(300);
		const productionText = await editor.ndvText();
		await editor.screenshot('trigger-production-url');
		assert(testText.includes(testUrl), `no test URL ${testUrl} in the panel`);
		assert(
			productionText.includes(productionUrl),
			`no production URL ${productionUrl} in the panel`,
		);
		await editor.ndv().locator('[data-test-id="node-execute-button"]').first().click();
		const delivered = await waitFor(
			'the test webhook to listen',
			async () => {
				const response = await fetch(`${sandbox.url}/__sandbox/events`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ url: testUrl, type: 'webhook_test' }),
				});
				const answer = await response.json();
				return answer.status === 200 ? answer : null;
			},
			{ timeoutMs: 60_000, intervalMs: 1000 },
		);
		const count = editor.outputPanel().locator('[data-test-id="ndv-items-count"]').first();
		await count.waitFor({ state: 'visible', timeout: 60_000 });
		const items = (await count.textContent()).replace(/\s+/g, ' ').trim();
		await editor.screenshot('trigger-test-event');
		await editor.closeNode();
		assert(/^1 item/.test(items), `output: ${items}`);
		return `test and production URLs shown; event answered ${delivered.status}, output ${items}`;
	});

	log(`panel open times (a figure to watch, not an assertion):`);
	for (const [name, ms] of times) log(`  ${String(ms).padStart(6)} ms  ${name}`);
	const sorted = times.map(([, ms]) => ms).sort((a, b) => a - b);
	if (sorted.length)
		log(
			`  median ${sorted[Math.floor(sorted.length / 2)]} ms, slowest ${sorted[sorted.length - 1]} ms over ${sorted.length} panels`,
		);
	return workflow;
}
