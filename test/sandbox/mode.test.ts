import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { modeFromEnv } from '../../sandbox/server/mode';
import { api, useSandbox } from './helpers';

/**
 * The sandbox's two modes (sandbox/server/mode.ts): strict refuses unknown keys loudly; published drops
 * them without an error and refuses a missing required field as trpc-openapi does, so only what
 * is stored tells whether a field was kept.
 */

const lead = {
	agentId: SANDBOX_IDS.ownAccountAgent,
	name: 'Mode Probe',
	email: 'probe@example.com',
};

describe('strict mode (the default)', () => {
	const sandbox = useSandbox();

	it('refuses an unknown key with 400 naming it', async () => {
		const answer = await api(sandbox(), 'POST', '/leads', {
			key: sandbox().keys.euWhiteLabel,
			body: { lead: { ...lead, favouriteColour: 'blue' } },
		});
		expect(answer.status).toBe(400);
		expect(answer.body.code).toBe('VALIDATION_ERROR');
		expect(answer.body.message).toContain('favouriteColour');
		expect(
			Object.keys(sandbox().state.leads).some(
				(id) => sandbox().state.leads[id].name === 'Mode Probe',
			),
		).toBe(false);
	});
});

describe('published mode', () => {
	const sandbox = useSandbox({ mode: 'published' });

	it('drops an unknown key at any depth, answers 200, and stores the rest', async () => {
		const answer = await api(sandbox(), 'POST', '/leads', {
			key: sandbox().keys.euWhiteLabel,
			body: { lead: { ...lead, favouriteColour: 'blue' }, topLevelExtra: 1 },
		});
		expect(answer.status).toBe(200);
		const stored = sandbox().state.leads[answer.body.data.id] as unknown as Record<string, unknown>;
		expect(stored.name).toBe('Mode Probe');
		expect(stored).not.toHaveProperty('favouriteColour');
		expect(answer.body.data).not.toHaveProperty('favouriteColour');
	});

	it('refuses a missing required field as the published server does', async () => {
		const answer = await api(sandbox(), 'POST', '/leads', {
			key: sandbox().keys.euWhiteLabel,
			body: { lead: { name: 'No Agent', favouriteColour: 'blue' } },
		});
		expect(answer.status).toBe(400);
		expect(answer.body).toMatchObject({ message: 'Input validation failed', code: 'BAD_REQUEST' });
		expect(
			answer.body.issues.map((issue: { message: string }) => issue.message).join(' '),
		).toContain('agentId');
		expect(
			answer.body.issues.map((issue: { message: string }) => issue.message).join(' '),
		).not.toContain('favouriteColour');
	});

	it('keeps its mode across reset() and can be switched through the control route', async () => {
		sandbox().reset();
		expect(sandbox().mode).toBe('published');
		const switched = await fetch(`${sandbox().url}/__sandbox/mode`, {
			method: 'POST',
			body: JSON.stringify({ mode: 'strict' }),
		});
		expect(switched.status).toBe(200);
		expect(sandbox().mode).toBe('strict');
		const refused = await api(sandbox(), 'POST', '/leads', {
			key: sandbox().keys.euWhiteLabel,
			body: { lead: { ...lead, favouriteColour: 'blue' } },
		});
		expect(refused.status).toBe(400);
		sandbox().mode = 'published';
	});
});

describe('CONVOCORE_SANDBOX_MODE', () => {
	it('is strict when unset, takes published, and refuses anything else by name', () => {
		expect(modeFromEnv({})).toBe('strict');
		expect(modeFromEnv({ CONVOCORE_SANDBOX_MODE: 'published' })).toBe('published');
		expect(() => modeFromEnv({ CONVOCORE_SANDBOX_MODE: 'lenient' })).toThrow(
			/CONVOCORE_SANDBOX_MODE must be one of strict, published; got "lenient"/,
		);
	});
});
