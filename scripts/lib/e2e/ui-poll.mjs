// e2e:ui, the Convocore Conversation Trigger in the editor: "Fetch Test Event" (the polling
// trigger's manual run) shows the latest session the sandbox added, as one item to map from.
import { POLL_TRIGGER_TYPE } from './pollExample.mjs';

function assert(condition, message) {
	if (!condition) throw new Error(message);
}

export async function fetchTestEventStep({ editor, rest, checks, sandbox, n8nUrl, credential }) {
	const workflow = await rest.createWorkflow({
		name: 'Convocore Conversation Trigger (e2e:ui)',
		nodes: [
			{
				id: 'poll',
				name: 'Convocore Conversation Trigger',
				type: POLL_TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					workspaceId: { __rl: true, mode: 'id', value: 'ws-eu-white-label' },
				},
				credentials: { convocoreApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	await checks.check(
		'ui',
		'Conversation Trigger: Fetch Test Event shows the latest session',
		async () => {
			const response = await fetch(`${sandbox.url}/__sandbox/sessions`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ count: 1, agentId: 'agent-own', origin: 'web-chat' }),
			});
			assert(response.ok, `the sandbox answered ${response.status}`);
			const [added] = (await response.json()).added;
			await editor.page.goto(`${n8nUrl}/workflow/${workflow.id}`);
			await editor
				.canvasNode('Convocore Conversation Trigger')
				.waitFor({ state: 'visible', timeout: 150_000 });
			await editor.openNode('Convocore Conversation Trigger');
			await editor.ndv().locator('[data-test-id="node-execute-button"]').first().click();
			const count = editor.outputPanel().locator('[data-test-id="ndv-items-count"]').first();
			await count.waitFor({ state: 'visible', timeout: 60_000 });
			const items = (await count.textContent()).replace(/\s+/g, ' ').trim();
			// The item count can show before the table has drawn its row, and a narrow column breaks
			// "convo-feed-4" over two lines: read the panel until the ID is there, whitespace aside.
			const shows = (panel) => panel.replace(/\s+/g, '').includes(added.convoId);
			let text = await editor.ndvText();
			for (let tries = 0; !shows(text) && tries < 40; tries++) {
				await editor.page.waitForTimeout(250);
				text = await editor.ndvText();
			}
			await editor.screenshot('conversation-trigger-test-event');
			await editor.closeNode();
			assert(/^1 item/.test(items), `output: ${items}`);
			assert(shows(text), `the output does not show ${added.convoId}`);
			return `output ${items}: ${added.convoId}`;
		},
	);
}
