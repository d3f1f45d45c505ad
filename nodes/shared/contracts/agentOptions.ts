import { z } from 'zod';
import { lazy } from './lazy';
import { telcoField } from '../telco';
import { agentOverridesSchema } from './agentFields';
import { mcpServerSchema } from './agentNodes';
export const messageItemSchema = lazy(() =>
	z
		.object({
			role: z.enum(['user', 'assistant', 'system', 'tool']),
			content: z.string().optional(),
			name: z.string().optional(),
			timestamp: z.number().optional(),
			tool_call_id: z.string().optional(),
			tool_name: z.string().optional(),
			tool_calls: z.unknown().optional(),
		})
		.strict(),
);

export const serverDataSchema = lazy(() =>
	z
		.object({
			agentTools: z.array(z.unknown()).optional(),
			agentVariables: z.array(z.unknown()).optional(),
			agentOrg: z.unknown().optional(),
			agentClients: z.array(z.unknown()).optional(),
			orgTeams: z.array(z.unknown()).optional(),
			agentData: z.record(z.unknown()).optional(),
			workspaceData: z.unknown().optional(),
			[telcoField('AccountSid')]: z.string().optional(),
			[telcoField('AuthToken')]: z.string().optional(),
			assignedGlobalPrompts: z.array(z.string()).optional(),
		})
		// The spec says what serverData holds but not that other keys are refused.
		.passthrough(),
);

export const agentOptionsSchema = lazy(() =>
	z
		.object({
			serverData: serverDataSchema.optional(),
			supportWorkspaceAuthToken: z.string().optional(),
			overrideInitialPrompt: z.boolean().optional(),
			messagesHistory: z.array(messageItemSchema).optional(),
			messagesHistoryMergeMode: z.enum(['append', 'replace_system_context']).optional(),
			// The seed shows no item shape: the keys of the published nodes[].mcpServers[] item are
			// checked for their types (our reading); other keys go as given, as they always did.
			mcpServers: z.array(mcpServerSchema.passthrough()).optional(),
			schemaCrawlJobId: z.string().optional(),
			agentOverrides: agentOverridesSchema.optional(),
			toolsOverrides: z.array(z.unknown()).optional(),
			variablesOverrides: z.array(z.unknown()).optional(),
			callerInfo: z.unknown().optional(),
			callInfo: z.unknown().optional(),
			currentNode: z.string().optional(),
			awaitListenUrl: z.boolean().optional(),
		})
		.strict(),
);
export type AgentOptions = z.infer<typeof agentOptionsSchema>;
