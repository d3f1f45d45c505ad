/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code with made-up values, never ships (package.json "files" is dist/ only) */
/**
 * withoutSecrets, the last step before n8n stores an error: every text the error keeps, including
 * the causes it chains to, loses the secrets, and a chain of causes that loops back still ends.
 */
import { NodeApiError, type INode, type JsonObject } from 'n8n-workflow';
import { withoutSecrets } from '../../nodes/shared/secrets';

const SECRET = 'header-value-0123456789';
const node: INode = {
	id: '1',
	name: 'Convocore',
	type: 'n8n-nodes-convocore.convocore',
	typeVersion: 3,
	position: [0, 0],
	parameters: {},
};

it('redacts the answer, messages, context and the causes a NodeApiError keeps', () => {
	const error = new NodeApiError(
		node,
		{ message: `echo ${SECRET}`, details: { value: SECRET } } as JsonObject,
		{ message: `failed: ${SECRET}`, itemIndex: 0 },
	);
	error.context.quoted = SECRET;
	const looping = new Error(`cause ${SECRET}`) as Error & { cause?: unknown };
	looping.cause = looping;
	(error as { cause?: unknown }).cause = looping;
	withoutSecrets(error, new Set([SECRET]));
	const texts = JSON.stringify({
		...error,
		message: error.message,
		description: error.description,
		messages: error.messages,
		cause: looping.message,
	});
	expect(texts).toContain('[redacted]');
	expect(texts).not.toContain(SECRET);
});
