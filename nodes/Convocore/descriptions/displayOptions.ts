import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** The `displayOptions.show` of a property: the resource and operation, and any condition of its own. */
export type Show = NonNullable<IDisplayOptions['show']>;

/**
 * The properties, each shown under `displayOptions` as well as under its own conditions, as
 * nodes-base's utils/utilities.ts does for its versioned nodes. The operation's conditions come
 * first and the property's own after them (`{ resource, operation, '@version' }`): the order the
 * node has always described them in, which the description's hash (test/load) holds. A property
 * keeps its `displayOptions` where it wrote them; one without them gets them last.
 */
export function updateDisplayOptions(
	displayOptions: IDisplayOptions,
	properties: INodeProperties[],
): INodeProperties[] {
	return properties.map((property) => {
		const own = property.displayOptions ?? {};
		const merged: IDisplayOptions = { ...displayOptions, ...own };
		if (displayOptions.show || own.show) merged.show = { ...displayOptions.show, ...own.show };
		if (displayOptions.hide || own.hide) merged.hide = { ...displayOptions.hide, ...own.hide };
		return { ...property, displayOptions: merged };
	});
}
