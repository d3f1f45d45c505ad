import { z } from 'zod';
import { lazy } from './lazy';

/** Agent > Export Template and Import Template: the template and the two answers. */

/** Any JSON array, as the template's node, tool and variable lists are. */
const list = () => z.array(z.unknown(), { invalid_type_error: 'must be a JSON array' });

/**
 * The template of `GET /agents/{agentId}/export-template` and of `POST /agents/import-template`:
 * `workspaceId` required, the rest kept as it comes (the import takes other keys too).
 */
export const agentTemplateSchema = lazy(() =>
	z
		.object(
			{
				name: z.string({ invalid_type_error: 'must be text' }).optional(),
				description: z.string({ invalid_type_error: 'must be text' }).optional(),
				nodes: list().optional(),
				tools: list().optional(),
				variables: list().optional(),
				agentData: z.unknown().optional(),
				workspaceId: z
					.string({ required_error: 'is required', invalid_type_error: 'must be text' })
					.trim()
					.min(1, 'is required'),
			},
			{ required_error: 'is required', invalid_type_error: 'must be a JSON object' },
		)
		.passthrough(),
);
export type AgentTemplate = z.output<typeof agentTemplateSchema>;

/** The export answer: `{ agentTemplate }` (no envelope in the OpenAPI). */
export const exportTemplateAnswerSchema = lazy(() =>
	z.object({ agentTemplate: agentTemplateSchema }).passthrough(),
);
export type ExportTemplateAnswer = z.output<typeof exportTemplateAnswerSchema>;

/** An answer the OpenAPI leaves untyped (`POST /agents/import-template`): kept as it comes. */
export const untypedAnswerSchema = lazy(() => z.unknown());

/** `POST /agents/import-template`: the template and, optionally, the new name and the source agent. */
export const importTemplateRequestSchema = lazy(() =>
	z
		.object({
			agentTemplate: agentTemplateSchema,
			agentName: z
				.string({ invalid_type_error: 'must be text' })
				.trim()
				.min(1, 'must not be empty')
				.optional(),
			fromAgentId: z
				.string({ invalid_type_error: 'must be text' })
				.trim()
				.min(1, 'must not be empty')
				.optional(),
		})
		.strict(),
);
export type ImportTemplateRequest = z.output<typeof importTemplateRequestSchema>;
