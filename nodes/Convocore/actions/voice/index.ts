import type { ResourceDefinition } from '../types';
import { browse } from './browse.operation';
import { get } from './get.operation';
import { listModels } from './listModels.operation';
import { listProviders } from './listProviders.operation';
import { search } from './search.operation';

/** The voice catalog: discovery and preview of text-to-speech voices. Every call is a GET. */
export const voiceResource: ResourceDefinition = {
	name: 'Voice',
	value: 'voice',
	description: 'Find and preview text-to-speech voices. Read-only; consumes no credits.',
	operations: [
		{
			value: 'browse',
			name: 'Browse',
			action: "Browse a provider's voices",
			description:
				'List the voices of one text-to-speech provider, optionally filtered by language, gender, accent and model. Read-only; consumes no credits.',
			operation: browse,
		},
		{
			value: 'get',
			name: 'Get',
			action: 'Get a voice',
			description:
				"Get one voice's metadata (name, language, gender, accent, use case) and download its MP3 preview as a binary file. Read-only; consumes no credits.",
			operation: get,
		},
		{
			value: 'listModels',
			// Display name per n8n's UX guidelines; the stored value listModels stays as saved in 0.1.0.
			name: 'Get Models',
			action: "Get a provider's models",
			description:
				'List the text-to-speech models of one provider, e.g. to filter voices by model. Read-only; consumes no credits.',
			operation: listModels,
		},
		{
			value: 'listProviders',
			name: 'Get Providers',
			action: 'Get voice providers',
			description:
				"List the text-to-speech providers, with the workspace secret name each provider's API key is stored under and whether the workspace must supply that key. Read-only; consumes no credits.",
			operation: listProviders,
		},
		{
			value: 'search',
			name: 'Search',
			action: 'Search voices',
			description:
				'Search voices across all providers (or chosen ones) by language, gender, accent and model. Read-only; consumes no credits.',
			operation: search,
		},
	],
};
