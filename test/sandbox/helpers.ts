/* eslint-disable @typescript-eslint/no-explicit-any -- the sandbox's JSON answers are read loosely, as a client reads them */
import { startSandbox, type Sandbox } from '../../sandbox';
import { type SandboxMode } from '../../sandbox/server/mode';
import type { SandboxRegion } from '../../sandbox/domain/records';

/** Real-HTTP helpers for the sandbox suites: every call goes through global fetch. */

export interface ApiCall {
	key?: string;
	body?: unknown;
	/** Sent as is instead of JSON.stringify(body). */
	rawBody?: string;
	query?: Record<string, string | number>;
	region?: SandboxRegion;
}

export interface ApiAnswer {
	status: number;
	body: any;
	headers: Headers;
}

export async function api(
	sandbox: Sandbox,
	method: string,
	path: string,
	call: ApiCall = {},
): Promise<ApiAnswer> {
	const url = new URL(`${sandbox.baseUrl(call.region ?? 'eu')}${path}`);
	for (const [name, value] of Object.entries(call.query ?? {}))
		url.searchParams.set(name, String(value));
	const headers: Record<string, string> = {};
	if (call.key !== undefined) headers.authorization = `Bearer ${call.key}`;
	let body: string | undefined;
	if (call.rawBody !== undefined) body = call.rawBody;
	else if (call.body !== undefined) body = JSON.stringify(call.body);
	if (body !== undefined) headers['content-type'] = 'application/json';
	const response = await fetch(url, { method, headers, body });
	const text = await response.text();
	return {
		status: response.status,
		body: text ? JSON.parse(text) : undefined,
		headers: response.headers,
	};
}

/** One sandbox per suite, back to the seed before every test; `mode` as in sandbox/server/mode.ts. */
export function useSandbox(options: { mode?: SandboxMode } = {}): () => Sandbox {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, mode: options.mode });
	});
	beforeEach(() => sandbox?.reset());
	afterAll(async () => {
		await sandbox?.close();
	});
	return () => {
		if (!sandbox) throw new Error('sandbox not started');
		return sandbox;
	};
}
