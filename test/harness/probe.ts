/**
 * A test-only node that sends one request through the shared transport, so the transport's
 * error mapping, retries and pagination can be proven inside n8n's engine on their own.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { convocoreApiRequest } from '../../nodes/Convocore/transport/request';
import { RateLimitGate } from '../../nodes/Convocore/transport/retries';
import { collectCursorPages, collectOffsetPages } from '../../nodes/Convocore/transport/pagination';
export const PROBE_NODE_TYPE = 'test.convocoreProbe';

export class ConvocoreProbe implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Convocore Probe',
		name: 'convocoreProbe',
		group: ['transform'],
		version: 1,
		description: 'Test-only',
		// Never offered to an AI agent (it is not in any package), but n8n's rule applies to every node class.
		usableAsTool: true,
		defaults: { name: 'Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'convocoreApi', required: true }],
		properties: [
			{ displayName: 'Kind', name: 'kind', type: 'string', default: 'request' },
			{ displayName: 'Method', name: 'method', type: 'string', default: 'GET' },
			{ displayName: 'Path', name: 'path', type: 'string', default: '' },
			{ displayName: 'Query', name: 'qs', type: 'json', default: {} },
			{ displayName: 'Body', name: 'body', type: 'json', default: {} },
			{ displayName: 'Max', name: 'max', type: 'number', default: 0 },
			{ displayName: 'Page Size', name: 'pageSize', type: 'number', default: 0 },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const kind = this.getNodeParameter('kind', 0, 'request') as string;
		const method = this.getNodeParameter('method', 0, 'GET') as 'GET' | 'POST' | 'DELETE';
		const path = this.getNodeParameter('path', 0) as string;
		const qs = this.getNodeParameter('qs', 0, {}) as IDataObject;
		const body = this.getNodeParameter('body', 0, undefined) as IDataObject | undefined;
		const max = this.getNodeParameter('max', 0, 0) as number;
		const pageSize = this.getNodeParameter('pageSize', 0, 0) as number;
		const gate = new RateLimitGate();

		if (kind === 'offsetPages') {
			const voices = await collectOffsetPages(
				async (offset, limit) => {
					const page = (await convocoreApiRequest.call(
						this,
						{ method: 'GET', path, qs: { ...qs, offset, limit } },
						{ gate },
					)) as IDataObject;
					return {
						items: page.voices as IDataObject[],
						total: page.total as number,
						hasMore: page.hasMore as boolean,
					};
				},
				{ max, pageSize },
			);
			return [voices.map((json, item) => ({ json, pairedItem: { item: 0 }, index: item }))];
		}
		if (kind === 'cursorPages') {
			const metrics = await collectCursorPages(
				async (startAfterId, limit) => {
					const page = (await convocoreApiRequest.call(
						this,
						{
							method: 'GET',
							path,
							qs: { ...qs, limit, ...(startAfterId ? { startAfterId } : {}) },
						},
						{ gate },
					)) as IDataObject;
					return {
						items: page.metrics as Array<IDataObject & { id: string }>,
						total: page.total as number,
					};
				},
				{ max, pageSize },
			);
			return [metrics.map((json) => ({ json, pairedItem: { item: 0 } }))];
		}
		const result = await convocoreApiRequest.call(
			this,
			{ method, path, qs, body },
			{ gate, itemIndex: 0 },
		);
		return [[{ json: { result } as IDataObject, pairedItem: { item: 0 } }]];
	}
}
