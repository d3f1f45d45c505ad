import { z } from 'zod';
import { bulkLeadSchema } from './leadImport';
import { lazy } from './lazy';

/**
 * Lead groups (agent-at-work spec section 3). A group is known by its name: the list gives only
 * `{ name, leadCount }`, so the name is also what Delete's `groupId` carries.
 */

const groupName = () =>
	z
		.string({
			required_error: 'is required',
			invalid_type_error: 'must be text (a lead group name)',
		})
		.trim()
		.min(1, 'is required')
		.max(100, 'must be at most 100 characters');

export const leadGroupNameSchema = lazy(groupName);

/**
 * `POST /agents/{agentId}/groups` `{ groupName, leads? }`: the OpenAPI leaves `leads` an untyped
 * array. Convocore's newer public MCP client (src/tools/lead-groups.ts) sends new lead objects
 * there (`{ userName, userPhone, userEmail, ... }`: the route creates them in the group, one step);
 * our 0.2 reading sends IDs of existing leads (Lead Group > Create). Both are accepted.
 */
export const createLeadGroupRequestSchema = lazy(() =>
	z
		.object({
			groupName: groupName(),
			leads: z.array(z.union([z.string().min(1), bulkLeadSchema])).optional(),
		})
		.strict(),
);
export type CreateLeadGroupRequest = z.output<typeof createLeadGroupRequestSchema>;

/** `PUT /agents/{agentId}/groups/{groupName}`: the lead IDs as one comma-separated string. */
export const addLeadsToGroupRequestSchema = lazy(() =>
	z
		.object({
			leadIds: z
				.string()
				.min(1, 'needs at least one lead ID')
				.refine(
					(ids) => ids === '' || !ids.split(',').some((id) => id.trim() === ''),
					'must not hold an empty lead ID',
				),
		})
		.strict(),
);
export type AddLeadsToGroupRequest = z.output<typeof addLeadsToGroupRequestSchema>;

export const deleteLeadGroupQuerySchema = lazy(() => z.object({ groupId: groupName() }).strict());

export const leadGroupSchema = lazy(() =>
	z.object({ name: z.string(), leadCount: z.number().optional() }).passthrough(),
);
/** `GET /agents/{agentId}/groups`: a bare array. */
export const leadGroupListSchema = lazy(() => z.array(leadGroupSchema));

export const leadGroupAnswerSchema = lazy(() => z.object({}).passthrough());

/**
 * `DELETE /agents/{agentId}/leads/group?groupId=`: published `{ success, message, deletedCount }`
 * (closed). The route's published name is "Delete Leads by Group" and the public MCP client uses it
 * to delete every lead of the group for good: `deletedCount` counts deleted leads.
 */
export const deleteLeadGroupAnswerSchema = lazy(() =>
	z
		.object({
			success: z.boolean().optional(),
			message: z.string().optional(),
			deletedCount: z.number().optional(),
		})
		.passthrough(),
);
