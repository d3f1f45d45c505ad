/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Drives a webhook trigger the way n8n's webhook server does, with n8n-core's real contexts:
 *
 *  - webhookMethods run in a `HookContext`, whose `getNodeWebhookUrl` builds the real URL
 *    (`<webhookBaseUrl>/<webhookId>/webhook`);
 *  - each request runs `webhook()` in a `WebhookContext` over a request object
 *    `{ body, rawBody, headers, query, params }` and a response object that records (or, over
 *    HTTP, writes) status and body;
 *  - the result is handled as n8n's `executeWebhook` does for responseMode 'onReceived':
 *    `noWebhookResponse` means the node answered itself; no `workflowData` means "no run"
 *    (200 "Webhook call received"); otherwise 200 "Workflow was started" is sent first and the
 *    workflow then runs from the trigger's output in n8n-core's `WorkflowExecute`;
 *  - an exception from `webhook()` is answered 500 and recorded, as n8n does.
 *
 * `WebhookWorkflow` does this for any workflow with a webhook trigger (the demo runs the example
 * workflows with it); `TriggerHarness` is the Convocore Trigger -> No Operation workflow the
 * trigger tests and benchmarks use. Credentials are applied through the engine harness's
 * ICredentialsHelper subclass; static data lives in the workflow under `node:<Node Name>`, as in n8n.
 *
 * `startWebhookServer()` (and `startTriggerServer()` for a TriggerHarness) puts the same pipeline
 * behind a real `http.createServer` listener on 127.0.0.1 that parses bodies like n8n's body
 * parser (application/json, text/plain, x-www-form-urlencoded; malformed JSON is answered 422
 * before any node runs, as n8n does).
 */
