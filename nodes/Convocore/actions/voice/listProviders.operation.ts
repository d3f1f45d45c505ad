import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { RequestScope } from '../../transport/retries';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { fetchProviders } from './api';

export const description: INodeProperties[] = [
	timeoutOnlyOptions({ resource: ['voice'], operation: ['listProviders'] }),
];

export function prepare(this: IExecuteFunctions): null {
	return null;
}

export async function execute(this: IExecuteFunctions, _plan: null, scope: RequestScope) {
	const providers = await fetchProviders.call(this, scope);
	return providers.map((provider) => ({ json: provider }));
}

/**
 * GET /voices/providers: one item per provider, with the exact name of the workspace secret its
 * API key is stored under (`workspaceSecretKey`) and whether the workspace must supply that key
 * (`requiresWorkspaceApiKey`).
 */
export const listProviders: ConvocoreOperation<null> = { description, prepare, execute };
