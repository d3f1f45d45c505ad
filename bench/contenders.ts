/**
 * The same SMS batch sent several ways, on the same sandbox (issue 17's contenders): the Convocore
 * node at its defaults, and at a fixed Concurrency equal to its default ceiling from the first
 * request ("ceiling": the best any limiter under that ceiling can do); n8n's own HTTP Request node
 * (n8n-nodes-base) at its defaults (every item in flight at once, no batching, no retry) and with
 * Options > Batching 50 items / 1,000 ms (what a careful user sets for a 50 req/s API); and a bare
 * `fetch` per item, all at once (the floor: no engine at all).
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { HttpRequest } from 'n8n-nodes-base/dist/nodes/HttpRequest/HttpRequest.node';
import { MAX_CONCURRENCY } from '../nodes/Convocore/helpers/concurrency';
import { SANDBOX_IDS } from '../sandbox/seed/seed';
import { node, runWorkflow, TestNodeTypes } from '../test/harness/engine';
import { runConvocore, smsParameters } from '../test/harness/convocore';
import type { BenchContext } from './common';

const HTTP_REQUEST_TYPE = 'n8n-nodes-base.httpRequest';
const httpRequestTypes = new TestNodeTypes().add(HTTP_REQUEST_TYPE, new HttpRequest());
const HTTP_REQUEST_VERSION = 4.2;

export type Contender = 'convocore' | 'ceiling' | 'http' | 'http batched' | 'fetch';

export const CONTENDERS: readonly Contender[] = [
	'convocore',
	'ceiling',
	'http',
	'http batched',
	'fetch',
];

/** HTTP Request node > Options > Batching, as a careful user sets it for a 50 req/s API. */
export const HTTP_BATCHING = { batchSize: 50, batchInterval: 1000 } as const;

export interface BatchResult {
	output: INodeExecutionData[];
	/** Set when the run failed (the node's error message). */
	error?: string;
}

const smsBody = (json: INodeExecutionData['json'], mode: 'direct' | 'agent') => ({
	agentId: SANDBOX_IDS.ownAccountAgent,
	to: json.to,
	mode,
	// In agent mode the message is the agent's context; it writes the text that is sent.
	message: json.message,
});

export async function sendWithConvocore(
	ctx: BenchContext,
	items: INodeExecutionData[],
	mode: 'direct' | 'agent',
	options: INodeParameters = {},
): Promise<BatchResult> {
	const parameters = smsParameters(options, mode);
	const run = await runConvocore(parameters, { credential: ctx.credential, input: items });
	const error = run.error('Convocore');
	return { output: error ? [] : run.items(), error: error?.message };
}

/** The HTTP Request node as a user would set it up for POST /sms: headers and a JSON body from the item. */
export async function sendWithHttpRequestNode(
	ctx: BenchContext,
	items: INodeExecutionData[],
	mode: 'direct' | 'agent',
	batched = false,
): Promise<BatchResult> {
	const body = JSON.stringify(smsBody({ to: '__TO__', message: '__MESSAGE__' }, mode))
		.replace('"__TO__"', '{{ JSON.stringify($json.to) }}')
		.replace('"__MESSAGE__"', '{{ JSON.stringify($json.message) }}');
	const parameters: INodeParameters = {
		method: 'POST',
		url: `${ctx.sandbox.baseUrl('eu')}/sms`,
		sendHeaders: true,
		headerParameters: {
			parameters: [
				{ name: 'Authorization', value: `Bearer ${ctx.credential.secretKey as string}` },
			],
		},
		sendBody: true,
		specifyBody: 'json',
		jsonBody: `=${body}`,
		options: batched ? { batching: { batch: { ...HTTP_BATCHING } } } : {},
	};
	const httpNode = node('HTTP Request', HTTP_REQUEST_TYPE, parameters, {
		typeVersion: HTTP_REQUEST_VERSION,
	});
	const run = await runWorkflow({
		nodeTypes: httpRequestTypes,
		nodes: [httpNode],
		connections: {},
		input: items,
	});
	const error = run.error('HTTP Request');
	return { output: error ? [] : run.output('HTTP Request'), error: error?.message };
}

/** One bare fetch per item, all at once. */
export async function sendWithFetch(
	ctx: BenchContext,
	items: INodeExecutionData[],
	mode: 'direct' | 'agent',
): Promise<BatchResult> {
	const url = `${ctx.sandbox.baseUrl('eu')}/sms`;
	const headers = {
		'Content-Type': 'application/json',
		Accept: 'application/json',
		Authorization: `Bearer ${ctx.credential.secretKey as string}`,
	};
	const output = await Promise.all(
		items.map(async (item) => {
			const response = await fetch(url, {
				method: 'POST',
				headers,
				body: JSON.stringify(smsBody(item.json, mode)),
			});
			return { json: (await response.json()) as INodeExecutionData['json'] };
		}),
	);
	return { output };
}

export function sendWith(
	contender: Contender,
	ctx: BenchContext,
	items: INodeExecutionData[],
	mode: 'direct' | 'agent' = 'direct',
	options: INodeParameters = {},
) {
	if (contender === 'convocore') return sendWithConvocore(ctx, items, mode, options);
	// Exactly the default ceiling in flight from the first request: what no adaptive start beats.
	if (contender === 'ceiling')
		return sendWithConvocore(ctx, items, mode, {
			...options,
			concurrency: MAX_CONCURRENCY.default,
		});
	if (contender === 'http') return sendWithHttpRequestNode(ctx, items, mode);
	if (contender === 'http batched') return sendWithHttpRequestNode(ctx, items, mode, true);
	return sendWithFetch(ctx, items, mode);
}