import 'reflect-metadata';
import { randomUUID } from 'crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { parse as parseQueryString } from 'querystring';
import { ExecutionLifecycleHooks, HookContext, WebhookContext } from 'n8n-core';
import {
	Node,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialsHelper,
	type IDataObject,
	type IExecuteResponsePromiseData,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IWebhookData,
	type IWebhookDescription,
	type IWebhookResponseData,
	type IWorkflowExecuteAdditionalData,
	type WorkflowActivateMode,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import { NoOp } from 'n8n-nodes-base/dist/nodes/NoOp/NoOp.node';
import { ConvocoreTrigger } from '../../nodes/ConvocoreTrigger/ConvocoreTrigger.node';
import {
	additionalDataFor,
	CONVOCORE_TRIGGER_TYPE,
	executeWorkflow,
	newWorkflow,
	node,
	outputOf,
	TestCredentialsHelper,
	TestNodeTypes,
	workflowEntity,
	type EngineUrls,
	type WorkflowDefinition,
} from './engine';

export const TRIGGER_NODE_NAME = 'Convocore Trigger';
export const NEXT_NODE_NAME = 'After Trigger';
const NOOP_TYPE = 'n8n-nodes-base.noOp';

export const triggerNodeTypes = new TestNodeTypes()
	.add(CONVOCORE_TRIGGER_TYPE, new ConvocoreTrigger())
	.add(NOOP_TYPE, new NoOp());

/** The express-like subset of a response that n8n and the trigger use. */
export interface ResponseLike {
	statusCode: number;
	headersSent: boolean;
	writeHead(status: number, headers?: Record<string, string>): this;
	setHeader(name: string, value: string): this;
	status(code: number): this;
	json(body: unknown): this;
	send(body: unknown): this;
	end(chunk?: string | Buffer): this;
}

/** A response that only records what was sent. */
export class RecordingResponse implements ResponseLike {
	statusCode = 200;
	headersSent = false;
	finished = false;
	headers: Record<string, string> = {};
	text = '';

	writeHead(status: number, headers: Record<string, string> = {}): this {
		this.statusCode = status;
		for (const [name, value] of Object.entries(headers)) this.headers[name.toLowerCase()] = value;
		this.headersSent = true;
		return this;
	}

	setHeader(name: string, value: string): this {
		this.headers[name.toLowerCase()] = value;
		return this;
	}

	status(code: number): this {
		this.statusCode = code;
		return this;
	}

	json(body: unknown): this {
		this.setHeader('content-type', 'application/json; charset=utf-8');
		return this.end(JSON.stringify(body));
	}

	send(body: unknown): this {
		return typeof body === 'string' || Buffer.isBuffer(body) ? this.end(body) : this.json(body);
	}

	end(chunk?: string | Buffer): this {
		if (this.finished) throw new Error('response ended twice');
		if (chunk !== undefined) this.text += chunk.toString();
		this.headersSent = true;
		this.finished = true;
		return this;
	}

	/** The body parsed as JSON, or the raw text when it is not JSON. */
	get body(): unknown {
		try {
			return JSON.parse(this.text) as unknown;
		} catch {
			return this.text;
		}
	}
}

/** Express-like methods over a real http.ServerResponse (n8n's response is an express one). */
function adaptServerResponse(res: ServerResponse): ResponseLike {
	const adapted: ResponseLike = {
		get statusCode() {
			return res.statusCode;
		},
		set statusCode(code: number) {
			res.statusCode = code;
		},
		get headersSent() {
			return res.headersSent;
		},
		writeHead(status, headers = {}) {
			res.writeHead(status, headers);
			return adapted;
		},
		setHeader(name, value) {
			res.setHeader(name, value);
			return adapted;
		},
		status(code) {
			res.statusCode = code;
			return adapted;
		},
		json(body) {
			res.setHeader('content-type', 'application/json; charset=utf-8');
			res.end(JSON.stringify(body));
			return adapted;
		},
		send(body) {
			return typeof body === 'string' || Buffer.isBuffer(body)
				? adapted.end(body)
				: adapted.json(body);
		},
		end(chunk) {
			res.end(chunk);
			return adapted;
		},
	};
	return adapted;
}

/** What a webhook request looks like to a node (`getRequestObject()`). */
export interface WebhookRequest {
	method: string;
	url?: string;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
	rawBody?: Buffer;
	query: Record<string, unknown>;
	params: Record<string, unknown>;
	contentType?: string;
	encoding?: BufferEncoding;
}

/** A request as n8n would hand it over for a JSON POST of `body`. */
export function jsonRequest(body: unknown, headers: Record<string, string> = {}): WebhookRequest {
	const text = JSON.stringify(body) ?? '';
	return {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...lowerCase(headers) },
		body,
		rawBody: Buffer.from(text, 'utf8'),
		query: {},
		params: {},
		contentType: 'application/json',
		encoding: 'utf-8',
	};
}

/** A request whose bytes were not JSON-parsed by n8n (another content type): body as n8n leaves it. */
export function rawRequest(
	raw: string,
	contentType = 'text/plain',
	headers: Record<string, string> = {},
): WebhookRequest {
	const parsed = parseLikeN8n(Buffer.from(raw, 'utf8'), contentType);
	if (parsed.kind === 'unprocessable')
		throw new Error('use jsonRequest for application/json bodies');
	return {
		method: 'POST',
		headers: { 'content-type': contentType, ...lowerCase(headers) },
		body: parsed.body,
		rawBody: Buffer.from(raw, 'utf8'),
		query: {},
		params: {},
		contentType: contentType.split(';')[0].trim().toLowerCase(),
		encoding: 'utf-8',
	};
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
	return Object.fromEntries(
		Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
	);
}

/**
 * n8n's body parser (packages/cli/src/middlewares/body-parser.ts): JSON for application/json
 * (failure: 422 "Failed to parse request body"), a string for text/plain, an object for
 * x-www-form-urlencoded, otherwise `{}`; the raw bytes always stay on `rawBody`.
 */
