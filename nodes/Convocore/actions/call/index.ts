import type { ResourceDefinition } from '../types';
import { start } from './start.operation';

export const callResource: ResourceDefinition = {
	name: 'Call',
	value: 'call',
	description: 'Start outbound phone calls handled by a voice agent',
	operations: [
		{
			value: 'start',
			name: 'Start',
			action: 'Start a phone call',
			description:
				'Ring a phone number now with a voice agent. The call is real and billed per minute; it is never sent twice. Confirm the number before calling. Dry Run returns the request without calling.',
			operation: start,
		},
	],
};
