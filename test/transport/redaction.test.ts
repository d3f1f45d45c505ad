/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code with made-up values, never ships (package.json "files" is dist/ only) */
/**
 * Which values count as secrets (nodes/shared/secrets.ts): a field named like a secret
 * (`password` as much as `token`), with a value of at least the minimum length (6 characters,
 * exactly 6 included), is removed from the node copy an error carries, in its own field and
 * wherever else the value appears.
 */
import type { INode } from 'n8n-workflow';
import { redactedNode, redactText, secretsIn } from '../../nodes/shared/secrets';

const nodeWith = (parameters: INode['parameters']): INode => ({
	id: '1',
	name: 'Convocore',
	type: 'n8n-nodes-convocore.convocore',
	typeVersion: 3,
	position: [0, 0],
	parameters,
});

describe('a field named password', () => {
	const PASSWORD = 'pw-for-the-crm-7781';

	it('is a secret wherever it is found', () => {
		expect([...secretsIn({ login: { user: 'dana', password: PASSWORD } })]).toEqual([PASSWORD]);
	});

	it('is redacted in the node an error carries: in its field, inside JSON text, and where it is quoted elsewhere', () => {
		const redacted = redactedNode(
			nodeWith({
				password: PASSWORD,
				agentOptions: JSON.stringify({ crm: { password: PASSWORD } }),
				message: `log in with ${PASSWORD}`,
			}),
		);
		expect(redacted.parameters.password).toBe('[redacted]');
		expect(redacted.parameters.message).toBe('log in with [redacted]');
		expect(JSON.stringify(redacted)).not.toContain(PASSWORD);
	});
});

describe('the minimum length of a secret', () => {
	it('a secret of exactly 6 characters is redacted everywhere; one of 5 only in its own field', () => {
		const six = 'k3y9Zq';
		const five = 'k3y9Z';
		expect([...secretsIn({ token: six })]).toEqual([six]);
		expect([...secretsIn({ token: five })]).toEqual([]);
		expect(redactText(`Bearer ${six}`, secretsIn({ token: six }))).toBe('Bearer [redacted]');

		const redacted = redactedNode(nodeWith({ apiToken: six, message: `token ${six}` }));
		expect(redacted.parameters).toEqual({ apiToken: '[redacted]', message: 'token [redacted]' });
		const short = redactedNode(nodeWith({ apiToken: five, message: `token ${five}` }));
		expect(short.parameters).toEqual({ apiToken: '[redacted]', message: `token ${five}` });
	});
});
