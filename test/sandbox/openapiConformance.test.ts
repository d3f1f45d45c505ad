/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in Node under jest and imports Ajv, a JSON Schema validator already installed (with eslint), never ships (package.json "files" is dist/ only) */
/**
 * The sandbox in published mode answers as Convocore's OpenAPI 1.0.4 publishes (issue 40, item 7),
 * judged by an independent validator: Ajv (a JSON Schema validator, already installed as a
 * dependency of eslint; not added for this test), against the published schemas copied unchanged
 * into test/fixtures/openapi-1.0.4/excerpts.json (the file names its source and commit). Each route
 * here is one the node reads and the sandbox once answered otherwise: the conversations export's
 * `data` (an array, CSV included), the knowledge-base list with a `pageSize` over 100 (a cap the
 * OpenAPI does not state), and the lead-group routes of Lead > Import.
 */
import Ajv from 'ajv';
import excerpts from '../fixtures/openapi-1.0.4/excerpts.json';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

type Operation = keyof typeof excerpts.operations;

const ajv = new Ajv({ allErrors: true });

/** The validator's findings for `body` against the published 200 answer of `operation` (empty: conforms). */
function findings(operation: Operation, body: unknown): string[] {
	const validate = ajv.compile(excerpts.operations[operation].answer);
	return validate(body)
		? []
		: (validate.errors ?? []).map((error) => `${error.dataPath || '(answer)'} ${error.message}`);
}

const sandbox = useSandbox({ mode: 'published' });
const call = (method: string, path: string, extra: Parameters<typeof api>[3] = {}) =>
	api(sandbox(), method, path, { key: sandbox().keys.euWhiteLabel, ...extra });

const own = `/agents/${SANDBOX_IDS.ownAccountAgent}`;
const rental = `/agents/${SANDBOX_IDS.rentalAgent}`;

describe('the validator itself', () => {
	it('finds what the sandbox once answered: a CSV export whose data is text, an open PUT answer', () => {
		expect(
			findings('GET /agents/{agentId}/convos/export', { success: true, message: '', data: 'a,b' }),
		).toEqual(['.data should be array']);
		expect(
			findings('PUT /agents/{agentId}/groups/{groupName}', {
				success: true,
				message: 'Leads added',
				data: {},
			}),
		).toEqual([
			'(answer) should NOT have additional properties',
			'(answer) should NOT have additional properties',
		]);
	});
});

describe('published mode answers as OpenAPI 1.0.4 publishes', () => {
	it.each(['json', 'csv'])('GET …/convos/export?format=%s: data is an array', async (format) => {
		const answer = await call('GET', `${own}/convos/export`, { query: { format } });
		expect(answer.status).toBe(200);
		expect(findings('GET /agents/{agentId}/convos/export', answer.body)).toEqual([]);
	});

	it.each(['json', 'csv'])('GET …/convos/{convoId}/export?format=%s', async (format) => {
		const answer = await call('GET', `${own}/convos/${SANDBOX_IDS.humanHandoffConvoId}/export`, {
			query: { format },
		});
		expect(answer.status).toBe(200);
		expect(findings('GET /agents/{agentId}/convos/{convoId}/export', answer.body)).toEqual([]);
	});

	it('GET …/kb: pageSize is a number without a published maximum, and 150 is answered, not refused', async () => {
		expect(excerpts.operations['GET /agents/{agentId}/kb'].query.pageSize).toEqual({
			type: 'number',
		});
		for (const pageSize of [20, 100, 150]) {
			const answer = await call('GET', `${rental}/kb`, { query: { page: 1, pageSize } });
			expect(answer.status).toBe(200);
			expect(findings('GET /agents/{agentId}/kb', answer.body)).toEqual([]);
		}
	});

	it('the lead-group routes of Lead > Import: create, assign, export-filtered, bulk', async () => {
		const leads = [{ userName: 'Ada', userEmail: 'ada@example.com' }];
		const created = await call('POST', `${own}/groups`, { body: { groupName: 'vip', leads } });
		expect(findings('POST /agents/{agentId}/groups', created.body)).toEqual([]);
		await call('POST', `${own}/groups`, {
			body: { groupName: 'staging', leads: [{ userName: 'Bo' }] },
		});
		const found = await call('POST', `${own}/leads/export-filtered`, {
			body: { groupName: 'staging' },
		});
		expect(findings('POST /agents/{agentId}/leads/export-filtered', found.body)).toEqual([]);
		const moved = await call('PUT', `${own}/groups/vip`, {
			body: {
				leadIds: (found.body.leads as Array<{ id: string }>).map((lead) => lead.id).join(','),
			},
		});
		expect(moved.status).toBe(200);
		expect(findings('PUT /agents/{agentId}/groups/{groupName}', moved.body)).toEqual([]);
		const bulk = await call('POST', `${own}/leads/bulk`, { body: { leads } });
		expect(findings('POST /agents/{agentId}/leads/bulk', bulk.body)).toEqual([]);
	});
});
