import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteCampaign } from './delete.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { pause } from './pause.operation';
import { restart } from './restart.operation';
import { start } from './start.operation';
import { update } from './update.operation';

export const campaignResource: ResourceDefinition = {
	name: 'Campaign',
	value: 'campaign',
	description: "Create and run an agent's outbound calling campaigns on a lead group",
	operations: [
		{
			value: 'create',
			name: 'Create',
			action: 'Create a campaign',
			description: 'Create a paused outbound calling campaign on a lead group, with its metrics',
			operation: create,
		},
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete a campaign',
			description: 'Remove a campaign for good (its leads and conversations stay)',
			operation: deleteCampaign,
		},
		{
			value: 'get',
			name: 'Get',
			action: 'Get a campaign',
			description:
				'Read one campaign with its progress (contacted, successful, ongoing, missed, total). Read-only.',
			operation: get,
		},
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many campaigns of an agent',
			description: "List an agent's campaigns with their progress. Read-only.",
			operation: getAll,
		},
		{
			value: 'pause',
			name: 'Pause',
			action: 'Pause a campaign',
			description: 'Stop placing new calls; does nothing when the campaign is already paused',
			operation: pause,
		},
		{
			value: 'restart',
			name: 'Restart',
			action: 'Restart a campaign',
			description: 'Call every lead again from the first: places real, billed calls',
			operation: restart,
		},
		{
			value: 'start',
			name: 'Start',
			action: 'Start a campaign',
			description:
				"Start calling the group's leads: places real, billed calls. Does nothing when the campaign already runs.",
			operation: start,
		},
		{
			value: 'update',
			name: 'Update',
			action: 'Update a campaign',
			description: "Change a campaign's settings or add metrics",
			operation: update,
		},
	],
};
