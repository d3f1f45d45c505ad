import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { RESOURCES } from './actions';
import { runOperation } from './actions/operation';
import { operationProperty } from './actions/resource';
import { listSearch, loadOptions } from './methods';

const defaultResource = RESOURCES[0].value;

const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: RESOURCES.map(({ name, value, description }) => ({ name, value, description })),
	default: defaultResource,
};

export class Convocore implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Convocore',
		name: 'convocore',
		icon: { light: 'file:../../icons/convocore.svg', dark: 'file:../../icons/convocore.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			"Send SMS from a Convocore agent's number, find and preview text-to-speech voices, manage phone numbers, read custom metrics and delete crawler jobs",
		defaults: { name: 'Convocore' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'convocoreApi', required: true },
			// Phone Number > Import from node version 2 on; version 1 keeps the token as a parameter.
			{
				name: 'convocoreTelephonyApi',
				required: true,
				displayOptions: { show: { resource: ['phoneNumber'], operation: ['import'] }, hide: { '@version': [1] } },
			},
		],
		properties: [
			resourceProperty,
			...RESOURCES.map(operationProperty),
			...RESOURCES.flatMap((resource) =>
				resource.operations.flatMap((entry) => entry.operation.description),
			),
		],
	};

	methods = { listSearch, loadOptions };

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
		return [await runOperation(this, entry.operation)];
	}
}
