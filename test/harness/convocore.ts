/**
 * Shortcuts for running the Convocore node through n8n's engine against a sandbox.
 */
import type {
	ICredentialDataDecryptedObject,
	INodeExecutionData,
	INodeParameters,
} from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { startSandbox, type Sandbox } from '../../sandbox';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { type SandboxMode } from '../../sandbox/server/mode';
import { CONVOCORE_NODE_TYPE, TestNodeTypes, node, runWorkflow, type RunResult } from './engine';

export const nodeTypes = new TestNodeTypes().add(CONVOCORE_NODE_TYPE, new Convocore());

/** A `convocoreApi` credential pointing at a sandbox region with one of its keys. */
export function sandboxCredential(
	sandbox: Sandbox,
	secretKey: string = sandbox.keys.euWhiteLabel,
	region: 'eu' | 'na' = 'eu',
): ICredentialDataDecryptedObject {
	return { region: 'custom', baseUrl: sandbox.baseUrl(region), secretKey };
}

/**
 * Starts one sandbox for the test file, resets it before each test, closes it after all.
 * `mode: 'published'` makes it behave like Convocore's published server (sandbox/server/mode.ts).
 */
export function useSandbox(options: { mode?: SandboxMode } = {}): { readonly current: Sandbox } {
	const holder: { current: Sandbox } = { current: undefined as unknown as Sandbox };
	beforeAll(async () => {
		holder.current = await startSandbox({ port: 0, mode: options.mode });
	});
	beforeEach(() => holder.current?.reset());
	afterAll(async () => {
		await holder.current?.close();
	});
	return holder;
}

export interface ConvocoreRun extends RunResult {
	/** Output items of the Convocore node (throws its error if it failed). */
	items: () => INodeExecutionData[];
}

/** SMS > Send in direct mode from the sandbox's own-account agent to a recipient it knows; `overrides` wins. */
export function directSmsParameters(
	message: string,
	overrides: INodeParameters = {},
): INodeParameters {
	return {
		resource: 'sms',
		operation: 'send',
		agentId: SANDBOX_IDS.ownAccountAgent,
		to: SANDBOX_IDS.aiChattingRecipient,
		mode: 'direct',
		message,
		...overrides,
	};
}

/**
 * SMS > Send with per-item recipient and text taken from the input by expressions (`{ to, message }`
 * items), from the sandbox's own-account agent; in agent mode the message is the agent's context.
 */
export function smsParameters(
	options: INodeParameters = {},
	mode: 'direct' | 'agent' = 'direct',
): INodeParameters {
	return {
		resource: 'sms',
		operation: 'send',
		agentId: SANDBOX_IDS.ownAccountAgent,
		to: '={{ $json.to }}',
		mode,
		message: '={{ $json.message }}',
		options,
	};
}

/** Runs the Convocore node once over `input` items with the given parameters. */
export async function runConvocore(
	parameters: INodeParameters,
	{
		credential,
		input = [{ json: {} }],
		continueOnFail = false,
		typeVersion = 1,
	}: {
		credential: ICredentialDataDecryptedObject;
		input?: INodeExecutionData[];
		continueOnFail?: boolean;
		/** 1: as saved with 0.1.0 (plain-text Agent ID); 2: the agent picker. */
		typeVersion?: number;
	},
): Promise<ConvocoreRun> {
	const convocore = node('Convocore', CONVOCORE_NODE_TYPE, parameters, {
		credentials: { convocoreApi: { id: '1', name: 'Convocore account' } },
		typeVersion,
		...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	});
	const result = await runWorkflow({
		nodeTypes,
		nodes: [convocore],
		connections: {},
		credentials: { convocoreApi: credential },
		input,
	});
	return { ...result, items: () => result.output('Convocore') };
}
