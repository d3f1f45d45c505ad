import type { INodeProperties } from 'n8n-workflow';

/**
 * Options > Dry Run of every operation that has one. `only` finishes "Whether to only …": what the
 * operation checks and returns, and what it then does not do (each operation says it in its own
 * words, which node versions 1 to 5 show as they were saved).
 */
export function dryRunOption(only: string): INodeProperties {
	return {
		displayName: 'Dry Run',
		name: 'dryRun',
		type: 'boolean',
		default: false,
		description: `Whether to only ${only}`,
	};
}

/** The words of the operations whose request carries a secret (Agent and Tool writes). */
export const REQUEST_WITH_SECRETS_REDACTED =
	'validate and return the exact request that would be sent (secrets shown as [redacted]), without sending it';

/** The words of the operations that delete (Lead > Delete All, Workspace > Delete). */
export const REQUEST_DELETING_NOTHING =
	'validate and return the exact request that would be sent, deleting nothing';

/** The words of Variable > Create, Update and Delete. */
export const REQUEST_WITH_ENV_VALUES_REDACTED =
	"validate and return the exact request that would be sent (an environment variable's value shown as [redacted]), without sending it";