export function parseLikeN8n(
	raw: Buffer,
	contentTypeHeader: string | undefined,
): { kind: 'parsed'; body: unknown } | { kind: 'unprocessable'; message: string } {
	const contentType = contentTypeHeader?.split(';')[0].trim().toLowerCase();
	if (raw.length === 0) return { kind: 'parsed', body: {} };
	const text = raw.toString('utf8');
	try {
		if (contentType === 'application/json')
			return { kind: 'parsed', body: JSON.parse(text) as unknown };
	} catch (error) {
		return { kind: 'unprocessable', message: (error as Error).message };
	}
	if (contentType === 'application/x-www-form-urlencoded') {
		return {
			kind: 'parsed',
			body: { ...parseQueryString(text, undefined, undefined, { maxKeys: 1000 }) },
		};
	}
	if (contentType === 'text/plain') return { kind: 'parsed', body: text };
	return { kind: 'parsed', body: {} };
}

/** Writes a Respond to Webhook node's answer (status, headers, body) as n8n's webhook server does. */
function answerFromNode(
	res: ResponseLike,
	{ body, headers, statusCode }: IExecuteResponsePromiseData,
): void {
	if (res.headersSent) return;
	const named = Object.fromEntries(
		Object.entries((headers ?? {}) as Record<string, unknown>).map(([name, value]) => [
			name,
			String(value),
		]),
	);
	res.writeHead(Number(statusCode ?? 200), {
		'content-type':
			typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
		...named,
	});
	res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
}

export interface WebhookWorkflowSetup {
	/** The workflow, run from its webhook trigger. */
	workflow: WorkflowDefinition;
	nodeTypes: INodeTypes;
	credentialsHelper: ICredentialsHelper;
	/** The trigger's node name; default the first enabled node whose type has webhooks. */
	trigger?: string;
	/** The workflow's id; default `workflow-<uuid>`. */
	id?: string;
	/** What n8n hands the trigger and the runs; the Production URL is `<webhookBaseUrl>/<webhookId>/<path>`. */
	urls?: EngineUrls;
	/** Run each accepted request through WorkflowExecute (default true). */
	execute?: boolean;
}

export interface HandleResult {
	/** What webhook() returned, unless it threw. */
	result?: IWebhookResponseData;
	/** What webhook() threw. */
	error?: Error;
	/** Whether n8n would start an execution. */
	executed: boolean;
	/** Items webhook() handed to n8n (`workflowData[0]`). */
	emitted?: INodeExecutionData[];
	/** Resolves with the finished execution, when one was started. */
	execution?: Promise<IRun>;
}

export interface Delivery extends HandleResult {
	status: number;
	body: unknown;
	response: RecordingResponse;
	/** Output of the trigger node in the finished execution (undefined when none ran). */
	items?: INodeExecutionData[];
	/** Output of the node after the trigger (TriggerHarness). */
	downstream?: INodeExecutionData[];
	run?: IRun;
}

let executionCounter = 0;

/**
 * An active workflow with a webhook trigger and n8n's handling of requests to it: the trigger's
 * webhook() in a WebhookContext, then (responseMode 'onReceived') the whole workflow from the
 * trigger's output in WorkflowExecute, each run in a fresh Workflow sharing the static data.
 */
export class WebhookWorkflow {
	readonly workflow: Workflow;
	/** The trigger node, as `workflow` holds it. */
	readonly node: INode;
	readonly nodeType: INodeType;
	readonly credentialsHelper: ICredentialsHelper;
	readonly staticData: IDataObject = {};
	/** The HTTP method the trigger's webhook is registered for. */
	readonly httpMethod: string;
	private readonly definition: WorkflowDefinition;
	private readonly nodeTypes: INodeTypes;
	private readonly webhookDescription: IWebhookDescription;
	private readonly urls: EngineUrls;
	private readonly execute: boolean;

