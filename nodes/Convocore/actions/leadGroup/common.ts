import type { INodeProperties } from 'n8n-workflow';
import { listOrIdLocator } from '../../descriptions/pickers';
import type { Show } from '../conversation/common';

/** The lead group picker: the chosen agent's groups by name (a group's name is its ID), or a name. */
export function leadGroupProperty(
	show: Show,
	description: string,
	name = 'groupName',
): INodeProperties {
	const locator = listOrIdLocator({
		displayName: 'Lead Group',
		name,
		description,
		show,
		searchListMethod: 'searchLeadGroups',
		listPlaceholder: 'Select a lead group…',
		idPlaceholder: 'e.g. webinar-leads-2026-11',
	});
	// The group is known by its name: "By Name" says so where the shared picker says "By ID".
	return {
		...locator,
		modes: locator.modes?.map((mode) =>
			mode.name === 'id' ? { ...mode, displayName: 'By Name' } : mode,
		),
	};
}
