/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code with made-up values, never ships (package.json "files" is dist/ only) */
/**
 * nodes/Convocore/transport/request.ts against a stand-in for n8n's request helpers, written against the
 * survivors of a mutation run (npm run mutation:core): the exact request options, the credential
 * read once, each shape of answer and the error it becomes, and no secret in what comes back.
 * (test/transport/transport.test.ts runs the same transport inside n8n's engine against the sandbox.)
 */
import type { IExecuteFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';
import { z } from 'zod';
import { listingContract } from '../../nodes/shared/contracts/common';
import { downloadFile } from '../../nodes/Convocore/transport/download';
import {
	CREDENTIAL_TYPE,
	convocoreApiRequest,
	getBaseUrl,
	type ConvocoreRequest,
} from '../../nodes/Convocore/transport/request';

const SECRET = 'sk-workspace-0123456789';
const BASE = 'https://api.example.test/v3';
const node: INode = {
	id: 'n1',
	name: 'Convocore',
	type: 'n8n-nodes-convocore.convocore',
	typeVersion: 3,
	position: [0, 0],
	parameters: {},
};

interface Answer {
	statusCode?: number;
	headers?: Record<string, string>;
	body?: unknown;
}

type Failure = Error & { description?: string; httpCode?: string; context: { itemIndex?: number } };

/** A context whose helpers answer `answers` in order (the last repeats), recording what was sent. */
function fakeContext(
	answers: Answer[],
	credential: object | (() => Promise<object>) = {
		region: 'custom',
		baseUrl: BASE,
		secretKey: SECRET,
	},
) {
	const sent: Array<{ type?: string; options: IHttpRequestOptions }> = [];
	let reads = 0;
	const answer = (options: IHttpRequestOptions, type?: string) => {
		sent.push({ type, options });
		const next = answers[Math.min(sent.length - 1, answers.length - 1)];
		return { statusCode: 200, headers: {}, ...next };
	};
	const ctx = {
		getNode: () => node,
		getCredentials: async (type: string) => {
			reads++;
			expect(type).toBe('convocoreApi');
			return typeof credential === 'function' ? await credential() : credential;
		},
		helpers: {
			httpRequestWithAuthentication: async (type: string, options: IHttpRequestOptions) =>
				answer(options, type),
			httpRequest: async (options: IHttpRequestOptions) => answer(options),
		},
	} as unknown as IExecuteFunctions;
	return { ctx, sent, reads: () => reads };
}

const json = (body: unknown, statusCode = 200, headers: Record<string, string> = {}): Answer => ({
	statusCode,
	headers,
	body: JSON.stringify(body),
});

async function request(answers: Answer[], req: Partial<ConvocoreRequest> = {}) {
	const fake = fakeContext(answers);
	const result = await convocoreApiRequest
		.call(fake.ctx, { method: 'GET', path: '/things', ...req }, { itemIndex: 2 })
		.then(
			(value) => ({ value, error: undefined }),
			(error: Failure) => ({ value: undefined, error }),
		);
	return { ...result, sent: fake.sent };
}

describe('the request sent', () => {
	it('goes to the base URL plus the path, with JSON in and the body parsed here, no redirect followed', async () => {
		const { sent } = await request([json({ ok: 1 })], {
			method: 'POST',
			path: '/agents',
			body: { name: 'A' },
			qs: { page: 2 },
		});
		expect(CREDENTIAL_TYPE).toBe('convocoreApi');
		expect(sent).toHaveLength(1);
		expect(sent[0].type).toBe('convocoreApi');
		expect(sent[0].options).toMatchObject({
			method: 'POST',
			url: `${BASE}/agents`,
			qs: { page: 2 },
			body: { name: 'A' },
			headers: { Accept: 'application/json' },
			json: true,
			encoding: 'text',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		});
	});

	it('reads the credential once per context, and again after a failed read', async () => {
		const fake = fakeContext([json({ ok: 1 })]);
		await convocoreApiRequest.call(fake.ctx, { method: 'GET', path: '/a' });
		await convocoreApiRequest.call(fake.ctx, { method: 'GET', path: '/b' });
		expect(fake.reads()).toBe(1);
		let calls = 0;
		const flaky = fakeContext([json({ ok: 1 })], async () => {
			calls++;
			if (calls === 1) throw new Error('decryption failed');
			return { region: 'custom', baseUrl: BASE, secretKey: SECRET };
		});
		await expect(
			convocoreApiRequest.call(flaky.ctx, { method: 'GET', path: '/a' }),
		).resolves.toEqual({ ok: 1 });
		expect(flaky.reads()).toBe(2);
	});

	it('refuses a credential whose Base URL is not usable, naming the item, before sending', async () => {
		const fake = fakeContext([json({})], {
			region: 'custom',
			baseUrl: 'localhost/v3',
			secretKey: SECRET,
		});
		const error = (await convocoreApiRequest
			.call(fake.ctx, { method: 'GET', path: '/a' }, { itemIndex: 4 })
			.catch((e: Failure) => e)) as Failure;
		expect(error.message).toBe(
			"The credential's Base URL must be a full http(s) URL ending in /v3, e.g. http://127.0.0.1:4010/eu/v3",
		);
		expect(error.context.itemIndex).toBe(4);
		expect(fake.sent).toHaveLength(0);
		const base = (await getBaseUrl.call(fake.ctx, 6).catch((e: Failure) => e)) as Failure;
		expect(base.message).toBe(error.message);
		expect(base.context.itemIndex).toBe(6);
		expect(await getBaseUrl.call(fakeContext([]).ctx)).toBe(BASE);
	});
});

describe('success bodies', () => {
	it('unwraps { success, data } unless raw, and keeps a body without data whole', async () => {
		expect((await request([json({ success: true, data: { id: 'a1' } })])).value).toEqual({
			id: 'a1',
		});
		expect(
			(await request([json({ success: true, data: { id: 'a1' } })], { raw: true })).value,
		).toEqual({ success: true, data: { id: 'a1' } });
		expect((await request([json({ success: true, count: 3 })])).value).toEqual({
			success: true,
			count: 3,
		});
		expect((await request([json({ success: 'yes', data: { id: 'a1' } })])).value).toEqual({
			success: 'yes',
			data: { id: 'a1' },
		});
		expect((await request([json({ id: 'flat' }, 201)])).value).toEqual({ id: 'flat' });
		expect((await request([{ body: { already: 'parsed' } }])).value).toEqual({ already: 'parsed' });
	});

	it('success: false is an error even with HTTP 200', async () => {
		const { error } = await request([json({ success: false, message: 'no credits left' })], {
			method: 'POST',
		});
		expect(error?.message).toBe('Convocore reported a failure: no credits left');
		expect(error?.httpCode).toBe('200');
	});

	it.each([
		['', 'an empty body'],
		['   ', 'an empty body'],
		['null', 'the body null'],
		['[1,2]', 'a list where an object was expected'],
		['"text"', 'a string where an object was expected'],
		['42', 'a number where an object was expected'],
		['<html>', 'a body that is not valid JSON'],
	])('without a contract, %j is an error: %s', async (body, what) => {
		const { error } = await request([{ body }]);
		expect(error?.message).toBe(`Convocore answered GET /things with HTTP 200 but ${what}`);
		expect(error?.httpCode).toBe('200');
	});

	it('plain text is accepted only when labelled text/plain and the contract takes a string', async () => {
		const phone = z.string();
		expect(
			(
				await request(
					[{ body: '+14155550123', headers: { 'Content-Type': 'text/plain; charset=utf-8' } }],
					{ response: phone },
				)
			).value,
		).toBe('+14155550123');
		expect(
			(
				await request([{ body: '+14155550123', headers: { 'content-type': ' Text/Plain' } }], {
					response: phone,
				})
			).value,
		).toBe('+14155550123');
		const html = await request(
			[{ body: '+14155550123', headers: { 'content-type': 'text/html' } }],
			{ response: phone },
		);
		expect(html.error?.message).toBe(
			'Convocore answered GET /things with HTTP 200 but a body that is not valid JSON',
		);
		const plainish = await request([{ body: 'x', headers: { 'content-type': 'text/plainish' } }], {
			response: phone,
		});
		expect(plainish.error?.message).toContain('a body that is not valid JSON');
		const inside = await request(
			[{ body: 'x', headers: { 'content-type': 'application/x-text/plain' } }],
			{ response: phone },
		);
		expect(inside.error?.message).toContain('a body that is not valid JSON');
		const unlabelled = await request([{ body: 'x' }], { response: phone });
		expect(unlabelled.error?.message).toBe(
			'Convocore answered GET /things with HTTP 200 but a body that is not valid JSON',
		);
		const refused = await request([{ body: 'x', headers: { 'content-type': 'text/plain' } }], {
			response: z.number(),
		});
		expect(refused.error?.message).toContain('a body that is not valid JSON');
	});

	it('a contract decides which bare values, lists and empty bodies are fine', async () => {
		expect((await request([json([1, 2])], { response: z.array(z.number()) })).value).toEqual([
			1, 2,
		]);
		expect((await request([{ body: '' }], { response: z.undefined() })).value).toBeUndefined();
		expect((await request([json(null)], { response: z.null() })).value).toBeNull();
		const wrong = await request([json([1, 2])], { response: z.object({ id: z.string() }) });
		expect(wrong.error?.message).toBe(
			'Convocore answered GET /things with HTTP 200 but a list where an object was expected',
		);
	});

	it('an answer off its contract names up to three problems and how many more', async () => {
		const contract = z.object({
			a: z.string(),
			b: z.string(),
			c: z.string(),
			d: z.string(),
			e: z.string(),
		});
		const { error } = await request([json({ a: 1, b: 2, c: 3, d: 4, e: 5 })], {
			response: contract,
		});
		expect(error?.message).toBe(
			'Convocore answered GET /things with HTTP 200 but an answer that does not match the API specification: a: Expected string, received number; b: Expected string, received number; c: Expected string, received number (and 2 more)',
		);
		const three = await request([json({ a: 'x', b: 'x', c: 1, d: 2, e: 3 })], {
			response: contract,
		});
		expect(three.error?.message).toBe(
			'Convocore answered GET /things with HTTP 200 but an answer that does not match the API specification: c: Expected string, received number; d: Expected string, received number; e: Expected string, received number',
		);
		expect(
			(
				await request(
					[json({ success: true, data: { a: 'x', b: 'x', c: 'x', d: 'x', e: 'x', extra: 1 } })],
					{ response: contract },
				)
			).value,
		).toEqual({
			a: 'x',
			b: 'x',
			c: 'x',
			d: 'x',
			e: 'x',
			extra: 1,
		});
	});

	it('a listing contract says which entry is wrong, for a bare list and for an unwrapped one', async () => {
		const voices = listingContract(
			z.object({ id: z.string() }).passthrough(),
			['voices'],
			'voices',
		);
		const expected =
			'Convocore answered GET /things with HTTP 200 but an answer that does not match the API specification: entry 1 of the voices: id: Required';
		expect(
			(await request([json([{ id: 'v1' }, { name: 'no id' }])], { response: voices })).error
				?.message,
		).toBe(expected);
		expect(
			(
				await request([json({ success: true, data: [{ id: 'v1' }, { name: 'no id' }] })], {
					response: voices,
				})
			).error?.message,
		).toBe(expected);
		expect((await request([json([{ id: 'v1' }])], { response: voices })).value).toEqual([
			{ id: 'v1' },
		]);
		// A list where a plain object contract stands is not a listing problem.
		const single = await request([json({ success: true, data: [{ id: 'v1' }] })], {
			response: z.object({ id: z.string() }),
		});
		expect(single.error?.message).toBe(
			'Convocore answered GET /things with HTTP 200 but a list where an object was expected',
		);
	});

	it('removes the credential key and the secrets of the request body from what comes back', async () => {
		const { value } = await request([json({ echo: `Bearer ${SECRET}`, hook: 'body-token-123' })], {
			method: 'POST',
			body: { webhook: { token: 'body-token-123' } },
		});
		expect(value).toEqual({ echo: 'Bearer [redacted]', hook: '[redacted]' });
	});
});

describe('failures', () => {
	it('maps a status with Convocore JSON, and one with a proxy page', async () => {
		const rejected = await request([json({ message: 'bad phone', code: 'INVALID' }, 400)], {
			method: 'POST',
		});
		expect(rejected.error?.message).toBe('Convocore rejected the request: bad phone (INVALID)');
		expect(rejected.error?.context.itemIndex).toBe(2);
		const proxy = await request([{ statusCode: 502, body: '<html>Bad gateway</html>' }], {
			method: 'POST',
		});
		expect(proxy.error?.message).toBe(
			'Convocore had an internal problem (HTTP 502), answered by a proxy or load balancer in between',
		);
		const empty = await request([{ statusCode: 404, body: '' }]);
		expect(empty.error?.message).toBe('Not found: GET /things');
		const below = await request([{ statusCode: 199, body: '' }]);
		expect(below.error?.message).toBe('Convocore answered HTTP 199');
		// A page that is not JSON below 200 is no success either: the status decides the error.
		const belowPage = await request([{ statusCode: 199, body: '<html>Continue</html>' }]);
		expect(belowPage.error?.message).toBe('Convocore answered HTTP 199');
	});

	it('keeps the secret out of an error that quotes it', async () => {
		const { error } = await request([json({ message: `key ${SECRET} is disabled` }, 401)]);
		expect(error?.message).toBe(
			'Convocore did not accept the secret key: key [redacted] is disabled',
		);
	});

	it.each([300, 301, 302, 307, 308, 399])(
		'does not follow a redirect (HTTP %i)',
		async (statusCode) => {
			const { error, sent } = await request([
				{ statusCode, headers: { Location: 'https://evil.test/steal' }, body: '' },
			]);
			expect(error?.message).toBe(
				`Convocore answered GET /things with a redirect (HTTP ${statusCode}) to evil.test, which was not followed`,
			);
			expect(sent).toHaveLength(1);
		},
	);

	it('HTTP 400 right after the redirects is an error of its own, not a redirect', async () => {
		expect((await request([json({ message: 'm' }, 400)])).error?.message).toBe(
			'Convocore rejected the request: m',
		);
	});
});

describe('downloadFile', () => {
	it('fetches without the credential and returns the bytes and their type', async () => {
		const fake = fakeContext([
			{
				statusCode: 200,
				headers: { 'Content-Type': 'audio/mpeg' },
				body: new Uint8Array([1, 2, 3]).buffer,
			},
		]);
		const file = await downloadFile.call(fake.ctx, 'https://cdn.example.test/a.mp3?sig=1');
		expect([...file.data]).toEqual([1, 2, 3]);
		expect(file.contentType).toBe('audio/mpeg');
		expect(fake.sent[0].type).toBeUndefined();
		expect(fake.sent[0].options).toMatchObject({
			method: 'GET',
			url: 'https://cdn.example.test/a.mp3?sig=1',
			encoding: 'arraybuffer',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		});
		expect(fake.reads()).toBe(0);
	});

	it('a failed download names the URL without its query or credentials', async () => {
		const fail = async (statusCode: number, url: string) =>
			(await downloadFile
				.call(fakeContext([{ statusCode, body: new ArrayBuffer(0) }]).ctx, url, { itemIndex: 1 })
				.catch((e: Failure) => e)) as Failure;
		const notFound = await fail(404, 'https://user:pw@cdn.example.test/v/a.mp3?sig=secret');
		expect(notFound.message).toBe('Could not download https://cdn.example.test/v/a.mp3 (HTTP 404)');
		expect(notFound.httpCode).toBe('404');
		expect(notFound.context.itemIndex).toBe(1);
		expect((await fail(199, 'not a url')).message).toBe('Could not download the file (HTTP 199)');
		expect((await fail(300, 'https://cdn.example.test/x')).message).toBe(
			'Could not download https://cdn.example.test/x (HTTP 300)',
		);
	});

	it('a download that never answers ends at the Timeout, naming the URL without its query', async () => {
		const hanging = {
			getNode: () => node,
			helpers: { httpRequest: async () => await new Promise(() => undefined) },
		} as unknown as IExecuteFunctions;
		const error = (await downloadFile
			.call(hanging, 'https://cdn.example.test/a.mp3?sig=1', { timeoutMs: 100 })
			.catch((e: Failure) => e)) as Failure;
		expect(error.message).toBe(
			'Convocore did not answer GET https://cdn.example.test/a.mp3 within 0.1 s (Options > Timeout)',
		);
	});
});
