/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against a fake server with made-up values, never ships (package.json "files" is dist/ only) */
/**
 * Crawler Job > Create's webhook header values are secrets under names of the user's choosing
 * (X-Signature, not "token"): when Convocore's error answer quotes them, they must not reach any
 * part of the error n8n stores (its message, description, node copy, or the response it keeps),
 * nor any output item when a success answer or a poll echoes them back.
 */
import type { INodeParameters } from 'n8n-workflow';
import { waitClock } from '../../nodes/Convocore/actions/crawlerJob/wait';
import { runConvocore } from '../harness/convocore';
import { FaultServer } from '../harness/faultServer';

const SECRET_KEY = 'vg_crawlerWebhookSecret_0123456789';
const JOBS_PATH = '/workspaces/ws-1/crawler/jobs';
const HEADER_VALUE = 'sig-header-value-987654';
const BEARER_TOKEN = 'crawler-bearer-token-55';

let server: FaultServer;

beforeAll(async () => {
	server = await FaultServer.start([
		{
			method: 'POST',
			path: JOBS_PATH,
			success: { id: 'job-1', status: 'pending' },
			sideEffect: true,
		},
		{ method: 'GET', path: `${JOBS_PATH}/job-1`, success: { id: 'job-1', status: 'pending' } },
	]);
});
afterAll(async () => {
	await server.close();
});

it('a header value Convocore quotes in its error answer is in no part of the error', async () => {
	server.script('POST', JOBS_PATH, {
		kind: 'json',
		status: 400,
		body: {
			message: `Webhook header X-Signature rejected: ${HEADER_VALUE}`,
			code: 'BAD_REQUEST',
			details: { headers: { 'X-Signature': HEADER_VALUE } },
		},
	});
	const result = await runConvocore(
		{
			resource: 'crawlerJob',
			operation: 'create',
			workspaceId: 'ws-1',
			urls: 'https://example.com/help',
			webhook: {
				url: 'https://example.com/hook',
				headers: { header: [{ name: 'X-Signature', value: HEADER_VALUE }] },
			},
		},
		{ credential: { region: 'custom', baseUrl: server.baseUrl, secretKey: SECRET_KEY } },
	);
	const error = result.error('Convocore') as unknown as Error & Record<string, unknown>;
	expect(error).toBeDefined();
	expect(server.requestsTo('POST', JOBS_PATH)).toHaveLength(1);
	const everything = JSON.stringify({
		...error,
		message: error.message,
		stack: error.stack,
		cause: error.cause,
	});
	expect(everything).toContain('rejected');
	expect(everything).not.toContain(HEADER_VALUE);
});

/** Crawler Job > Create against the fault server, with a webhook holding a header under an ordinary name and a bearer token. */
async function createJob(options: INodeParameters = {}) {
	return await runConvocore(
		{
			resource: 'crawlerJob',
			operation: 'create',
			workspaceId: 'ws-1',
			urls: 'https://example.com/help',
			webhook: {
				url: 'https://example.com/hook',
				bearerToken: BEARER_TOKEN,
				headers: { header: [{ name: 'X-Api-Team', value: HEADER_VALUE }] },
			},
			options,
		},
		{ credential: { region: 'custom', baseUrl: server.baseUrl, secretKey: SECRET_KEY } },
	);
}

it('without Wait for Completion, a created job that echoes its webhook headers outputs no header value', async () => {
	server.script('POST', JOBS_PATH, {
		kind: 'json',
		body: {
			id: 'job-1',
			status: 'queued',
			webhook: { url: 'https://example.com/hook', headers: { 'X-Api-Team': HEADER_VALUE } },
		},
	});
	const [item] = (await createJob()).items();
	expect(item.json).toMatchObject({
		id: 'job-1',
		status: 'queued',
		webhook: { headers: { 'X-Api-Team': '[redacted]' } },
	});
	expect(JSON.stringify(item)).not.toContain(HEADER_VALUE);
});

it('with Wait for Completion, a poll that echoes the bearer token outputs no token', async () => {
	server.script('POST', JOBS_PATH, { kind: 'json', body: { id: 'job-1', status: 'queued' } });
	server.script('GET', `${JOBS_PATH}/job-1`, {
		kind: 'json',
		body: {
			id: 'job-1',
			status: 'completed',
			done: true,
			webhook: { url: 'https://example.com/hook', bearerToken: BEARER_TOKEN },
		},
	});
	const realSleep = waitClock.sleep;
	waitClock.sleep = async () => undefined;
	try {
		const [item] = (await createJob({ waitForCompletion: true })).items();
		expect(item.json).toMatchObject({
			id: 'job-1',
			status: 'completed',
			webhook: { bearerToken: '[redacted]' },
		});
		expect(JSON.stringify(item)).not.toContain(BEARER_TOKEN);
	} finally {
		waitClock.sleep = realSleep;
	}
});
