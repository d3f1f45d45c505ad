/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * n8n attaches the node, parameters included, to every error a node throws, stores it in the
 * run and logs it. A credential's secret pasted into any field (a Twilio auth token in
 * Additional Body Fields, the API's secret key in a message, a version-1 Auth Token repeated in
 * another field) must not come out there: checked through the engine, Continue On Fail off, on
 * the run's own error.
 */
import type { INode, INodeParameters } from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { directSmsParameters, sandboxCredential, useSandbox } from '../harness/convocore';
import { CONVOCORE_NODE_TYPE, TestNodeTypes, runWorkflow } from '../harness/engine';

const sandbox = useSandbox();
const nodeTypes = new TestNodeTypes().add(CONVOCORE_NODE_TYPE, new Convocore());
const authToken = 'tok_errorNode_0123456789abcdef0123';
const accountSid = 'AC11112222333344445555666677778888';
const importNumber = '+4930555000779';
/** Phone Number > Import of one number; refused before sending when its JSON holds an unknown key. */
const importNumberParameters: INodeParameters = {
	resource: 'phoneNumber',
	operation: 'import',
	phoneNumber: importNumber,
	callerId: importNumber,
};

async function runNode(typeVersion: number, parameters: INodeParameters, withTelephony = true) {
	const result = await runWorkflow({
		nodeTypes,
		nodes: [
			{
				id: 'error-node',
				name: 'Convocore',
				type: CONVOCORE_NODE_TYPE,
				typeVersion,
				position: [0, 0],
				parameters,
				credentials: {
					convocoreApi: { id: '1', name: 'Convocore account' },
					...(withTelephony
						? { convocoreTelephonyApi: { id: '2', name: 'Telephony account' } }
						: {}),
				},
			},
		],
		connections: {},
		credentials: {
			convocoreApi: sandboxCredential(sandbox.current),
			...(withTelephony ? { convocoreTelephonyApi: { accountSid, authToken } } : {}),
		},
	});
	const error = result.error('Convocore') as unknown as
		| (Error & { node?: INode; description?: string })
		| undefined;
	expect(error).toBeDefined();
	return error as Error & { node?: INode; description?: string };
}

describe('no credential secret in the node an error carries', () => {
	it('a telephony auth token pasted into Additional Body Fields (version 2, from the credential)', async () => {
		const error = await runNode(2, {
			...importNumberParameters,
			additionalFields: {
				additionalBodyFields: JSON.stringify({ friendlyName: `Front desk ${authToken}` }),
			},
		});
		expect(error.message).toMatch(/unknown field: friendlyName/);
		expect(sandbox.current.count()).toBe(0);
		const extra = (error.node?.parameters?.additionalFields as INodeParameters)
			.additionalBodyFields as string;
		expect(JSON.parse(extra)).toEqual({ friendlyName: 'Front desk [redacted]' });
		expect(JSON.stringify(error.node)).not.toContain(authToken);
		expect(JSON.stringify(error)).not.toContain(authToken);
	});

	it('the API secret key pasted into an SMS message, failing at Convocore', async () => {
		const secretKey = sandboxCredential(sandbox.current).secretKey as string;
		const error = await runNode(
			2,
			directSmsParameters(`Call me, key ${secretKey}`, { agentId: 'agent-that-does-not-exist' }),
			false,
		);
		expect(error.message).toMatch(/Not found/);
		expect(sandbox.current.count()).toBe(1);
		expect(error.node?.parameters?.message).toBe('Call me, key [redacted]');
		expect(JSON.stringify(error)).not.toContain(secretKey);
	});

	it('a version-1 Auth Token repeated in another field of the same node', async () => {
		const error = await runNode(
			1,
			{
				...importNumberParameters,
				accountSid,
				authToken,
				additionalFields: { additionalBodyFields: JSON.stringify({ note: authToken }) },
			},
			false,
		);
		expect(error.message).toMatch(/unknown field: note/);
		expect(error.node?.parameters?.authToken).toBe('[redacted]');
		expect(
			JSON.parse(
				(error.node?.parameters?.additionalFields as INodeParameters)
					.additionalBodyFields as string,
			),
		).toEqual({ note: '[redacted]' });
		expect(JSON.stringify(error)).not.toContain(authToken);
	});

	it('the API secret key in a field refused before sending', async () => {
		// Validation errors (nothing sent) are made safe the same way as errors from Convocore.
		const secretKey = sandboxCredential(sandbox.current).secretKey as string;
		const error = await runNode(
			2,
			directSmsParameters('Hi', { to: `not-a-number ${secretKey}` }),
			false,
		);
		expect(error.message).toMatch(/to: must be a phone number/);
		expect(sandbox.current.count()).toBe(0);
		expect(JSON.stringify(error.node)).not.toContain(secretKey);
		expect(error.node?.parameters?.to).toBe('not-a-number [redacted]');
	});
});
