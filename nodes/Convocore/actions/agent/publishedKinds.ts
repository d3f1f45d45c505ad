import { isAgentSecretKey } from '../../../shared/contracts/agent';
import {
	PUBLISHED_CREATE_BOOLEAN_FIELDS,
	PUBLISHED_CREATE_LIST_FIELDS,
	PUBLISHED_CREATE_NUMBER_FIELDS,
	PUBLISHED_CREATE_OBJECT_FIELDS,
	PUBLISHED_ENUM_FIELDS,
	PUBLISHED_UPDATE_ONLY_BOOLEAN_FIELDS,
	PUBLISHED_UPDATE_ONLY_ENUM_FIELDS,
	PUBLISHED_UPDATE_ONLY_LIST_FIELDS,
	PUBLISHED_UPDATE_ONLY_NUMBER_FIELDS,
	PUBLISHED_UPDATE_ONLY_OBJECT_FIELDS,
	PUBLISHED_UPDATE_ONLY_TEXT_LIST_FIELDS,
	PUBLISHED_UPDATE_ONLY_UNTYPED_FIELDS,
	PUBLISHED_UPDATE_FIELDS,
} from '../../../shared/contracts/agentPublishedFields';

/**
 * The editor's kind of a published agent field the seed's lists do not type (./fieldGroups.ts
 * asks those first): from the contract's published lists, so the editor and the contract agree.
 */

/** The closed lists of values the editor offers as options (`region`, `buttonsLayout`, ...). */
export const PUBLISHED_ENUMS: Record<string, readonly string[]> = {
	...PUBLISHED_ENUM_FIELDS,
	...PUBLISHED_UPDATE_ONLY_ENUM_FIELDS,
};

const NUMBER = new Set<string>([
	...PUBLISHED_CREATE_NUMBER_FIELDS,
	...PUBLISHED_UPDATE_ONLY_NUMBER_FIELDS,
]);
const BOOLEAN = new Set<string>([
	...PUBLISHED_CREATE_BOOLEAN_FIELDS,
	...PUBLISHED_UPDATE_ONLY_BOOLEAN_FIELDS,
]);
const JSON_FIELDS = new Set<string>([
	...PUBLISHED_CREATE_OBJECT_FIELDS,
	...PUBLISHED_CREATE_LIST_FIELDS,
	...PUBLISHED_UPDATE_ONLY_OBJECT_FIELDS,
	...PUBLISHED_UPDATE_ONLY_LIST_FIELDS,
	...PUBLISHED_UPDATE_ONLY_TEXT_LIST_FIELDS,
	...PUBLISHED_UPDATE_ONLY_UNTYPED_FIELDS,
]);

/** One of ./fieldGroups.ts's kinds, or undefined for a field the OpenAPI does not publish. */
export function publishedKindOf(
	field: string,
): 'model' | 'options' | 'number' | 'boolean' | 'json' | 'secret' | 'text' | undefined {
	if (!PUBLISHED_UPDATE_FIELDS.includes(field)) return undefined;
	if (field === 'vg_defaultModel') return 'model';
	if (field in PUBLISHED_ENUMS) return 'options';
	if (NUMBER.has(field)) return 'number';
	if (BOOLEAN.has(field)) return 'boolean';
	if (JSON_FIELDS.has(field)) return 'json';
	// Keys and tokens of integrations: password fields, redacted wherever the node outputs them.
	return isAgentSecretKey(field) ? 'secret' : 'text';
}
