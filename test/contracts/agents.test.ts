/**
 * The agent contract's readings that the sandbox does not exercise: every list shape the public
 * sources show for GET /agents, and redaction of secret fields at any depth.
 */
import {
	agentListSchema,
	agentsFromList,
	redactSecrets,
	simplifyAgent,
} from '../../nodes/shared/contracts/agent';

const ava = { ID: 'agent-1', title: 'Ava' };

describe('GET /agents list shapes', () => {
	it.each([
		['a bare array', [ava]],
		['data', { success: true, message: 'ok', data: [ava] }],
		['data.agents', { success: true, data: { agents: [ava], total: 1 } }],
		['agents', { agents: [ava], total: 1 }],
	])('reads the agents from %s', (_shape, body) => {
		expect(agentsFromList(agentListSchema.parse(body))).toEqual([ava]);
	});

	it('refuses an answer without a list of agents', () => {
		expect(agentListSchema.safeParse({ success: true, message: 'ok' }).success).toBe(false);
	});
});

describe('redactSecrets', () => {
	it('replaces secret fields at any depth, keeps counters and ordinary fields', () => {
		const agent = {
			ID: 'agent-1',
			title: 'Ava',
			SECRET_API_KEY: 'vg_x1y2z3',
			gcloudPrivateKey: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
			nodes: [{ llmConfig: { model: 'gpt', maxTokens: 512, apiKey: 'sk-123456' } }],
			discord: { webhookUrls: ['https://discord.com/api/webhooks/1/tok'] },
			voiceConfig: { speechGen: { provider: 'cartesia', apiKey: '' } },
		};
		expect(redactSecrets(agent)).toEqual({
			ID: 'agent-1',
			title: 'Ava',
			SECRET_API_KEY: '[redacted]',
			gcloudPrivateKey: '[redacted]',
			nodes: [{ llmConfig: { model: 'gpt', maxTokens: 512, apiKey: '[redacted]' } }],
			discord: { webhookUrls: '[redacted]' },
			voiceConfig: { speechGen: { provider: 'cartesia', apiKey: '' } },
		});
		expect(agent.SECRET_API_KEY).toBe('vg_x1y2z3');
	});

	it('also replaces a known secret echoed in any text', () => {
		expect(redactSecrets({ message: 'token tw_123456 refused' }, new Set(['tw_123456']))).toEqual({
			message: 'token [redacted] refused',
		});
	});

	it('Simplify keeps only allow-listed fields', () => {
		expect(
			simplifyAgent({ ...ava, SECRET_API_KEY: 'x', whatsappToken: 'y', isDeployed: true }),
		).toEqual({ ...ava, isDeployed: true });
	});
});
