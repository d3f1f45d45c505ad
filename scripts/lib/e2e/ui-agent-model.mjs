// e2e:ui, the agent's brain in the editor (issue 41): Agent > Create at the latest node version
// shows the Model group first; Model, Temperature and a Knowledge Base Retrieval field are set the
// way a user sets them (Add … list, then the field), the node runs against the sandbox with
// Execute step, and the sandbox's stored agent is read back.

function assert(condition, message) {
	if (!condition) throw new Error(message);
}

const NODE = 'Create an agent';
const TITLE = 'Mia from the editor';
/** What Model shows when added (its default). */
const OFFERED_MODEL = 'gpt-5-mini-2025-08-07';
const WANTED = { vg_defaultModel: 'gpt-4o', vg_temperature: 0.4, vg_kbTopChunks: 4 };

/** Adds `label` from a collection's Add … list (n8n 2.x shows a dropdown menu or a select). */
async function addFromCollection(editor, placeholder, label) {
	const page = editor.page;
	// The Add … list is a filterable select whose placeholder names it.
	await editor
		.ndv()
		.getByPlaceholder(placeholder, { exact: true })
		.or(editor.ndv().getByText(placeholder, { exact: true }))
		.first()
		.click({ timeout: 10_000 });
	await page.keyboard.type(label);
	const exact = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
	const option = page
		.locator('[role="menuitem"]:visible, [data-test-id="collection-parameter-option"]:visible')
		.filter({ hasText: exact })
		.first();
	await option.waitFor({ state: 'visible', timeout: 10_000 });
	await option.click();
	await page.waitForTimeout(300);
}

/** The parameter row whose label is `label`. */
function parameterItem(editor, label) {
	return editor
		.ndv()
		.locator('[data-test-id="parameter-item"]')
		.filter({ has: editor.page.getByText(label, { exact: true }) })
		.last();
}

async function typeNumber(editor, label, value) {
	const input = parameterItem(editor, label).locator('input').first();
	await input.click();
	await input.fill(String(value));
	await input.press('Tab');
}

/** Opens the list field showing `current` and picks `value` (typed first: the list is long). */
async function chooseOption(editor, current, value) {
	// A list field shows its value in an input, not as text: find that input by its value.
	const inputs = editor.ndv().locator('input');
	const index = await inputs.evaluateAll(
		(nodes, shown) => nodes.findIndex((node) => node.value === shown),
		current,
	);
	assert(index >= 0, `no field shows ${current}`);
	await inputs.nth(index).click({ timeout: 10_000 });
	await editor.page.keyboard.type(value);
	const option = editor.page
		.locator('.el-select-dropdown__item:visible, [role="option"]:visible')
		.filter({ hasText: new RegExp(`^\\s*${value.replace(/[.]/g, '\\.')}\\s*$`) })
		.first();
	await option.waitFor({ state: 'visible', timeout: 10_000 });
	await option.click();
	await editor.page.waitForTimeout(300);
}

export async function agentModelStep({
	editor,
	rest,
	checks,
	sandbox,
	secret,
	n8nUrl,
	credential,
	version,
}) {
	const workflow = await rest.createWorkflow({
		name: 'Agent with a model (e2e:ui)',
		nodes: [
			{
				id: 'create-agent',
				name: NODE,
				type: 'n8n-nodes-convocore.convocore',
				typeVersion: version,
				position: [0, 0],
				parameters: { resource: 'agent', operation: 'create', title: TITLE },
				credentials: { convocoreApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	await checks.check(
		'ui',
		'Agent > Create: the Model group first; Model, Temperature and Top Chunks set; the stored agent has them',
		async () => {
			editor.step = 'agent model';
			await editor.page.goto(`${n8nUrl}/workflow/${workflow.id}`);
			await editor.openNode(NODE);
			const before = await editor.ndvText();
			await editor.screenshot('agent-create-model-group');
			// The groups' labels, each on a line of its own, in the order the panel shows them.
			const lines = before.split('\n').map((line) => line.trim());
			const model = lines.indexOf('Model');
			const prompt = lines.indexOf('Prompt');
			assert(model >= 0, 'no Model group in Agent > Create');
			assert(prompt > model, 'the Model group is not before the Prompt group');
			assert(lines.includes('Knowledge Base Retrieval'), 'no Knowledge Base Retrieval group');

			// Each action named, with the panel's markup where it failed: the editor's markup changes
			// between n8n releases.
			const act = async (name, body) => {
				try {
					await body();
				} catch (error) {
					await editor.screenshot(`agent-create-failed-${name}`);
					const html = await editor
						.ndv()
						.locator('[data-test-id="parameter-item"]')
						.filter({ hasText: 'Add Model Setting' })
						.first()
						.evaluate((node) => node.outerHTML.slice(0, 3000))
						.catch(() => '');
					throw new Error(`${name}: ${error.message.split('\n')[0]} ${html}`);
				}
				await editor.screenshot(`agent-create-${name}`);
			};
			await act('add-model', () => addFromCollection(editor, 'Add Model Setting', 'Model'));
			await act('choose-model', () => chooseOption(editor, OFFERED_MODEL, WANTED.vg_defaultModel));
			await act('add-temperature', () =>
				addFromCollection(editor, 'Add Model Setting', 'Temperature'),
			);
			await act('set-temperature', () => typeNumber(editor, 'Temperature', WANTED.vg_temperature));
			await act('add-top-chunks', () =>
				addFromCollection(editor, 'Add Knowledge Base Setting', 'Top Chunks'),
			);
			await act('set-top-chunks', () => typeNumber(editor, 'Top Chunks', WANTED.vg_kbTopChunks));

			const count = await editor.executeStep();
			await editor.screenshot('agent-create-executed');
			await editor.closeNode();
			assert(/^1 item/.test(count), `output: ${count}`);

			const answer = await fetch(`${sandbox.baseUrl}/agents`, {
				headers: { authorization: `Bearer ${secret}` },
			});
			const agents = (await answer.json()).data ?? [];
			const stored = agents.find((agent) => agent.title === TITLE);
			assert(stored, `no agent "${TITLE}" among ${agents.map((agent) => agent.title).join(', ')}`);
			const read = await fetch(`${sandbox.baseUrl}/agents/${stored.ID}`, {
				headers: { authorization: `Bearer ${secret}` },
			});
			const record = (await read.json()).data ?? {};
			for (const [field, value] of Object.entries(WANTED))
				assert(
					record[field] === value,
					`the stored agent's ${field} is ${JSON.stringify(record[field])}, expected ${JSON.stringify(value)}`,
				);
			return `output ${count}; stored agent ${stored.ID}: ${Object.entries(WANTED)
				.map(([field, value]) => `${field} ${value}`)
				.join(', ')}`;
		},
	);
}
