/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Phone Number > Import takes the telephony account from the Convocore Telephony Account
 * credential from node version 2 on; a workflow saved with 0.1.0 (version 1, auth token as a node
 * parameter) keeps working unchanged, and its errors carry the node with the token redacted.
 */
import type { IWorkflowBase } from 'n8n-workflow';
import { ConvocoreTelephonyApi } from '../../credentials/ConvocoreTelephonyApi.credentials';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { NUMBER_PATHS, telcoField } from '../../nodes/shared/telco';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { sandboxCredential, useSandbox } from '../harness/convocore';
import { CONVOCORE_NODE_TYPE, TestNodeTypes, runWorkflow } from '../harness/engine';

const sandbox = useSandbox();
const authToken = 'tok_0123456789abcdef0123456789abcdef';
const accountSid = 'AC99998888777766665555444433332222';
const importNumber = '+4930555000778';

const nodeTypes = new TestNodeTypes().add(CONVOCORE_NODE_TYPE, new Convocore());

/** A workflow as 0.1.0 saved it: typeVersion 1, SID and token as parameters. */
function savedWith010(parameters: Record<string, unknown>): IWorkflowBase {
	return JSON.parse(
		JSON.stringify({
			name: 'Import a number (0.1.0)',
			nodes: [
				{
					id: 'f3b1c2d4-0000-4000-8000-000000000001',
					name: 'Convocore',
					type: CONVOCORE_NODE_TYPE,
					typeVersion: 1,
					position: [460, 300],
					parameters: {
						resource: 'phoneNumber',
						operation: 'import',
						phoneNumber: importNumber,
						accountSid,
						authToken,
						callerId: importNumber,
						...parameters,
					},
					credentials: { convocoreApi: { id: '1', name: 'Convocore account' } },
				},
			],
			connections: {},
		}),
	) as IWorkflowBase;
}

function requestsToImport() {
	return sandbox.current.requests({ method: 'POST', path: NUMBER_PATHS.import });
}

describe('Phone Number > Import and its telephony credential', () => {
	it('a 0.1.0 workflow (version 1, token as a parameter) runs unchanged', async () => {
		const workflow = savedWith010({});
		const result = await runWorkflow({
			nodeTypes,
			nodes: workflow.nodes,
			connections: workflow.connections,
			credentials: { convocoreApi: sandboxCredential(sandbox.current) },
		});
		expect(result.error('Convocore')).toBeUndefined();
		expect(requestsToImport().map((request) => request.body)).toEqual([
			{
				[telcoField('Number')]: importNumber,
				[telcoField('AccountSid')]: accountSid,
				[telcoField('AccountAuthToken')]: authToken,
				[telcoField('CallerId')]: importNumber,
			},
		]);
		expect(JSON.stringify(result.output('Convocore'))).not.toContain(authToken);
	});

	it('a 0.1.0 workflow that fails carries the node with its token redacted', async () => {
		const workflow = savedWith010({
			phoneNumber: SANDBOX_IDS.ownAccountPrimaryNumber,
			callerId: SANDBOX_IDS.ownAccountPrimaryNumber,
		});
		const result = await runWorkflow({
			nodeTypes,
			nodes: workflow.nodes,
			connections: workflow.connections,
			credentials: { convocoreApi: sandboxCredential(sandbox.current) },
		});
		const error = result.error('Convocore') as unknown as {
			node?: { parameters?: Record<string, unknown> };
			message: string;
		};
		expect(error.message).toMatch(/NUMBER_ALREADY_IN_WORKSPACE/);
		expect(error.node?.parameters?.authToken).toBe('[redacted]');
		expect(JSON.stringify(error)).not.toContain(authToken);
	});

	it('version 2 takes SID and token from the credential; the workflow holds neither', async () => {
		const result = await runWorkflow({
			nodeTypes,
			nodes: [
				{
					id: 'v2',
					name: 'Convocore',
					type: CONVOCORE_NODE_TYPE,
					typeVersion: 2,
					position: [0, 0],
					parameters: {
						resource: 'phoneNumber',
						operation: 'import',
						phoneNumber: importNumber,
						callerId: importNumber,
					},
					credentials: {
						convocoreApi: { id: '1', name: 'Convocore account' },
						convocoreTelephonyApi: { id: '2', name: 'Telephony account' },
					},
				},
			],
			connections: {},
			credentials: {
				convocoreApi: sandboxCredential(sandbox.current),
				convocoreTelephonyApi: { accountSid, authToken },
			},
		});
		expect(result.error('Convocore')).toBeUndefined();
		expect(requestsToImport()[0].body).toMatchObject({
			[telcoField('AccountSid')]: accountSid,
			[telcoField('AccountAuthToken')]: authToken,
		});
		expect(JSON.stringify(result.output('Convocore'))).not.toContain(authToken);
	});

	it('shows the legacy fields only to version 1 and the credential only from version 2', () => {
		const description = new Convocore().description;
		const legacy = description.properties.filter((property) =>
			['accountSid', 'authToken'].includes(property.name),
		);
		expect(legacy).toHaveLength(2);
		for (const property of legacy) expect(property.displayOptions?.show?.['@version']).toEqual([1]);
		const credential = description.credentials?.find(
			(entry) => entry.name === 'convocoreTelephonyApi',
		);
		expect(credential?.displayOptions?.hide?.['@version']).toEqual([1]);
	});

	it('the credential is tested against the provider account endpoint with SID and token', () => {
		const type = new ConvocoreTelephonyApi();
		expect(type.displayName).toBe('Convocore Telephony Account API');
		expect(type.properties.map((property) => property.name)).toEqual(['accountSid', 'authToken']);
		expect(type.properties[1].typeOptions?.password).toBe(true);
		expect(type.test.request.baseURL).toBe(
			'=https://api.twilio.com/2010-04-01/Accounts/{{$credentials.accountSid}}',
		);
		expect(type.test.request.url).toBe('.json');
		expect(type.authenticate.properties.auth).toEqual({
			username: '={{$credentials.accountSid}}',
			password: '={{$credentials.authToken}}',
		});
	});
});
