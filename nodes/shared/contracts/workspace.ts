import { z } from 'zod';
import { findList, listingContract } from './common';
import { lazy } from './lazy';

/**
 * `GET /workspaces`: the workspaces the secret can see (agent-at-work spec §6). The spec leaves
 * the answer's shape open; read here as the other listings are: `{ success, data: [...] }` (or
 * the list bare, or under `workspaces`), each entry with an `id` and, where given, its
 * `workspaceName` (the field `POST /workspaces` takes) or `name`. Other fields are kept.
 */
export const WORKSPACE_LIST_KEYS = ['workspaces'] as const;

export const workspaceEntrySchema = lazy(() =>
	z
		.object({
			id: z
				.string({ required_error: 'is required', invalid_type_error: 'must be text' })
				.min(1, 'is required'),
			workspaceName: z.string().optional(),
			name: z.string().optional(),
		})
		.passthrough(),
);
export type WorkspaceEntry = z.output<typeof workspaceEntrySchema>;

export const workspaceListContract = lazy(() =>
	listingContract(workspaceEntrySchema, WORKSPACE_LIST_KEYS, 'workspaces'),
);

/** The entries of an answer that met workspaceListContract. */
export function workspacesIn(body: unknown): WorkspaceEntry[] {
	return (findList(body, WORKSPACE_LIST_KEYS) ?? []) as WorkspaceEntry[];
}

/** The name a workspace goes by in a picker: its name, else its ID. */
export function workspaceLabel(workspace: WorkspaceEntry): string {
	const name = [workspace.workspaceName, workspace.name].find(
		(candidate) => typeof candidate === 'string' && candidate.trim(),
	);
	return name?.trim() ?? workspace.id;
}

const emailList = () =>
	z.array(
		z
			.string({ invalid_type_error: 'must be text (an email address)' })
			.trim()
			.email('must be an email address'),
		{
			invalid_type_error: 'must be a list of email addresses',
		},
	);

const workspaceName = () =>
	z
		.string({
			required_error: 'is required',
			invalid_type_error: 'must be text (the workspace name)',
		})
		.trim()
		.min(1, 'is required');

/** `POST /workspaces` (agent-at-work spec §6): a name and, optionally, the members' emails. */
export const createWorkspaceRequestSchema = lazy(() =>
	z.object({ workspaceName: workspaceName(), workspaceEmails: emailList().optional() }).strict(),
);
export type CreateWorkspaceRequest = z.output<typeof createWorkspaceRequestSchema>;

export const marketplaceProfileSchema = lazy(() =>
	z
		.object({
			username: z.string({ invalid_type_error: 'must be text' }).optional(),
			description: z.string({ invalid_type_error: 'must be text' }).optional(),
			email: z
				.string({ invalid_type_error: 'must be text' })
				.trim()
				.email('must be an email address')
				.optional(),
			photoURL: z
				.string({ invalid_type_error: 'must be text' })
				.trim()
				.url('must be a full URL (e.g. https://example.com/logo.png)')
				.optional(),
		})
		.strict(),
);

/**
 * `PATCH /workspaces/{id}`: `{ updates }`, every field optional but at least one (an empty
 * update would only look like a change; the node refuses it before sending).
 */
export const updateWorkspaceRequestSchema = lazy(() =>
	z
		.object({
			updates: z
				.object({
					workspaceName: workspaceName().optional(),
					workspaceEmails: emailList().optional(),
					automaticBilling: z.boolean({ invalid_type_error: 'must be true or false' }).optional(),
					marketplaceProfile: marketplaceProfileSchema.optional(),
				})
				.strict()
				.refine((updates) => Object.keys(updates).length > 0, 'needs at least one field to change'),
		})
		.strict(),
);
export type UpdateWorkspaceRequest = z.output<typeof updateWorkspaceRequestSchema>;

export const workspaceIdSchema = lazy(() =>
	z
		.string({ required_error: 'is required', invalid_type_error: 'must be text (a workspace ID)' })
		.trim()
		.min(1, 'is required'),
);

/**
 * `GET /workspaces/{id}`, `POST` and `PATCH`: the spec leaves the record's shape open; read as the
 * envelope every other answer uses, `{ success, message, data }`, the record in `data` when there
 * is one (create and update may answer without).
 */
export const workspaceAnswerSchema = lazy(() =>
	z
		.object({
			success: z.boolean().optional(),
			message: z.string().optional(),
			data: z.unknown().optional(),
		})
		.passthrough(),
);
export const workspaceGetAnswerSchema = lazy(() =>
	z.object({ data: workspaceEntrySchema }).passthrough(),
);

/** `DELETE /workspaces/{id}`: `{ success, message }`. */
export const workspaceDeleteAnswerSchema = lazy(() =>
	z.object({ success: z.boolean().optional(), message: z.string().optional() }).passthrough(),
);
