import type { IExecuteFunctions } from 'n8n-workflow';
import type { RequestScope } from '../../transport/retries';
import type { ConvocoreOperation } from '../types';
import {
	collectVoices,
	filtersProperty,
	paginationProperties,
	prepareVoiceList,
	type VoiceListPlan,
} from './common';

export const description = [filtersProperty('search', true), ...paginationProperties('search')];

export function prepare(this: IExecuteFunctions, itemIndex: number): VoiceListPlan {
	return prepareVoiceList(this, itemIndex, 'search', '/voices');
}

export async function execute(this: IExecuteFunctions, plan: VoiceListPlan, scope: RequestScope) {
	return await collectVoices.call(this, plan, scope);
}

/** GET /voices: voices of all providers (or the chosen ones), filtered, one item per voice. */
export const search: ConvocoreOperation<VoiceListPlan> = { description, prepare, execute };
