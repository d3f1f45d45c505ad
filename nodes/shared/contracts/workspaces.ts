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
			id: z.string({ required_error: 'is required', invalid_type_error: 'must be text' }).min(1, 'is required'),
			workspaceName: z.string().optional(),
			name: z.string().optional(),
		})
		.passthrough(),
);
export type WorkspaceEntry = z.output<typeof workspaceEntrySchema>;

export const workspaceListContract = lazy(() => listingContract(workspaceEntrySchema, WORKSPACE_LIST_KEYS, 'workspaces'));

/** The entries of an answer that met workspaceListContract. */
export function workspacesIn(body: unknown): WorkspaceEntry[] {
	return (findList(body, WORKSPACE_LIST_KEYS) ?? []) as WorkspaceEntry[];
}

/** The name a workspace goes by in a picker: its name, else its ID. */
export function workspaceLabel(workspace: WorkspaceEntry): string {
	const name = [workspace.workspaceName, workspace.name].find((candidate) => typeof candidate === 'string' && candidate.trim());
	return name?.trim() ?? workspace.id;
}