	constructor(setup: WebhookWorkflowSetup) {
		const { workflow: definition, nodeTypes } = setup;
		this.definition = definition;
		this.nodeTypes = nodeTypes;
		this.credentialsHelper = setup.credentialsHelper;
		this.urls = setup.urls ?? {};
		this.execute = setup.execute ?? true;
		const trigger =
			setup.trigger ??
			definition.nodes.find(
				(candidate) =>
					!candidate.disabled &&
					nodeTypes.getByNameAndVersion(candidate.type, candidate.typeVersion).description.webhooks
						?.length,
			)?.name;
		if (!trigger) throw new Error(`"${definition.name}" has no webhook trigger`);
		this.workflow = newWorkflow(definition, nodeTypes, {
			id: setup.id ?? `workflow-${randomUUID()}`,
			active: true,
			staticData: this.staticData,
		});
		const triggerNode = this.workflow.getNode(trigger);
		if (!triggerNode) throw new Error(`"${definition.name}" has no node named ${trigger}`);
		if (!triggerNode.webhookId) throw new Error(`The trigger "${trigger}" has no webhookId`);
		this.node = triggerNode;
		this.nodeType = nodeTypes.getByNameAndVersion(triggerNode.type, triggerNode.typeVersion);
		const webhookDescription = this.nodeType.description.webhooks?.[0];
		if (!webhookDescription) throw new Error(`The trigger "${trigger}" has no webhook`);
		this.webhookDescription = webhookDescription;
		// n8n's Webhook node names its method by an expression on its HTTP Method parameter.
		const method = String(webhookDescription.httpMethod);
		this.httpMethod = method.startsWith('=')
			? String(triggerNode.parameters.httpMethod ?? 'GET')
			: method;
	}

	private additionalData(): IWorkflowExecuteAdditionalData {
		const hooks = new ExecutionLifecycleHooks(
			'webhook',
			'no-execution',
			workflowEntity(this.workflow),
		);
		return additionalDataFor(this.credentialsHelper, hooks, { urls: this.urls });
	}

	private webhookData(
		additionalData: IWorkflowExecuteAdditionalData,
		isTest: boolean,
	): IWebhookData {
		return {
			httpMethod: this.httpMethod as IWebhookData['httpMethod'],
			node: this.node.name,
			path: `${this.node.webhookId}/${String(this.webhookDescription.path)}`,
			webhookDescription: this.webhookDescription,
			workflowId: this.workflow.id,
			workflowExecuteAdditionalData: additionalData,
			webhookId: this.node.webhookId,
			isTest,
		};
	}

	/** A HookContext as n8n builds it when (de)activating the workflow. */
	hookContext(isTest = false, activation: WorkflowActivateMode = 'activate'): HookContext {
		const additionalData = this.additionalData();
		const mode: WorkflowExecuteMode = isTest ? 'manual' : 'webhook';
		return new HookContext(
			this.workflow,
			this.node,
			additionalData,
			mode,
			activation,
			this.webhookData(additionalData, isTest),
		);
	}

	/** Runs webhookMethods.default[method] as n8n does on activation / deactivation. */
	async hook(method: 'checkExists' | 'create' | 'delete', isTest = false): Promise<boolean> {
		const fn = this.nodeType.webhookMethods?.default?.[method];
		if (!fn) throw new Error(`no webhookMethods.default.${method}`);
		return await fn.call(this.hookContext(isTest));
	}

	/**
	 * n8n's activation: create() only when checkExists() says false (a node without
	 * webhookMethods has nothing to set up). Returns whether create ran.
	 */
	async activate(isTest = false): Promise<boolean> {
		if (!this.nodeType.webhookMethods?.default) return false;
		if (await this.hook('checkExists', isTest)) return false;
		await this.hook('create', isTest);
		return true;
	}

	/** n8n's deactivation: delete(), for a node with webhookMethods. */
	async deactivate(isTest = false): Promise<void> {
		if (this.nodeType.webhookMethods?.default) await this.hook('delete', isTest);
	}

	/** The URL n8n shows for this node (Production URL, or Test URL). */
	webhookUrl(isTest = false): string {
		const url = this.hookContext(isTest).getNodeWebhookUrl('default');
		if (!url) throw new Error('no webhook URL');
		return url;
	}

