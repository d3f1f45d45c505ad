/**
 * A list field (URLs, tags, document IDs, URL patterns) given as text, split on commas and line
 * breaks, or as a list from an expression; either way entries are trimmed and blank ones dropped,
 * so that the two ways of giving the same list send the same thing. Entries that are not text are
 * handed on as they are, for the contract to judge; undefined when nothing is left.
 */
export function listFrom(value: unknown): unknown[] | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const entries = Array.isArray(value)
		? value.map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
		: typeof value === 'string'
			? value.split(/[,\n\r]+/).map((entry) => entry.trim())
			: [value];
	const kept = entries.filter((entry) => entry !== '');
	return kept.length ? kept : undefined;
}
