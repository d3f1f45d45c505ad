import type { IExecuteFunctions } from 'n8n-workflow';
import { getVoiceParamsSchema } from '../../../shared/contracts/voice';
import type { RequestScope } from '../../transport/retries';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { fetchModels } from './api';
import { providerProperty } from './common';

export const description = [
	providerProperty('listModels'),
	timeoutOnlyOptions({ resource: ['voice'], operation: ['listModels'] }),
];

interface ListModelsPlan {
	provider: string;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): ListModelsPlan {
	return validate(
		this,
		getVoiceParamsSchema.pick({ provider: true }),
		{ provider: this.getNodeParameter('provider', itemIndex, '') },
		itemIndex,
		'provider',
	);
}

export async function execute(this: IExecuteFunctions, plan: ListModelsPlan, scope: RequestScope) {
	const models = await fetchModels.call(this, plan.provider, scope);
	return models.map((model) => ({ json: { provider: plan.provider, ...model } }));
}

/** GET /voices/{provider}/models: one item per text-to-speech model of the provider. */
export const listModels: ConvocoreOperation<ListModelsPlan> = { description, prepare, execute };