	/** The node's static data as n8n stores it: `workflow.staticData['node:<Node Name>']`. */
	nodeStaticData(): IDataObject | undefined {
		return this.staticData[`node:${this.node.name}`] as IDataObject | undefined;
	}

	/** One request through webhook() and n8n's onReceived handling, answering on `res`. */
	async handle(req: WebhookRequest, res: ResponseLike, isTest = false): Promise<HandleResult> {
		const additionalData = this.additionalData();
		additionalData.httpRequest = req as unknown as IWorkflowExecuteAdditionalData['httpRequest'];
		additionalData.httpResponse = res as unknown as IWorkflowExecuteAdditionalData['httpResponse'];
		const mode: WorkflowExecuteMode = isTest ? 'manual' : 'webhook';
		const context = new WebhookContext(
			this.workflow,
			this.node,
			additionalData,
			mode,
			this.webhookData(additionalData, isTest),
			[],
			null,
		);

		let result: IWebhookResponseData;
		try {
			// As n8n: a class-style node (the Webhook node) gets the context as its argument.
			result =
				this.nodeType instanceof Node
					? await this.nodeType.webhook!(context)
					: await this.nodeType.webhook!.call(context);
		} catch (caught) {
			const error = caught as Error;
			if (!res.headersSent) res.status(500).json({ code: 0, message: error.message });
			return { error, executed: false };
		}

		if (result.workflowData === undefined) {
			if (result.noWebhookResponse !== true && !res.headersSent) {
				res.status(200).json(result.webhookResponse ?? { message: 'Webhook call received' });
			}
			return { result, executed: false };
		}

		// responseMode 'responseNode' (a Webhook node answered by Respond to Webhook): the answer is
		// what that node sends, during the run. Otherwise ('onReceived'): answer first, then run.
		const fromNode = this.node.parameters.responseMode === 'responseNode';
		if (!fromNode && result.noWebhookResponse !== true && !res.headersSent) {
			res.status(200).json({ message: 'Workflow was started' });
		}
		const emitted = result.workflowData[0];
		const onSendResponse = fromNode
			? (response: IExecuteResponsePromiseData) => answerFromNode(res, response)
			: undefined;
		const execution = this.execute
			? this.runExecution(result.workflowData, mode, onSendResponse)
			: undefined;
		// As n8n: a run that ends without reaching Respond to Webhook is answered with an error.
		if (fromNode)
			void execution?.finally(
				() =>
					res.headersSent ||
					res.status(500).json({ code: 0, message: 'No Respond to Webhook node answered' }),
			);
		return { result, executed: true, emitted, execution };
	}

	/** Starts the workflow the way n8n does after a webhook: the trigger's items seed the stack. */
	private async runExecution(
		workflowData: INodeExecutionData[][],
		mode: WorkflowExecuteMode,
		onSendResponse?: (response: IExecuteResponsePromiseData) => void,
	): Promise<IRun> {
		// A fresh Workflow per execution, sharing the static data, as n8n does.
		const workflow = newWorkflow(this.definition, this.nodeTypes, {
			id: this.workflow.id,
			active: true,
			staticData: this.staticData,
		});
		return await executeWorkflow(workflow, {
			mode,
			startNode: this.node.name,
			input: workflowData,
			credentialsHelper: this.credentialsHelper,
			executionId: `webhook-execution-${++executionCounter}`,
			urls: this.urls,
			onSendResponse,
		});
	}

	/** One in-process delivery; waits for the execution when one starts. */
	async deliver(req: WebhookRequest, isTest = false): Promise<Delivery> {
		const response = new RecordingResponse();
		const handled = await this.handle(req, response, isTest);
		const delivery: Delivery = {
			...handled,
			status: response.statusCode,
			body: response.body,
			response,
		};
		if (handled.execution) {
			const run = await handled.execution;
			delivery.run = run;
			delivery.items = outputOf(run, this.node.name);
		}
		return delivery;
	}
}

