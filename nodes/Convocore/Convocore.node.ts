import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { RESOURCES } from './actions';
import { runOperation } from './actions/router';
import { operationProperty, resourceOperationProperties } from './descriptions/resourceOperation';
import { listSearch, loadOptions } from './methods';
import {
	TOOL_HEADER_CREDENTIAL_TEST,
	TOOL_HEADER_CREDENTIAL_TYPE,
	testToolHeaderCredential,
} from './actions/tool/headerAuth';
import { credentialSecrets, withoutSecrets } from '../shared/secrets';
import { TELEPHONY_CREDENTIAL_TYPE } from '../shared/telco';
import { CREDENTIAL_TYPE } from './transport/request';

/** Every credential the node may hold; their secrets never leave in an error. */
const CREDENTIAL_TYPES = [
	CREDENTIAL_TYPE,
	TELEPHONY_CREDENTIAL_TYPE,
	TOOL_HEADER_CREDENTIAL_TYPE,
] as const;

// The default of 0.1.0. Saved workflows leave out a parameter that is at its default, so it
// never changes, whatever order the menu has.
const DEFAULT_RESOURCE = 'sms';

const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	// Sorted by name, as n8n's options-sorted-alphabetically rule asks. By code unit, not
	// localeCompare: that initialises ICU, 5 to 9 ms of loading the package inside n8n. The names
	// are plain ASCII words with capitals, where both give the same order (a tooling test checks).
	options: RESOURCES.map(({ name, value, description }) => ({ name, value, description })).sort(
		(a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
	),
	default: DEFAULT_RESOURCE,
};

export class Convocore implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Convocore',
		name: 'convocore',
		icon: { light: 'file:../../icons/convocore.svg', dark: 'file:../../icons/convocore.dark.svg' },
		group: ['output'],
		// Version 2 makes every Agent ID an agent picker; version 1 keeps the text field that
		// workflows saved with 0.1.0 store, so they run unchanged. Version 3 makes Crawler Job >
		// Delete's Job ID a picker; versions 1 and 2 keep the text field they stored. Version 4 groups
		// Agent > Create, Update and Clone's fields by what they change and makes every crawler job's
		// Workspace ID a picker; versions 1 to 3 keep the groups and the text field they stored.
		// Version 5 asks Lead Group > Delete for a typed confirmation (Convocore's route deletes the
		// group's leads with it); versions 1 to 4 run as they were saved, without one.
		// Version 6 gives every Dry Run one output, { dryRun, requests: [{ method, url, body }], ... }
		// (helpers/dryRun.ts); versions 1 to 5 keep the five shapes workflows saved with them read.
		version: [1, 2, 3, 4, 5, 6],
		defaultVersion: 6,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			"Talk to Convocore agents, send SMS and start calls from them, run outbound campaigns on lead groups, read, tag, hand over and export conversations, create, update and clone agents, manage leads, knowledge bases, agents' tools and variables, and phone numbers, crawl sites into agents' knowledge bases, find text-to-speech voices, manage custom metrics and workspaces, list organisations and their clients, and read workspace and agent usage",
		defaults: { name: 'Convocore' },
		// As an AI-agent tool, the description warns that some operations act in the real world.
		usableAsTool: {
			replacements: {
				description:
					'Convocore voice and SMS agents. Send SMS, Start Call, Buy Phone Number and starting a campaign act for real and cost money: confirm the number with the user first. Send Message is a real conversation turn with the agent and spends credits. Reads are free.',
			},
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'convocoreApi', required: true },
			// Phone Number > Import from node version 2 on; version 1 keeps the token as a parameter.
			{
				name: 'convocoreTelephonyApi',
				required: true,
				displayOptions: {
					show: { resource: ['phoneNumber'], operation: ['import'] },
					hide: { '@version': [1] },
				},
			},
			// Tool > Create and Update with Header Authentication on: the header the tool sends.
			{
				name: 'convocoreToolHeaderApi',
				required: true,
				displayOptions: {
					show: {
						resource: ['tool'],
						operation: ['create', 'update'],
						headerAuthentication: [true],
					},
				},
				testedBy: 'convocoreToolHeaderTest',
			},
		],
		properties: [
			resourceProperty,
			...RESOURCES.map(operationProperty),
			// Each property that several operations of a resource describe alike, written once.
			...RESOURCES.flatMap(resourceOperationProperties),
		],
	};

	methods = {
		listSearch,
		loadOptions,
		credentialTest: { [TOOL_HEADER_CREDENTIAL_TEST]: testToolHeaderCredential },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const resource = this.getNodeParameter('resource', 0) as string;
		const operation = this.getNodeParameter('operation', 0) as string;
		const entry = RESOURCES.find((candidate) => candidate.value === resource)?.operations.find(
			(candidate) => candidate.value === operation,
		);
		if (!entry) {
			throw new NodeOperationError(
				this.getNode(),
				`The operation "${operation}" of resource "${resource}" is not supported`,
			);
		}
		try {
			// Read here, in execute() itself, as n8n's require-continue-on-fail rule asks.
			return [await runOperation(this, entry.operation, this.continueOnFail())];
		} catch (error) {
			// n8n stores and logs the node the error carries: no credential secret may be in it,
			// wherever a user pasted one. Credentials are read only here, on the way out of a failure.
			throw withoutSecrets(error, await credentialSecrets(this, CREDENTIAL_TYPES));
		}
	}
}
