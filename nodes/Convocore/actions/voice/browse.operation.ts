import type { IExecuteFunctions } from 'n8n-workflow';
import { getVoiceParamsSchema } from '../../../shared/contracts/voice';
import type { RequestScope } from '../../transport/retries';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { segment } from './api';
import {
	collectVoices,
	filtersProperty,
	paginationProperties,
	prepareVoiceList,
	providerProperty,
	type VoiceListPlan,
} from './common';

export const description = [
	providerProperty('browse'),
	filtersProperty('browse', false),
	...paginationProperties('browse'),
];

export function prepare(this: IExecuteFunctions, itemIndex: number): VoiceListPlan {
	const { provider } = validate(
		this,
		getVoiceParamsSchema.pick({ provider: true }),
		{ provider: this.getNodeParameter('provider', itemIndex, '') },
		itemIndex,
		'provider',
	);
	return prepareVoiceList(this, itemIndex, 'browse', `/voices/${segment(provider)}`);
}

export async function execute(this: IExecuteFunctions, plan: VoiceListPlan, scope: RequestScope) {
	return await collectVoices.call(this, plan, scope);
}

/** GET /voices/{provider}: one provider's catalog, filtered, one item per voice. */
export const browse: ConvocoreOperation<VoiceListPlan> = { description, prepare, execute };