export interface TriggerSetup {
	/** The node's Events parameter. */
	events: string[];
	/** The node's Options collection. */
	options?: Record<string, unknown>;
	/** The credential's secret key (a workspace secret). */
	secret: string;
	/** Other credential fields; default region eu. */
	credential?: ICredentialDataDecryptedObject;
	nodeName?: string;
	/** Base of production webhook URLs; default http://127.0.0.1:5678/webhook. */
	webhookBaseUrl?: string;
	/** Run each accepted event through WorkflowExecute (default true). */
	execute?: boolean;
	/** The node's version; default 1. */
	typeVersion?: number;
	/** Further parameters of the node (version 2's Register on Agents). */
	parameters?: INodeParameters;
}

/** The workflow `Convocore Trigger -> After Trigger (No Operation)` for a TriggerSetup. */
function triggerWorkflow(setup: TriggerSetup): WebhookWorkflowSetup {
	const name = setup.nodeName ?? TRIGGER_NODE_NAME;
	const webhookBaseUrl = setup.webhookBaseUrl ?? 'http://127.0.0.1:5678/webhook';
	const trigger = node(
		name,
		CONVOCORE_TRIGGER_TYPE,
		{
			events: setup.events,
			options: (setup.options ?? {}) as INodeParameters,
			...(setup.parameters ?? {}),
		},
		{
			typeVersion: setup.typeVersion ?? 1,
			webhookId: randomUUID(),
			credentials: { convocoreApi: { id: '1', name: 'Convocore workspace' } },
		},
	);
	return {
		id: 'trigger-workflow',
		workflow: {
			name: 'Convocore trigger workflow',
			nodes: [trigger, node(NEXT_NODE_NAME, NOOP_TYPE, {})],
			connections: { [name]: { main: [[{ node: NEXT_NODE_NAME, type: 'main', index: 0 }]] } },
		},
		nodeTypes: triggerNodeTypes,
		credentialsHelper: new TestCredentialsHelper({
			convocoreApi: { region: 'eu', secretKey: setup.secret, ...(setup.credential ?? {}) },
		}),
		trigger: name,
		urls: {
			webhookBaseUrl,
			webhookTestBaseUrl: webhookBaseUrl.replace(/\/webhook$/, '/webhook-test'),
		},
		execute: setup.execute,
	};
}

/** One workflow `Convocore Trigger -> After Trigger (No Operation)` and n8n's webhook handling. */
export class TriggerHarness extends WebhookWorkflow {
	constructor(readonly setup: TriggerSetup) {
		super(triggerWorkflow(setup));
	}

	/** One in-process delivery; waits for the execution when one starts. */
	override async deliver(req: WebhookRequest, isTest = false): Promise<Delivery> {
		const delivery = await super.deliver(req, isTest);
		if (delivery.run) delivery.downstream = outputOf(delivery.run, NEXT_NODE_NAME);
		return delivery;
	}

	/** Shortcut: POST `{ type, payload }` as application/json. */
	async deliverEvent(type: unknown, payload: unknown, isTest = false): Promise<Delivery> {
		return await this.deliver(jsonRequest({ type, payload }), isTest);
	}
}

export interface WebhookServer<W extends WebhookWorkflow = WebhookWorkflow> {
	harness: W;
	/** The trigger's Production URL on this listener. */
	url: string;
	/** Every request that reached the node, in arrival order. */
	handled: HandleResult[];
	/** Every execution started so far, in arrival order. */
	readonly executions: Array<Promise<IRun>>;
	/** Requests answered by the "n8n" layer before the node (404, 405, 422). */
	refusedBeforeNode: number;
	/**
	 * TCP connections accepted. An HTTP client opens another connection only while all its open
	 * ones are busy, so this is how many deliveries were in flight at the same time at the peak.
	 */
	connections: number;
	close(): Promise<void>;
}

