import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();
const key = () => sandbox().keys.euWhiteLabel;
const tools = `/agents/${SANDBOX_IDS.rentalAgent}/tools`;
const tool = {
	name: 'check_opening_hours',
	description: 'Opening hours',
	serverUrl: 'https://example.com/hours',
	fields: [{ id: 'day', key: 'day', type: 'string', in: 'query' }],
};

describe('sandbox: tools', () => {
	it('creates a tool with the defaults (POST, enabled, no channels) and lists and reads it', async () => {
		const created = await api(sandbox(), 'POST', tools, { key: key(), body: { tool } });
		expect(created.status).toBe(201);
		expect(created.body.data).toEqual(
			expect.objectContaining({
				id: 'tool-1',
				agentId: SANDBOX_IDS.rentalAgent,
				method: 'POST',
				disabled: false,
				channels: [],
				...tool,
			}),
		);
		expect(
			(await api(sandbox(), 'GET', tools, { key: key() })).body.data.map(
				(entry: { id: string }) => entry.id,
			),
		).toEqual(['tool-1']);
		expect((await api(sandbox(), 'GET', '/tools/tool-1', { key: key() })).body.data.name).toBe(
			'check_opening_hours',
		);
	});

	it('refuses unknown keys, in the body, the tool and a field, with 400 naming them', async () => {
		for (const body of [
			{ tool, extra: 1 },
			{ tool: { ...tool, colour: 'red' } },
			{ tool: { ...tool, fields: [{ id: 'a', key: 'a', where: 'query' }] } },
		]) {
			const answer = await api(sandbox(), 'POST', tools, { key: key(), body });
			expect(answer.status).toBe(400);
			expect(answer.body.message).toMatch(/unknown field.*(extra|colour|where)/);
		}
		const noId = await api(sandbox(), 'POST', tools, {
			key: key(),
			body: { tool: { ...tool, fields: [{ key: 'day' }] } },
		});
		expect(noId.body.message).toContain('tool.fields.0.id: is required');
		expect(sandbox().state.tools ?? {}).toEqual({});
	});

	it('PATCH changes only the keys sent; DELETE removes the tool', async () => {
		await api(sandbox(), 'POST', tools, { key: key(), body: { tool } });
		const patched = await api(sandbox(), 'PATCH', '/tools/tool-1', {
			key: key(),
			body: { tool: { name: tool.name, description: tool.description, disabled: true } },
		});
		expect(patched.body.data).toEqual(
			expect.objectContaining({
				disabled: true,
				serverUrl: tool.serverUrl,
				description: 'Opening hours',
				fields: tool.fields,
			}),
		);
		expect((await api(sandbox(), 'DELETE', '/tools/tool-1', { key: key() })).body).toEqual({
			success: true,
			message: 'Tool check_opening_hours deleted',
		});
		expect((await api(sandbox(), 'GET', '/tools/tool-1', { key: key() })).status).toBe(404);
	});

	it('PATCH without the name and description the update schema requires is refused and changes nothing', async () => {
		await api(sandbox(), 'POST', tools, { key: key(), body: { tool } });
		const refused = await api(sandbox(), 'PATCH', '/tools/tool-1', {
			key: key(),
			body: { tool: { disabled: true } },
		});
		expect(refused.status).toBe(400);
		expect(refused.body.issues).toEqual([
			{ message: 'tool.name: Required' },
			{ message: 'tool.description: Required' },
		]);
		expect(sandbox().state.tools?.['tool-1']?.disabled).toBe(false);
	});

	it("another workspace's secret cannot read, change or delete the tool", async () => {
		await api(sandbox(), 'POST', tools, { key: key(), body: { tool } });
		const other = sandbox().keys.naWhiteLabel;
		for (const method of ['GET', 'PATCH', 'DELETE']) {
			const answer = await api(sandbox(), method, '/tools/tool-1', {
				key: other,
				region: 'na',
				...(method === 'PATCH' ? { body: { tool: { disabled: true } } } : {}),
			});
			expect(answer.status).toBe(404);
		}
		expect(sandbox().state.tools?.['tool-1']?.disabled).toBe(false);
	});
});