/**
 * A real HTTP listener on 127.0.0.1 that hands requests to a webhook workflow like n8n's webhook
 * server. `create` builds the workflow once the listener's base URL (`http://127.0.0.1:<port>`)
 * is known, so that the URLs the workflow sees point at it. Activation is the caller's.
 */
export async function startWebhookServer<W extends WebhookWorkflow>(
	create: (baseUrl: string) => W,
): Promise<WebhookServer<W>> {
	// eslint-disable-next-line prefer-const -- assigned once the port is known; the request handler above reads it
	let harness!: W;
	let webhookPath = '';
	const handled: HandleResult[] = [];
	const state = { refusedBeforeNode: 0, connections: 0 };

	const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		if (url.pathname !== webhookPath) {
			state.refusedBeforeNode++;
			res.writeHead(404, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ code: 404, message: 'The requested webhook is not registered.' }));
			return;
		}
		if (req.method !== harness.httpMethod) {
			state.refusedBeforeNode++;
			res.writeHead(405, { 'content-type': 'application/json' });
			res.end(
				JSON.stringify({
					code: 405,
					message: `This webhook is not registered for ${req.method} requests.`,
				}),
			);
			return;
		}
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const rawBody = Buffer.concat(chunks);
		const contentTypeHeader = req.headers['content-type'];
		const parsed = parseLikeN8n(rawBody, contentTypeHeader);
		if (parsed.kind === 'unprocessable') {
			state.refusedBeforeNode++;
			res.writeHead(422, { 'content-type': 'application/json' });
			res.end(
				JSON.stringify({
					code: 422,
					message: 'Failed to parse request body',
					hint: parsed.message,
				}),
			);
			return;
		}
		const request: WebhookRequest = {
			method: req.method,
			url: req.url,
			headers: req.headers,
			body: parsed.body,
			rawBody,
			query: Object.fromEntries(url.searchParams),
			params: {},
			contentType: contentTypeHeader?.split(';')[0].trim().toLowerCase(),
			encoding: 'utf-8',
		};
		handled.push(await harness.handle(request, adaptServerResponse(res)));
	};

	const server: Server = createServer((req, res) => {
		onRequest(req, res).catch((error: Error) => {
			if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ code: 500, message: error.message }));
		});
	});
	server.on('connection', () => state.connections++);
	// A backlog above node's default 511, so a burst of new connections (the load test opens
	// 1,000 at once) waits in the accept queue instead of being reset while the loop is busy.
	await new Promise<void>((resolve) =>
		server.listen({ port: 0, host: '127.0.0.1', backlog: 2048 }, resolve),
	);
	const { port } = server.address() as AddressInfo;
	harness = create(`http://127.0.0.1:${port}`);
	const url = harness.webhookUrl();
	webhookPath = new URL(url).pathname;

	return {
		harness,
		url,
		handled,
		get executions() {
			return handled.flatMap((h) => (h.execution ? [h.execution] : []));
		},
		get refusedBeforeNode() {
			return state.refusedBeforeNode;
		},
		get connections() {
			return state.connections;
		},
		close: () =>
			new Promise<void>((resolve, reject) => {
				server.closeAllConnections();
				server.close((error) => (error ? reject(error) : resolve()));
			}),
	};
}

export interface TriggerServer extends WebhookServer<TriggerHarness> {
	/** Waits for all started executions and returns their trigger-node output items. */
	settled(): Promise<INodeExecutionData[][]>;
}

/** startWebhookServer over a TriggerHarness (`Convocore Trigger -> No Operation`). */
export async function startTriggerServer(
	setup: Omit<TriggerSetup, 'webhookBaseUrl'>,
): Promise<TriggerServer> {
	const server = await startWebhookServer(
		(baseUrl) => new TriggerHarness({ ...setup, webhookBaseUrl: `${baseUrl}/webhook` }),
	);
	return Object.assign(server, {
		async settled() {
			const runs = await Promise.all(server.executions);
			return runs.map((run) => outputOf(run, server.harness.node.name));
		},
	});
}
